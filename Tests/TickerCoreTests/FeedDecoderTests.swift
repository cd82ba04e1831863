import Testing

@testable import TickerCore

private func ms(_ value: Int64) -> Duration { .milliseconds(value) }
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

extension [FeedEvent] {
    fileprivate var commands: [FeedCommand] {
        compactMap { if case .command(let command, _) = $0 { command } else { nil } }
    }
    fileprivate var problems: [String] {
        compactMap { if case .problem(let problem) = $0 { problem.description } else { nil } }
    }
}

@Suite struct FeedDecoderTests {
    @Test func splitsLinesAcrossChunksAndStripsCarriageReturn() {
        var decoder = FeedDecoder()
        #expect(decoder.decode(bytes("title Ni"), now: ms(0)) == [])
        let events = decoder.decode(bytes("ght Run\r\nplay\n"), now: ms(10))
        #expect(events == [.command(.title("Night Run"), line: 1), .command(.play, line: 2)])
    }

    @Test func reportsBadLineAndKeepsGoing() {
        var decoder = FeedDecoder()
        let events = decoder.decode(bytes("# hello\n\ntitel X\nplay\n"), now: .zero)
        #expect(events.commands == [.play])
        #expect(
            events.problems == [
                "feed line 3: unknown command 'titel' (expected one of: title, artist, album, duration, text, "
                    + "position, play, pause, stop, lyrics, message, brightness, clear, picture, page) (in 'titel X')"
            ])
    }

    @Test func discardsOverlongLineOnceUpToNextNewline() {
        var decoder = FeedDecoder()
        let long = bytes("title ") + [UInt8](repeating: UInt8(ascii: "a"), count: 5_000)
        var events = decoder.decode(long.prefix(3_000), now: .zero)
        events += decoder.decode(long.dropFirst(3_000), now: ms(1))
        events += decoder.decode(bytes("\nplay\n"), now: ms(2))
        #expect(events.commands == [.play])
        #expect(
            events.problems == [
                "feed line 1: line longer than 4096 bytes discarded (in 'title \(String(repeating: "a", count: 34))')"
            ])
        guard case .command(_, let line)? = events.last else { return }
        #expect(line == 2)
    }

    @Test func acceptsLineOfExactlyTheLimit() {
        var decoder = FeedDecoder()
        let text = String(repeating: "b", count: 4_096 - 6)
        #expect(decoder.decode(bytes("title \(text)\n"), now: .zero).problems.count == 1)
        var limits = FeedDecoder.Limits()
        limits.maxLineBytes = 4_096
        let line = "text " + String(repeating: "c", count: 1_000) + String(repeating: " ", count: 3_091)
        #expect(line.utf8.count == 4_096)
        var exact = FeedDecoder(limits: limits)
        #expect(exact.decode(bytes(line + "\n"), now: .zero).commands == [.text(String(repeating: "c", count: 1_000))])
    }

    @Test func repairsInvalidUTF8AndReportsIt() {
        var decoder = FeedDecoder()
        let events = decoder.decode(bytes("title A") + [0xFF, 0xC3] + bytes("B\n"), now: .zero)
        #expect(events.commands == [.title("A\u{FFFD}\u{FFFD}B")])
        #expect(events.problems == ["feed line 1: invalid UTF-8 replaced with U+FFFD (in 'title A\u{FFFD}\u{FFFD}B')"])
    }

    @Test func rejectsLineWithNulByte() {
        var decoder = FeedDecoder()
        let events = decoder.decode(bytes("title A") + [0] + bytes("B\nplay\n"), now: .zero)
        #expect(events.commands == [.play])
        #expect(events.problems == ["feed line 1: line with NUL byte discarded (in 'title A\\0B')"])
    }

    @Test func dropsStaleFragmentWhenNewDataArrivesAfterTheGap() {
        var decoder = FeedDecoder()
        #expect(decoder.decode(bytes("title Half a li"), now: ms(0)) == [])
        let events = decoder.decode(bytes("play\n"), now: ms(501))
        #expect(events.commands == [.play])
        #expect(
            events.problems == [
                "feed line 1: incomplete line from a writer that stopped mid-line discarded (in 'title Half a li')"
            ])
    }

    @Test func keepsSlowWriterFragmentWithinTheTimeout() {
        var decoder = FeedDecoder()
        _ = decoder.decode(bytes("title Slo"), now: ms(0))
        _ = decoder.decode(bytes("w Wr"), now: ms(400))
        #expect(decoder.decode(bytes("iter\n"), now: ms(800)).commands == [.title("Slow Writer")])
    }

    @Test func flushStaleDropsFragmentOnlyAfterTimeout() {
        var decoder = FeedDecoder()
        _ = decoder.decode(bytes("pau"), now: ms(0))
        #expect(decoder.flushStale(now: ms(500)) == [])
        #expect(decoder.flushStale(now: ms(501)).problems.count == 1)
        #expect(decoder.decode(bytes("se\n"), now: ms(502)).problems.first?.contains("unknown command 'se'") == true)
    }

    @Test func gathersLyricsBlockIntoOneCommandAtEnd() {
        var decoder = FeedDecoder()
        var events = decoder.decode(bytes("lyrics begin\n[00:01.00]one\n"), now: ms(0))
        #expect(events == [])
        #expect(decoder.isInLyricsBlock)
        events = decoder.decode(bytes("[00:02.00]two\nlyrics end\n"), now: ms(100))
        #expect(events.commands.count == 1)
        guard case .lyrics(let lyrics)? = events.commands.first else {
            Issue.record("expected lyrics")
            return
        }
        #expect(lyrics.lines.map(\.text) == ["one", "two"])
        #expect(!decoder.isInLyricsBlock)
    }

    @Test func passesOtherCommandsThroughAnOpenBlock() {
        var decoder = FeedDecoder()
        let events = decoder.decode(
            bytes("lyrics begin\n[00:01.00]one\nposition 3\n\n[00:02.00]<00:02.00>two\nlyrics end\n"), now: .zero)
        #expect(events.commands.count == 2)
        #expect(events.commands.first == .position(.seconds(3)))
    }

    @Test func reportsLyricsProblemsWithFeedLineNumbers() {
        var decoder = FeedDecoder()
        let events = decoder.decode(
            bytes("play\nlyrics begin\n[00:01.00]a\nposition 1\n[00:99.00]b\nlyrics end\n"), now: .zero)
        #expect(
            events.problems == [
                "feed line 5: lyrics: bad timestamp '00:99.00' (expected mm:ss, mm:ss.xx or mm:ss.xxx) (in '[00:99.00]b')"
            ])
    }

    @Test func discardsUnterminatedBlockAfterTimeout() {
        var decoder = FeedDecoder()
        _ = decoder.decode(bytes("lyrics begin\n[00:01.00]one\n"), now: ms(0))
        #expect(decoder.flushStale(now: ms(2_000)) == [])
        let events = decoder.flushStale(now: ms(2_001))
        #expect(
            events.problems == [
                "feed line 1: lyrics block without 'lyrics end' discarded (no 'lyrics end' within 2.0 seconds); current lyrics kept (in 'lyrics begin')"
            ])
        #expect(!decoder.isInLyricsBlock)
        #expect(
            decoder.decode(bytes("lyrics end\n"), now: ms(2_002)).problems == [
                "feed line 3: 'lyrics end' without 'lyrics begin' (in 'lyrics end')"
            ])
    }

    @Test func newBeginDiscardsOpenBlock() {
        var decoder = FeedDecoder()
        let events = decoder.decode(
            bytes("lyrics begin\n[00:01.00]old\nlyrics begin\n[00:01.00]new\nlyrics end\n"), now: .zero)
        #expect(
            events.problems == [
                "feed line 1: lyrics block without 'lyrics end' discarded (a new 'lyrics begin' on line 3); current lyrics kept (in 'lyrics begin')"
            ])
        guard case .lyrics(let lyrics)? = events.commands.first else {
            Issue.record("expected lyrics")
            return
        }
        #expect(lyrics.lines.map(\.text) == ["new"])
    }

    @Test func discardsBlockBeyondItsLimitsAndSwallowsTheRest() {
        var limits = FeedDecoder.Limits()
        limits.maxLyricsLines = 2
        var decoder = FeedDecoder(limits: limits)
        let events = decoder.decode(
            bytes("lyrics begin\n[00:01.00]a\n[00:02.00]b\n[00:03.00]c\n[00:04.00]d\nlyrics end\nplay\n"), now: .zero)
        #expect(events.commands == [.play])
        #expect(
            events.problems == [
                "feed line 4: lyrics block longer than 2 lines or 65536 bytes discarded; current lyrics kept (in '[00:03.00]c')"
            ])
    }

    @Test func countsLinesSinceStart() {
        var decoder = FeedDecoder()
        _ = decoder.decode(bytes("play\n\n# c\n"), now: .zero)
        #expect(decoder.lineNumber == 3)
        #expect(decoder.decode(bytes("pause\n"), now: .zero) == [.command(.pause, line: 4)])
    }
}
