import Foundation
import Testing
import TickerWire

/// The test vectors of docs/PROTOCOL.md, byte for byte.
@Suite struct ProtocolVectorTests {
    struct CRCVector: CustomTestStringConvertible, Sendable {
        let name: String
        let input: [UInt8]
        let crc: UInt16
        var testDescription: String { name }
    }

    static let crcVectors = [
        CRCVector(name: "check value of 123456789", input: Array("123456789".utf8), crc: 0x29B1),
        CRCVector(name: "empty input keeps the initial value", input: [], crc: 0xFFFF),
    ]

    @Test(arguments: crcVectors)
    func crcMatchesDocumentedValue(_ vector: CRCVector) {
        #expect(CRC16.checksum(vector.input) == vector.crc)
    }

    @Test func crcFedInPiecesEqualsCRCOfTheWhole() {
        let whole = Array("123456789".utf8)
        let first = whole.withUnsafeBytes { CRC16.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<4])) }
        let both = whole.withUnsafeBytes {
            CRC16.checksum(UnsafeRawBufferPointer(rebasing: $0[4...]), startingAt: first)
        }
        #expect(both == 0x29B1)
    }

    struct COBSVector: CustomTestStringConvertible, Sendable {
        let name: String
        let decoded: [UInt8]
        let encoded: [UInt8]
        var testDescription: String { name }
    }

    static let cobsVectors = [
        COBSVector(name: "empty", decoded: [], encoded: hex("01")),
        COBSVector(name: "one zero", decoded: hex("00"), encoded: hex("01 01")),
        COBSVector(name: "two zeros", decoded: hex("00 00"), encoded: hex("01 01 01")),
        COBSVector(name: "zero 11 zero", decoded: hex("00 11 00"), encoded: hex("01 02 11 01")),
        COBSVector(name: "zero in the middle", decoded: hex("11 22 00 33"), encoded: hex("03 11 22 02 33")),
        COBSVector(name: "no zero", decoded: hex("11 22 33 44"), encoded: hex("05 11 22 33 44")),
        COBSVector(name: "trailing zeros", decoded: hex("11 00 00 00"), encoded: hex("02 11 01 01 01")),
        COBSVector(
            name: "254 non-zero bytes fill one block", decoded: Array(1...254),
            encoded: [0xFF] + Array(1...254)),
        COBSVector(
            name: "255 bytes starting with zero", decoded: Array(0...254),
            encoded: [0x01, 0xFF] + Array(1...254)),
        COBSVector(
            name: "255 non-zero bytes spill into a second block", decoded: Array(1...255),
            encoded: [0xFF] + Array(1...254) + [0x02, 0xFF]),
        COBSVector(
            name: "254 non-zero bytes then zero", decoded: Array(2...255) + [0],
            encoded: [0xFF] + Array(2...255) + [0x01, 0x01]),
        COBSVector(
            name: "253 non-zero bytes zero one", decoded: Array(3...255) + [0, 1],
            encoded: [0xFE] + Array(3...255) + [0x02, 0x01]),
    ]

    @Test(arguments: cobsVectors)
    func cobsEncodesAsDocumented(_ vector: COBSVector) {
        #expect(hexString(COBS.encode(vector.decoded)) == hexString(vector.encoded))
        #expect(vector.encoded.count <= COBS.maxEncodedCount(vector.decoded.count))
    }

    @Test(arguments: cobsVectors)
    func cobsDecodesAsDocumented(_ vector: COBSVector) throws {
        #expect(try COBS.decode(vector.encoded) == vector.decoded)
    }

    @Test func cobsRejectsBlockCutShort() {
        #expect(throws: WireError.truncatedBlock) { try COBS.decode(hex("05 11 22")) }
    }

    struct MessageVector: CustomTestStringConvertible, Sendable {
        let name: String
        let packet: String
        let wire: String
        let encode: @Sendable (inout PacketEncoder) throws -> Void
        var testDescription: String { name }
    }

    static let frame4x5 = hex("03 00 0C 00 30 00 C0 02")
    /// Red over green in column 0, blue over white in column 1.
    static let frame2x2rgb888 = hex("FF 00 00 00 FF 00 00 00 FF FF FF FF")
    static let frame2x2rgb565 = hex("00 F8 E0 07 1F 00 FF FF")

    static let messageVectors: [MessageVector] = [
        MessageVector(
            name: "hello", packet: "01 01 00 C8 9D", wire: "03 01 01 03 C8 9D 00",
            encode: { $0.encodeHello(sequence: 0) }),
        MessageVector(
            name: "brightness", packet: "01 20 05 80 1A CF", wire: "07 01 20 05 80 1A CF 00",
            encode: { $0.encodeBrightness(128, sequence: 5) }),
        MessageVector(
            name: "blank", packet: "01 21 06 AE BD", wire: "06 01 21 06 AE BD 00",
            encode: { $0.encodeBlank(sequence: 6) }),
        MessageVector(
            name: "full frame",
            packet: "01 10 01 04 00 05 02 03 00 0C 00 30 00 C0 02 B3 01",
            wire: "05 01 10 01 04 04 05 02 03 02 0C 02 30 05 C0 02 B3 01 00",
            encode: {
                try $0.encodeFullFrame(
                    frame4x5, geometry: PanelGeometry(width: 4, height: 5, bitsPerPixel: 2), sequence: 1)
            }),
        MessageVector(
            name: "column update", packet: "01 11 02 01 00 02 00 FF 03 01 00 DC A3",
            wire: "05 01 11 02 01 02 02 04 FF 03 01 03 DC A3 00",
            encode: {
                try $0.encodeColumns(
                    start: 1, columns: hex("FF 03 01 00"),
                    geometry: PanelGeometry(width: 4, height: 5, bitsPerPixel: 2), sequence: 2)
            }),
        MessageVector(
            name: "scroll", packet: "01 12 03 00 00 04 00 FF 2D A5", wire: "04 01 12 03 01 02 04 04 FF 2D A5 00",
            encode: {
                try $0.encodeScroll(
                    start: 0, count: 4, dx: -1, geometry: PanelGeometry(width: 4, height: 5, bitsPerPixel: 2),
                    sequence: 3)
            }),
        MessageVector(
            name: "info",
            packet: "01 81 00 80 00 10 02 3C 01 00 74 69 63 6B 65 72 70 61 6E 65 6C 20 31 2E 30 32 ED",
            wire: "03 01 81 02 80 05 10 02 3C 01 12 74 69 63 6B 65 72 70 61 6E 65 6C 20 31 2E 30 32 ED 00",
            encode: {
                try $0.encodeInfo(
                    DeviceInfo(
                        geometry: PanelGeometry(width: 128, height: 16, bitsPerPixel: 2), maxFramesPerSecond: 60,
                        capabilities: .scroll, firmwareName: "tickerpanel 1.0"),
                    sequence: 0)
            }),
        MessageVector(
            name: "full frame 2×2 at 24 bpp", packet: "01 10 04 02 00 02 18 FF 00 00 00 FF 00 00 00 FF FF FF FF 47 3E",
            wire: "05 01 10 04 02 04 02 18 FF 01 01 02 FF 01 01 07 FF FF FF FF 47 3E 00",
            encode: {
                try $0.encodeFullFrame(
                    frame2x2rgb888, geometry: PanelGeometry(width: 2, height: 2, bitsPerPixel: 24), sequence: 4)
            }),
        MessageVector(
            name: "full frame 2×2 at 16 bpp", packet: "01 10 05 02 00 02 10 00 F8 E0 07 1F 00 FF FF 6F 07",
            wire: "05 01 10 05 02 03 02 10 05 F8 E0 07 1F 05 FF FF 6F 07 00",
            encode: {
                try $0.encodeFullFrame(
                    frame2x2rgb565, geometry: PanelGeometry(width: 2, height: 2, bitsPerPixel: 16), sequence: 5)
            }),
        MessageVector(
            name: "column update at 24 bpp", packet: "01 11 06 01 00 01 00 FF FF 00 00 00 00 8E 38",
            wire: "05 01 11 06 01 02 01 03 FF FF 01 01 01 03 8E 38 00",
            encode: {
                try $0.encodeColumns(
                    start: 1, columns: hex("FF FF 00 00 00 00"),
                    geometry: PanelGeometry(width: 2, height: 2, bitsPerPixel: 24), sequence: 6)
            }),
        MessageVector(
            name: "info at 24 bpp", packet: "01 81 00 40 00 10 18 1E 00 00 72 67 62 DD D5",
            wire: "03 01 81 02 40 04 10 18 1E 01 06 72 67 62 DD D5 00",
            encode: {
                try $0.encodeInfo(
                    DeviceInfo(
                        geometry: PanelGeometry(width: 64, height: 16, bitsPerPixel: 24), maxFramesPerSecond: 30,
                        capabilities: [], firmwareName: "rgb"),
                    sequence: 0)
            }),
        MessageVector(
            name: "error", packet: "01 82 07 01 10 07 38 6A", wire: "09 01 82 07 01 10 07 38 6A 00",
            encode: { $0.encodeError(.badCRC, rejectedType: 0x10, rejectedSequence: 7, sequence: 7) }),
        MessageVector(
            name: "hello with version 2", packet: "02 01 09 00 E4", wire: "04 02 01 09 02 E4 00",
            encode: { $0.encodeRaw(version: 2, type: 0x01, sequence: 9, payload: []) }),
    ]

    @Test(arguments: messageVectors)
    func encoderWritesDocumentedBytes(_ vector: MessageVector) throws {
        var encoder = PacketEncoder()
        try vector.encode(&encoder)
        #expect(hexString(encoder.encoded) == vector.wire)
    }

    @Test(arguments: messageVectors)
    func wireBytesDecodeToDocumentedPacket(_ vector: MessageVector) throws {
        let wire = hex(vector.wire)
        #expect(wire.last == 0)
        #expect(wire.dropLast().allSatisfy { $0 != 0 })
        #expect(hexString(try COBS.decode(Array(wire.dropLast()))) == vector.packet)
    }

    @Test(arguments: messageVectors)
    func documentListsTheVector(_ vector: MessageVector) throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/PROTOCOL.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        #expect(document.contains("| `\(vector.packet)` | `\(vector.wire)` |"))
    }
}
