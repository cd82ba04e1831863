import Foundation
import Testing
import TickerCore

@testable import TickerWeb

@Suite struct LiveViewTests {
    static func frame(_ sequence: UInt64, level: UInt8 = 255) -> ViewFrame {
        ViewFrame(
            sequence: sequence, wallNanoseconds: 1_700_000_000_123_456_789, width: 2, height: 1, format: .grey,
            brightness: 200, pixels: [level, 0])
    }

    static func events(_ bytes: [UInt8]?) -> [String] {
        String(decoding: bytes ?? [], as: UTF8.self).split(separator: "\n\n").map(String.init)
    }

    @Test func aFrameIsAnEventWithItsNumberInstantAndPixels() throws {
        let text = String(decoding: Self.frame(7).event, as: UTF8.self)
        #expect(text.hasPrefix("id: 7\nevent: frame\ndata: "))
        #expect(text.hasSuffix("\n\n"))
        let data = try JSONValue.parse(Array(text.split(separator: "\n")[2].dropFirst(6).utf8))
        #expect(data["seq"] == .number(7))
        #expect(data["sent"] == .number(1_700_000_000_123.456))
        #expect(data["pixels"] == .string("/wA="))
        #expect(data["brightness"] == .number(200))
        #expect(data["color"] == .bool(false))
    }

    @Test(arguments: [
        ([], ""), ([0], "AA=="), ([0, 1], "AAE="), ([0, 1, 2], "AAEC"), ([255, 254, 253, 252], "//79/A=="),
    ])
    func base64(bytes: [UInt8], text: String) {
        #expect(Base64.encode(bytes) == text)
    }

    @Test func aViewerGetsTheStateThenEveryFrameInOrder() {
        let live = LiveView()
        var cursor = LiveView.Cursor()
        live.setState(.object(["daemon": .bool(true)]))
        for sequence in 1...3 { live.show(Self.frame(UInt64(sequence))) }
        let first = Self.events(live.next(after: &cursor, timeout: .milliseconds(1)))
        #expect(first.count == 4)
        #expect(first[0].hasPrefix("event: state"))
        #expect(first[1...].map { $0.prefix(5) } == ["id: 1", "id: 2", "id: 3"])
        // Nothing new: the wait ends empty at its timeout.
        #expect(live.next(after: &cursor, timeout: .milliseconds(1)) == [])
        live.show(Self.frame(4))
        #expect(Self.events(live.next(after: &cursor, timeout: .milliseconds(1))).map { $0.prefix(5) } == ["id: 4"])
    }

    @Test func aViewerThatFellBehindSkipsToTheNewest() {
        let live = LiveView()
        var cursor = LiveView.Cursor()
        live.show(Self.frame(1))
        _ = live.next(after: &cursor, timeout: .milliseconds(1))
        for sequence in 2...UInt64(LiveView.keptFrames + 10) { live.show(Self.frame(sequence)) }
        let events = Self.events(live.next(after: &cursor, timeout: .milliseconds(1)))
        #expect(events.map { $0.prefix(6) } == ["id: \(LiveView.keptFrames + 10)".prefix(6)])
    }

    @Test func aRestartedDaemonCountingFromOneIsFollowed() {
        let live = LiveView()
        var cursor = LiveView.Cursor()
        for sequence in 1...5 { live.show(Self.frame(UInt64(sequence))) }
        _ = live.next(after: &cursor, timeout: .milliseconds(1))
        live.show(Self.frame(1, level: 9))
        let events = Self.events(live.next(after: &cursor, timeout: .milliseconds(1)))
        #expect(events.count == 1 && events[0].hasPrefix("id: 1\n"))
    }

    @Test func theSameStateTwiceIsOneEvent() {
        let live = LiveView()
        var cursor = LiveView.Cursor()
        live.setState(.object(["a": .number(1)]))
        _ = live.next(after: &cursor, timeout: .milliseconds(1))
        live.setState(.object(["a": .number(1)]))
        #expect(live.next(after: &cursor, timeout: .milliseconds(1)) == [])
    }

    @Test func stoppingEndsEveryWait() {
        let live = LiveView()
        var cursor = LiveView.Cursor()
        live.stop()
        #expect(live.next(after: &cursor, timeout: .seconds(5)) == nil)
    }

    @Test func viewersAreCounted() {
        let live = LiveView()
        for _ in 0..<LiveView.maxViewers { #expect(live.admitViewer()) }
        #expect(!live.admitViewer())
        live.viewerLeft()
        #expect(live.admitViewer())
    }
}

@Suite struct LiveViewThreadTests {
    /// One thread shows frames while four streams wait on the view on threads of their own, as the connections'
    /// threads do: each stream sees the frames in order, the last one included.
    @Test func streamsOnTheirOwnThreadsSeeTheFramesInOrder() {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var sequences: [[UInt64]] = Array(repeating: [], count: 4)
        }
        let live = LiveView()
        let last: UInt64 = 400
        let seen = Seen()
        let done = DispatchGroup()
        let ready = DispatchSemaphore(value: 0)
        for reader in 0..<4 {
            done.enter()
            Thread {
                var cursor = LiveView.Cursor()
                var sequences: [UInt64] = []
                ready.signal()
                while sequences.last != last, let bytes = live.next(after: &cursor, timeout: .seconds(10)),
                    !bytes.isEmpty
                {
                    for event in String(decoding: bytes, as: UTF8.self).split(separator: "\n\n")
                    where event.hasPrefix("id: ") {
                        sequences.append(UInt64(event.dropFirst(4).prefix { $0 != "\n" }) ?? 0)
                    }
                }
                seen.lock.withLock { seen.sequences[reader] = sequences }
                done.leave()
            }.start()
        }
        for _ in 0..<4 { ready.wait() }
        for sequence in 1...last { live.show(LiveViewTests.frame(sequence)) }
        #expect(done.wait(timeout: .now() + 30) == .success, "every stream saw the last frame")
        for sequences in seen.sequences {
            #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count, "in order, each once")
            #expect(sequences.last == last)
        }
    }
}
