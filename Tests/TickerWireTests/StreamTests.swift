import Testing
import TickerWire

@Suite struct DeframerTests {
    /// Pushes every byte and collects the packets delivered and the errors thrown, in order.
    func run(_ deframer: inout Deframer, _ bytes: [UInt8]) -> [Result<[UInt8], WireError>] {
        var results: [Result<[UInt8], WireError>] = []
        for byte in bytes {
            do throws(WireError) {
                if try deframer.push(byte) == .packetReady {
                    results.append(.success(Array(deframer.packet)))
                }
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    @Test func deliversEachPacketAtItsDelimiter() {
        var deframer = Deframer(capacity: 16)
        let results = run(&deframer, hex("03 11 22 02 33 00 05 11 22 33 44 00"))
        #expect(results == [.success(hex("11 22 00 33")), .success(hex("11 22 33 44"))])
    }

    @Test func ignoresEmptyPackets() {
        var deframer = Deframer(capacity: 16)
        #expect(run(&deframer, hex("00 00 02 11 00 00")) == [.success(hex("11"))])
    }

    @Test func reportsOverflowOnceAndResynchronisesAtNextDelimiter() {
        var deframer = Deframer(capacity: 4)
        let long = [UInt8(0x09)] + Array(repeating: 0x55, count: 8)
        let results = run(&deframer, long + [0, 0x02, 0x77, 0])
        #expect(results == [.failure(.overflow(capacity: 4)), .success([0x77])])
    }

    @Test func reportsBlockCutShortByDelimiterAndCarriesOn() {
        var deframer = Deframer(capacity: 16)
        #expect(run(&deframer, hex("05 11 22 00 02 33 00")) == [.failure(.truncatedBlock), .success([0x33])])
    }

    @Test func garbageWithoutDelimiterNeverDeliversAPacket() {
        var deframer = Deframer(capacity: 8)
        let results = run(&deframer, Array(repeating: 0xA5, count: 100))
        #expect(results.allSatisfy { if case .failure = $0 { true } else { false } })
        #expect(deframer.isDiscarding)
    }

    @Test func discardForgetsHalfReceivedPacket() {
        var deframer = Deframer(capacity: 8)
        _ = run(&deframer, hex("05 11 22"))
        deframer.discard()
        #expect(run(&deframer, hex("02 44 00")) == [.success([0x44])])
    }
}

@Suite struct PacketEncoderTests {
    let geometry = try! PanelGeometry(width: 128, height: 16, bitsPerPixel: 2)

    @Test func fullFrameRoundTripsThroughCOBSAndCRC() throws {
        let pixels = (0..<geometry.frameByteCount).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var encoder = PacketEncoder(reservingFor: geometry)
        try encoder.encodeFullFrame(pixels, geometry: geometry, sequence: 42)
        let packet = try COBS.decode(Array(encoder.encoded.dropLast()))
        #expect(packet.count == 3 + 4 + 512 + 2)
        #expect(Array(packet[0..<7]) == [1, 0x10, 42, 128, 0, 16, 2])
        #expect(Array(packet[7..<519]) == pixels)
        #expect(CRC16.checksum(Array(packet[0..<519])) == UInt16(packet[519]) << 8 | UInt16(packet[520]))
        #expect(encoder.count <= geometry.fullFrameEncodedCount)
    }

    @Test func bufferIsReusedOnceItHasGrown() throws {
        var encoder = PacketEncoder()
        let pixels = [UInt8](repeating: 0xFF, count: geometry.frameByteCount)
        try encoder.encodeFullFrame(pixels, geometry: geometry, sequence: 0)
        let grown = encoder.capacity
        encoder.encodeHello(sequence: 1)
        try encoder.encodeFullFrame(pixels, geometry: geometry, sequence: 2)
        #expect(encoder.capacity == grown)
        #expect(encoder.encoded.last == 0)
    }

    @Test func columnsOfAWholeFrameAreSliced() throws {
        let small = try PanelGeometry(width: 4, height: 5, bitsPerPixel: 2)
        var whole = PacketEncoder()
        var sliced = PacketEncoder()
        try whole.encodeColumns(start: 1, count: 2, of: hex("03 00 FF 03 01 00 C0 02"), geometry: small, sequence: 2)
        try sliced.encodeColumns(start: 1, columns: hex("FF 03 01 00"), geometry: small, sequence: 2)
        #expect(whole.encoded == sliced.encoded)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let error: WireError
        let encode: @Sendable (inout PacketEncoder, PanelGeometry) throws -> Void
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "frame one byte short", error: .pixelCountMismatch(expected: 512, found: 511)) {
            try $0.encodeFullFrame([UInt8](repeating: 0, count: 511), geometry: $1, sequence: 0)
        },
        Refusal(name: "columns past the width", error: .columnRangeOutOfBounds(start: 127, count: 2, width: 128)) {
            try $0.encodeColumns(start: 127, columns: [UInt8](repeating: 0, count: 8), geometry: $1, sequence: 0)
        },
        Refusal(name: "half a column", error: .pixelCountMismatch(expected: 8, found: 6)) {
            try $0.encodeColumns(start: 0, columns: [UInt8](repeating: 0, count: 6), geometry: $1, sequence: 0)
        },
        Refusal(name: "empty column range", error: .columnRangeOutOfBounds(start: 0, count: 0, width: 128)) {
            try $0.encodeColumns(start: 0, columns: [], geometry: $1, sequence: 0)
        },
        Refusal(name: "scroll past the width", error: .columnRangeOutOfBounds(start: 100, count: 29, width: 128)) {
            try $0.encodeScroll(start: 100, count: 29, dx: 1, geometry: $1, sequence: 0)
        },
        Refusal(name: "scroll too far", error: .scrollDistanceOutOfRange(128)) {
            try $0.encodeScroll(start: 0, count: 128, dx: 128, geometry: $1, sequence: 0)
        },
    ]

    @Test(arguments: refusals)
    func refusesWhatTheWireCannotCarry(_ refusal: Refusal) {
        var encoder = PacketEncoder()
        #expect(throws: refusal.error) { try refusal.encode(&encoder, geometry) }
    }

    /// A sender that queues "the packet" after an encode that failed must find nothing to send, not the
    /// packet before it again.
    @Test(arguments: refusals)
    func aRefusedEncodeLeavesNoOlderPacketBehind(_ refusal: Refusal) {
        var encoder = PacketEncoder()
        encoder.encodeBrightness(40, sequence: 1)
        #expect(encoder.count > 0)
        #expect(throws: refusal.error) { try refusal.encode(&encoder, geometry) }
        #expect(encoder.count == 0)
        #expect(encoder.encoded.isEmpty)
        encoder.withEncoded { #expect($0.isEmpty) }
    }

    @Test(arguments: [(0, 8, 2), (65536, 8, 1), (8, 0, 1), (8, 256, 1), (8, 8, 3), (8, 8, 12), (8, 8, 32)])
    func geometryOutsideTheProtocolIsRefused(width: Int, height: Int, bits: Int) {
        #expect(throws: WireError.invalidGeometry(width: width, height: height, bitsPerPixel: bits)) {
            _ = try PanelGeometry(width: width, height: height, bitsPerPixel: bits)
        }
    }

    @Test func errorsReadAsSentences() {
        #expect(WireError.unknownType(0x42).description == "unknown message type 0x42")
        #expect(WireError.badCRC(expected: 0x29B1, found: 0x0000).description == "bad CRC 0x0000 (expected 0x29B1)")
        #expect(WireErrorCode(rawValue: 0xEE).name == "code 0xEE")
    }
}

@Suite struct DeviceMessageReaderTests {
    func read(_ bytes: [UInt8]) -> [Result<DeviceMessage, WireError>] {
        var reader = DeviceMessageReader()
        var results: [Result<DeviceMessage, WireError>] = []
        for byte in bytes {
            do throws(WireError) {
                if let message = try reader.push(byte) { results.append(.success(message)) }
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    @Test func decodesInfo() throws {
        let results = read(
            hex("03 01 81 02 80 05 10 02 3C 01 12 74 69 63 6B 65 72 70 61 6E 65 6C 20 31 2E 30 32 ED 00"))
        let expected = try DeviceInfo(
            geometry: PanelGeometry(width: 128, height: 16, bitsPerPixel: 2), maxFramesPerSecond: 60,
            capabilities: .scroll, firmwareName: "tickerpanel 1.0")
        #expect(results == [.success(.info(expected, sequence: 0))])
    }

    @Test func decodesError() {
        let report = DeviceErrorReport(code: .badCRC, rejectedType: .fullFrame, rejectedSequence: 7, sequence: 7)
        #expect(read(hex("09 01 82 07 01 10 07 38 6A 00")) == [.success(.error(report))])
    }

    @Test func reportsDamagedMessageAndReadsTheNextOne() {
        let results = read(hex("09 01 82 07 01 10 07 38 6B 00 09 01 82 07 01 10 07 38 6A 00"))
        #expect(results.count == 2)
        #expect(results.first == .failure(.badCRC(expected: 0x386A, found: 0x386B)))
        if case .success(.error(let report)) = results.last {
            #expect(report.code == .badCRC)
        } else {
            Issue.record("expected the second message to decode, got \(results)")
        }
    }

    @Test func refusesHostMessagesAndOverlongNames() {
        var encoder = PacketEncoder()
        encoder.encodeHello(sequence: 0)
        #expect(read(Array(encoder.encoded)) == [.failure(.unknownType(0x01))])
        encoder.encodeRaw(
            type: 0x81, sequence: 0, payload: [128, 0, 16, 2, 60, 0, 0] + Array(repeating: 0x41, count: 33))
        #expect(read(Array(encoder.encoded)) == [.failure(.overflow(capacity: 44))])
    }
}
