import Testing

@testable import TickerCore

@Suite struct ViewMessageTests {
    static func frameRecord(width: UInt16, height: UInt16, format: UInt8, pixels: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x46, 1, 7, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]
        bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), format, 200]
        return bytes + [UInt8](repeating: 9, count: pixels)
    }

    @Test func greyFrameIsLaidOutByteForByteAsDocumented() throws {
        var picture = Picture(width: 3, height: 2, depth: .two, color: false)
        picture.frame[0, 0] = 3
        picture.frame[1, 0] = 1
        picture.frame[2, 1] = 2
        var record: [UInt8] = []
        ViewMessage.encodeFrame(
            picture, sequence: 0x0102, wallNanoseconds: 0x1122_3344_5566_7788, brightness: 128, into: &record)
        #expect(
            record == [
                0x46, 1, 0x02, 0x01, 0, 0, 0, 0, 0, 0, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 3, 0, 2, 0, 0,
                128, 255, 85, 0, 0, 0, 170,
            ])
        let decoded = try ViewMessage(decoding: record)
        #expect(
            decoded
                == .frame(
                    ViewFrame(
                        sequence: 0x0102, wallNanoseconds: 0x1122_3344_5566_7788, width: 3, height: 2, format: .grey,
                        brightness: 128, pixels: [255, 85, 0, 0, 0, 170])))
    }

    @Test(arguments: PixelDepth.allCases)
    func greyLevelsAreScaledPixelForPixelAtEveryDepth(depth: PixelDepth) throws {
        var picture = Picture(width: 5, height: 7, depth: depth, color: false)
        var random = SplitMix(seed: UInt64(depth.bits))
        for y in 0..<7 {
            for x in 0..<5 { picture.frame[x, y] = UInt8(truncatingIfNeeded: random.next()) & depth.maxLevel }
        }
        var record: [UInt8] = []
        ViewMessage.encodeFrame(picture, sequence: 1, wallNanoseconds: 0, brightness: 0, into: &record)
        let expected = (0..<7).flatMap { y in
            (0..<5).map { x in UInt8(Int(picture.frame[x, y]) * 255 / Int(depth.maxLevel)) }
        }
        #expect(Array(record.dropFirst(24)) == expected)
    }

    @Test func colourFrameCarriesTheColoursRowByRow() throws {
        var picture = Picture(width: 2, height: 1, depth: .eight, color: true)
        picture.colors[1, 0] = RGB(red: 1, green: 2, blue: 3)
        var record: [UInt8] = []
        ViewMessage.encodeFrame(picture, sequence: 1, wallNanoseconds: 0, brightness: 255, into: &record)
        guard case .frame(let frame) = try ViewMessage(decoding: record) else {
            Issue.record("not a frame")
            return
        }
        #expect(frame.format == .color && frame.width == 2 && frame.height == 1)
        #expect(frame.pixels == [0, 0, 0, 1, 2, 3])
    }

    @Test func statusProblemAndCoverRoundTrip() throws {
        var status = ViewStatus()
        status.device = "/dev/ttyACM0"
        status.connected = true
        status.status = "panel 'x' connected"
        status.width = 64
        status.height = 16
        status.fps = 30
        status.levels = 4
        status.framesSent = 1234
        status.framesSkipped = 5
        status.lyric = "Sing \"it\" — ünïcödé"
        let messages: [ViewMessage] = [
            .status(status),
            .problem(ViewProblem(time: 1_700_000_000.25, level: .warning, text: "feed: unknown command 'titel'")),
            .cover(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6]),
            .cover(width: 0, height: 0, pixels: []),
        ]
        for message in messages {
            #expect(try ViewMessage(decoding: message.encoded) == message)
        }
        #expect(ViewMessage.status(status).encoded.first == 0x53)
        let text = String(decoding: ViewMessage.status(status).encoded.dropFirst(), as: UTF8.self)
        #expect(text.contains(#""framesSent":1234"#) && text.contains(#""device":"/dev/ttyACM0""#))
    }

    struct BadRecord: CustomTestStringConvertible, Sendable {
        let id: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        BadRecord(id: "empty", bytes: [], message: "empty view record"),
        BadRecord(
            id: "unknown kind", bytes: [0x58, 1], message: "unknown view record kind 0x58 (expected one of: F, S, P, C)"
        ),
        BadRecord(
            id: "frame header cut", bytes: [0x46, 1, 0],
            message: "frame record of 3 bytes is cut short (its header takes 24)"),
        BadRecord(
            id: "frame version", bytes: [0x46, 2] + [UInt8](repeating: 0, count: 22),
            message: "frame record of version 2 (expected 1)"),
        BadRecord(
            id: "frame format", bytes: frameRecord(width: 1, height: 1, format: 7, pixels: 1),
            message: "frame record of pixel format 7 (expected 0, grey, or 1, colour)"),
        BadRecord(
            id: "frame pixels short", bytes: frameRecord(width: 4, height: 2, format: 1, pixels: 23),
            message: "frame record of 4×2 has 47 bytes (expected 48)"),
        BadRecord(
            id: "frame claims a huge size", bytes: frameRecord(width: 65535, height: 65535, format: 1, pixels: 0),
            message: "frame record of 65535×65535 has 24 bytes (expected 12884508699)"),
        BadRecord(
            id: "cover cut", bytes: [0x43, 1, 0], message: "cover record of 3 bytes is cut short (its header takes 5)"),
        BadRecord(
            id: "cover pixels long", bytes: [0x43, 1, 0, 1, 0, 1, 2, 3, 4],
            message: "cover record of 1×1 has 9 bytes (expected 8)"),
        BadRecord(
            id: "status not JSON", bytes: [0x53] + Array("{".utf8),
            message:
                "status record is not a JSON object: JSON: the end of the text at byte 1 (expected a key)"
        ),
        BadRecord(
            id: "status an array", bytes: [0x53] + Array("[]".utf8),
            message: "status record is not a JSON object: not an object"),
        BadRecord(
            id: "status lacks a field", bytes: [0x53] + Array(#"{"device":""}"#.utf8),
            message: "status record lacks 'connected'"),
        BadRecord(
            id: "problem level", bytes: [0x50] + Array(#"{"time":1,"level":"panic","text":"x"}"#.utf8),
            message: "problem record's 'level' is not 'warning' or 'error'"),
        BadRecord(
            id: "problem time", bytes: [0x50] + Array(#"{"time":"now","level":"error","text":"x"}"#.utf8),
            message: "problem record's 'time' is not a number"),
    ])
    func refusesHostileRecordsWithASentence(_ record: BadRecord) {
        #expect(throws: ViewMessageError.self) { try ViewMessage(decoding: record.bytes) }
        do {
            _ = try ViewMessage(decoding: record.bytes)
        } catch {
            #expect(error.description == record.message)
        }
    }

    @Test func refusesARecordLongerThanAnyPanel() {
        let bytes = [UInt8](repeating: 0x46, count: ViewMessage.maxBytes + 1)
        #expect(throws: ViewMessageError.tooLong(bytes: ViewMessage.maxBytes + 1, limit: ViewMessage.maxBytes)) {
            try ViewMessage(decoding: bytes)
        }
    }

    @Test func reusesTheRecordBufferForASteadyStream() {
        let picture = Picture(width: 64, height: 16, depth: .two, color: false)
        var record: [UInt8] = []
        ViewMessage.encodeFrame(picture, sequence: 1, wallNanoseconds: 0, brightness: 1, into: &record)
        let capacity = record.capacity
        ViewMessage.encodeFrame(picture, sequence: 2, wallNanoseconds: 0, brightness: 1, into: &record)
        #expect(record.count == 24 + 64 * 16 && record.capacity == capacity)
    }
}
