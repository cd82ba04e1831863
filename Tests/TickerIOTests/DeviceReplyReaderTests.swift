import Testing
import TickerWire

@testable import TickerIO

/// Encodes one device packet with `body` and returns its bytes on the wire (COBS and delimiter included).
private func packet(_ body: (inout PacketEncoder) -> Void) -> [UInt8] {
    var encoder = PacketEncoder()
    body(&encoder)
    return Array(encoder.encoded)
}

private func info(depth: UInt8 = 2, name: [UInt8] = Array("panel".utf8)) -> [UInt8] {
    packet { $0.encodeRaw(type: 0x81, sequence: 1, payload: [16, 0, 8, depth, 60, 0, 0] + name) }
}

/// Feeds `bytes` to a reader and returns what it made of them.
private func events(_ bytes: [UInt8]) -> [DeviceReplyReader.Event] {
    var reader = DeviceReplyReader(capacity: 512)
    return bytes.compactMap { reader.push($0) }
}

@Suite struct DeviceReplyReaderTests {
    struct BadReply: CustomTestStringConvertible, Sendable {
        let id: String
        let bytes: [UInt8]
        let kind: DeviceReplyProblem
        let message: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        BadReply(
            id: "info with a 200-byte firmware name",
            bytes: info(name: [UInt8](repeating: UInt8(ascii: "x"), count: 200)), kind: .badInfo,
            message: "payload of 207 bytes is the wrong length for message type 0x81"),
        BadReply(
            id: "info with a depth of 3", bytes: info(depth: 3), kind: .badInfo,
            message:
                "invalid geometry 16x8 at 3 bits per pixel (expected width 1-65535, height 1-255, 1, 2, 4, 8, 16 or 24 bits)"
        ),
        BadReply(
            id: "info whose name grows past 32 bytes as UTF-8",
            bytes: info(name: [UInt8](repeating: 0xFF, count: 32)), kind: .badInfo,
            message: "firmware name of 96 bytes (expected at most 32)"),
        BadReply(
            id: "error of one byte", bytes: packet { $0.encodeRaw(type: 0x82, sequence: 4, payload: [1]) },
            kind: .badError, message: "payload of 1 bytes is the wrong length for message type 0x82"),
        BadReply(
            id: "a hello echoed back", bytes: packet { $0.encodeHello(sequence: 3) }, kind: .unexpected,
            message: "unknown message type 0x01"),
        BadReply(
            id: "another protocol version",
            bytes: packet { $0.encodeRaw(version: 2, type: 0x82, sequence: 4, payload: [1, 2, 3]) }, kind: .unexpected,
            message: "unknown protocol version 0x02 (expected 0x01)"),
        BadReply(
            id: "bad CRC", bytes: [0x06, 0x01, 0x82, 0x04, 0xAA, 0xBB, 0x00], kind: .damaged,
            message: "bad CRC 0xAABB (expected 0xC6D2)"),
        BadReply(
            id: "too short", bytes: [0x04, 0x01, 0x82, 0x04, 0x00], kind: .damaged,
            message: "packet of 3 bytes is too short (expected at least 5: version, type, sequence, CRC)"),
        BadReply(
            id: "COBS block cut short", bytes: [0x09, 0x01, 0x02, 0x00], kind: .garbage,
            message: "COBS block cut short by the delimiter (dropped)"),
        BadReply(
            id: "no delimiter for 600 bytes", bytes: [UInt8](repeating: 0x41, count: 600) + [0], kind: .garbage,
            message: "packet longer than the receive buffer of 512 bytes (dropped until the next 0x00)"),
    ])
    func dropsABadReplyAndSaysWhatWasWrong(_ example: BadReply) {
        var reader = DeviceReplyReader(capacity: 512)
        let seen = example.bytes.compactMap { reader.push($0) }
        guard seen.count == 1, case .problem(let kind, let error) = seen[0] else {
            Issue.record("expected one problem, got \(seen)")
            return
        }
        #expect(kind == example.kind)
        #expect(error.description == example.message)
        #expect(reader.count(of: example.kind) == 1)
        #expect(reader.problemCounts.reduce(0, +) == 1)
    }

    @Test func decodesTheNextGoodPacketAfterGarbage() throws {
        let good = try DeviceInfo(
            geometry: PanelGeometry(width: 16, height: 8, bitsPerPixel: 2), maxFramesPerSecond: 60, capabilities: [],
            firmwareName: "panel")
        let garbage: [UInt8] = [0x41, 0x42, 0x00, 0x09, 0x01, 0x00] + info(depth: 3)
        let seen = events(garbage + packet { $0.encodeInfo(good, sequence: 9) })
        #expect(seen.count == 4)
        #expect(seen.last == .message(.info(good, sequence: 9)))
    }

    @Test func countsEachKindOnItsOwn() {
        var reader = DeviceReplyReader(capacity: 512)
        let badError = packet { $0.encodeRaw(type: 0x82, sequence: 4, payload: [1]) }
        for byte in Array(repeating: badError, count: 5).flatMap({ $0 }) + info(depth: 3) { _ = reader.push(byte) }
        #expect(reader.count(of: .badError) == 5)
        #expect(reader.count(of: .badInfo) == 1)
        #expect(reader.count(of: .garbage) == 0)
    }
}

@Suite struct ProblemLogLimiterTests {
    func ms(_ value: Int64) -> Duration { .milliseconds(value) }

    @Test func logsTheFirstFewOfEachKindThenSummarisesOnceAMinute() {
        var limiter = ProblemLogLimiter<DeviceReplyProblem>(firstLogged: 3, summaryInterval: .seconds(60))
        var decisions: [ProblemLogLimiter<DeviceReplyProblem>.Decision] = []
        // A flood: one garbage run every millisecond for two and a half minutes.
        for index in 0..<150_000 { decisions.append(limiter.record(.garbage, at: ms(Int64(index)))) }
        let lines = decisions.filter { $0 != .quiet }
        #expect(
            lines == [
                .log(isLastBeforeQuiet: false), .log(isLastBeforeQuiet: false), .log(isLastBeforeQuiet: true),
                .summary(suppressed: 60_000, since: ms(2)), .summary(suppressed: 60_000, since: ms(60_002)),
            ])
    }

    @Test func aFloodOfOneKindDoesNotSilenceAnother() {
        var limiter = ProblemLogLimiter<DeviceReplyProblem>()
        for index in 0..<1_000 { _ = limiter.record(.badError, at: ms(Int64(index))) }
        #expect(limiter.record(.badInfo, at: ms(1_000)) == .log(isLastBeforeQuiet: false))
    }
}

@Suite struct LinkStatisticsTests {
    @Test func summarisesBadRepliesByKind() {
        var statistics = LinkStatistics()
        #expect(statistics.badRepliesSummary == "")
        for kind in [DeviceReplyProblem.garbage, .garbage, .damaged, .badInfo] { statistics.count(kind) }
        #expect(statistics.badReplies == 4)
        #expect(statistics.badRepliesSummary == "4 bad replies from the panel (2 garbage, 1 damaged, 1 bad info)")
    }
}
