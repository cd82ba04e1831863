import Testing

@testable import TickerCore

private func s(_ value: Double) -> Duration { .microseconds(Int64((value * 1_000_000).rounded())) }

/// The kept state: what the daemon writes of its state, read back and applied in the next process, the time
/// between the two on the wall clock.
@Suite struct KeptStateTests {
    /// A wall-clock instant (since the epoch) at which a kept state is written.
    static let written = s(1_718_000_000.25)

    static let lrc = """
        [ar:The Echoes]
        [offset:+200]
        [00:12.00]<00:12.00>City <00:12.50>lights <00:13.10>are <00:13.40>calling<00:14.20>
        [00:15.00][01:30.00]We run where the night begins
        [00:19.50]
        [00:24.00]Hold on to the echo
        """

    /// A state as the feed builds it at monotonic instants around 100 s.
    static func playing() -> PlayerState {
        var state = PlayerState()
        state.apply(.title("Night Run — «live»"), at: s(100))
        state.apply(.artist("The Echoes"), at: s(100))
        state.apply(.album("Signals"), at: s(100))
        state.apply(.duration(s(214.5)), at: s(100))
        state.apply(.lyrics(Lyrics.parse(lrc)), at: s(100))
        state.apply(.position(s(10)), at: s(100))
        state.apply(.play, at: s(100))
        state.apply(.brightness(30), at: s(101))
        return state
    }

    /// Keeps `state` at monotonic `now` (wall clock `written`), writes and reads the file, and applies it
    /// `elapsed` later in a new state whose clock reads `restoredAt` then; returns the new state.
    static func restored(
        _ state: PlayerState, at now: Duration, after elapsed: Duration, idleAfter: Duration? = s(300),
        restoredAt: Duration = s(5_000)
    ) throws -> PlayerState {
        let kept = KeptState(
            written: written, commands: KeptState.commands(for: state, at: now, keepingTrack: true))
        let read = try KeptState(file: Array(kept.text.utf8))
        #expect(read.written == kept.written && read.text == kept.text)
        let restoration = read.restoration(at: written + elapsed, idleAfter: idleAfter)
        var next = PlayerState()
        next.restore(restoration.commands, at: restoredAt - restoration.age, now: restoredAt)
        return next
    }

    @Test func theFileIsFeedLinesAfterAHeaderWithTheInstant() {
        var state = PlayerState()
        state.apply(.title("Hi"), at: s(1))
        state.apply(.message("--dashes", duration: s(10), priority: .high), at: s(1))
        let kept = KeptState(
            written: Self.written, commands: KeptState.commands(for: state, at: s(3), keepingTrack: true))
        #expect(
            kept.text == """
                # tickerd kept state, written at 1718000000.250000
                title Hi
                message --for 8 --priority high -- --dashes

                """)
    }

    @Test func whatIsRestoredIsWhatWasKept() throws {
        let state = Self.playing()
        let next = try Self.restored(state, at: s(105), after: .zero)
        #expect(next.title == state.title && next.artist == state.artist && next.album == state.album)
        #expect(next.duration == state.duration)
        #expect(Self.sameSong(next.lyrics, state.lyrics), "the same lines, word times, ends and pace")
        #expect(Self.sameSong(next.sentLyrics, state.sentLyrics), "the last line still open before the duration")
        #expect(next.lyrics.lines.map(\.start) == [s(11.8), s(14.8), s(23.8), s(89.8)])
        #expect(next.brightness == 30)
        #expect(next.playback == .playing)
        #expect(next.text == "")
    }

    @Test func aPlayingPositionMovesOnByTheTimeThatPassed() throws {
        let next = try Self.restored(Self.playing(), at: s(102.5), after: s(7.25))
        // 12.5 s when kept, 7.25 s later.
        #expect(next.playbackPosition(at: s(5_000)) == s(19.75))
        #expect(next.playbackPosition(at: s(5_001)) == s(20.75), "and the clock runs on")
    }

    @Test func aPausedPositionStaysWhereItWas() throws {
        var state = Self.playing()
        state.apply(.pause, at: s(102.5))
        let next = try Self.restored(state, at: s(104), after: s(60))
        #expect(next.playback == .paused)
        #expect(next.playbackPosition(at: s(5_000)) == s(12.5))
        #expect(next.playbackPosition(at: s(5_100)) == s(12.5))
    }

    @Test func aPositionPastTheDurationHoldsAtItsEnd() throws {
        let next = try Self.restored(Self.playing(), at: s(105), after: s(250))
        #expect(next.playbackPosition(at: s(5_000)) == s(214.5))
    }

    @Test func messagesKeepOnlyTheTimeTheyHadLeft() throws {
        var state = Self.playing()
        state.apply(.message("Doorbell", duration: s(10), priority: .high), at: s(101))
        state.apply(.message("Tea", duration: s(60), priority: .normal), at: s(102))
        state.apply(.message("Later", duration: s(60), priority: .normal), at: s(103))
        // Kept at 105 s (6 s, 58 s and 58 s left), read 3 s later.
        let next = try Self.restored(state, at: s(105), after: s(3))
        #expect(next.messages.map(\.text) == ["Doorbell", "Tea", "Later"])
        #expect(next.activeMessage(at: s(5_000))?.text == "Doorbell")
        #expect(next.activeMessage(at: s(5_000) + s(2.999))?.text == "Doorbell")
        #expect(next.activeMessage(at: s(5_000) + s(3))?.text == "Later", "the newest of the normal ones after it")
        #expect(next.activeMessage(at: s(5_000) + s(54.999))?.text == "Later")
        #expect(next.activeMessage(at: s(5_000) + s(55)) == nil)
    }

    @Test func messagesThatExpiredMeanwhileAreDropped() throws {
        var state = Self.playing()
        state.apply(.message("Short", duration: s(4), priority: .high), at: s(104))
        state.apply(.message("Gone already", duration: s(1), priority: .normal), at: s(100))
        let kept = KeptState.commands(for: state, at: s(105), keepingTrack: true)
        #expect(!kept.contains { $0.encode().contains("Gone already") }, "expired before it was kept")
        let next = try Self.restored(state, at: s(105), after: s(3.5))
        #expect(next.messages.isEmpty)
        #expect(next.activeMessage(at: s(5_000)) == nil)
        #expect(next.title == "Night Run — «live»")
    }

    @Test func aKeptStateOlderThanIdleAfterRestoresNoTrack() throws {
        var state = Self.playing()
        state.apply(.message("All day", duration: s(3_600), priority: .normal), at: s(105))
        let next = try Self.restored(state, at: s(105), after: s(300.5), idleAfter: s(300))
        #expect(next.title.isEmpty && next.artist.isEmpty && next.lyrics.isEmpty && next.duration == nil)
        #expect(next.playback == .stopped)
        #expect(next.brightness == 30, "a setting, kept whatever its age")
        #expect(next.activeMessage(at: s(5_000))?.text == "All day", "a message with time left")
        #expect(next.activeMessage(at: s(5_000) + s(3_299.4)) != nil)
        #expect(next.activeMessage(at: s(5_000) + s(3_299.5)) == nil)

        let justInTime = try Self.restored(state, at: s(105), after: s(300), idleAfter: s(300))
        #expect(justInTime.title == "Night Run — «live»")
    }

    @Test func withoutIdleAfterTheTrackIsRestoredWhateverItsAge() throws {
        var state = Self.playing()
        state.apply(.pause, at: s(105))
        let next = try Self.restored(state, at: s(105), after: s(86_400 * 3), idleAfter: nil)
        #expect(next.title == "Night Run — «live»")
        #expect(next.playbackPosition(at: s(5_000)) == s(15))
    }

    @Test func aKeptStateAheadOfTheClockRestoresOnlyTheBrightness() throws {
        var state = Self.playing()
        state.apply(.message("Hi", duration: s(60), priority: .normal), at: s(105))
        let kept = KeptState(
            written: Self.written, commands: KeptState.commands(for: state, at: s(105), keepingTrack: true))
        let restoration = kept.restoration(at: Self.written - s(2), idleAfter: s(300))
        #expect(restoration.commands == [.brightness(30)])
        #expect(restoration.age == .zero)
        #expect(restoration.leftOut == .aheadOfTheClock(by: s(2)))
        #expect("\(restoration.leftOut.map(String.init(describing:)) ?? "")".contains("2 s ahead of the clock"))
    }

    @Test func aTitleRightAfterTheRestoreStartsATrackOfItsOwn() throws {
        var next = try Self.restored(Self.playing(), at: s(105), after: s(0.2))
        next.apply(.title("Next"), at: s(5_000.3))
        #expect(next.artist.isEmpty && next.album.isEmpty && next.duration == nil && next.lyrics.isEmpty)
        #expect(next.playback == .playing, "playing or paused stays as it was")
    }

    @Test func withoutItsTrackOnlyMessagesAndBrightnessAreKept() {
        var state = Self.playing()
        state.apply(.message("Hi", duration: s(60), priority: .low), at: s(105))
        state.apply(.stop, at: s(105))
        let commands = KeptState.commands(for: state, at: s(106), keepingTrack: false)
        #expect(commands == [.message("Hi", duration: s(59), priority: .low), .brightness(30)])
    }

    @Test func anEmptyStateKeepsNoCommands() {
        var state = PlayerState()
        #expect(KeptState.commands(for: state, at: s(1), keepingTrack: true).isEmpty)
        state.apply(.title("Gone"), at: s(1))
        state.apply(.clear, at: s(2))
        #expect(KeptState.commands(for: state, at: s(3), keepingTrack: true).isEmpty)
        let text = KeptState(written: Self.written, commands: []).text
        #expect(text == "# tickerd kept state, written at 1718000000.250000\n")
        #expect(throws: Never.self) { try KeptState(file: Array(text.utf8)) }
    }

    @Test func aScriptsLineWithoutPlayIsKeptAsItIs() throws {
        var state = PlayerState()
        state.apply(.text("Radio Nowhere"), at: s(1))
        state.apply(.position(s(3)), at: s(1))
        let commands = KeptState.commands(for: state, at: s(2), keepingTrack: true)
        #expect(commands == [.title(""), .text("Radio Nowhere"), .position(s(3))])
        let next = try Self.restored(state, at: s(2), after: s(10))
        #expect(next.text == "Radio Nowhere" && next.playback == .stopped)
        #expect(next.playbackPosition(at: s(5_000)) == s(3))
    }

    static let header = "# tickerd kept state, written at 1718000000.250000\n"

    /// Files the daemon did not write, and why each is refused.
    static let refused: [(String, [UInt8], KeptStateError)] = [
        ("empty", [], .badHeader),
        ("no newline after the header", Array(header.dropLast().utf8), .badHeader),
        ("another header", Array("# tickerd state\ntitle Hi\n".utf8), .badHeader),
        ("a state file", Array(#"{"state":"playing","title":"Hi"}"#.utf8) + [10], .badHeader),
        ("a sign in the instant", Array("# tickerd kept state, written at -1.000000\n".utf8), .badHeader),
        ("too few fraction digits", Array("# tickerd kept state, written at 1718000000.25\n".utf8), .badHeader),
        ("13 digits of seconds", Array("# tickerd kept state, written at 1718000000000.000000\n".utf8), .badHeader),
        ("invalid UTF-8 in the header", Array("# tickerd kept state, written at 1".utf8) + [0xFF] + [10], .badHeader),
        (
            "an unknown command", Array((header + "title Hi\ntitel Ho\n").utf8),
            .badLine(line: 3, .unknownCommand("titel"))
        ),
        (
            "a position out of range", Array((header + "position 99999\n").utf8),
            .badLine(line: 2, .outOfRange("99999", command: "position", expected: "0 to 86400 seconds"))
        ),
        ("a NUL byte", Array((header + "title H").utf8) + [0] + Array("i\n".utf8), .badLine(line: 2, .nulByte)),
        ("invalid UTF-8", Array((header + "title H").utf8) + [0xC3] + [10], .badLine(line: 2, .invalidUTF8)),
        ("cut inside a line", Array((header + "title Hi\nartist Th").utf8), .truncated),
        ("cut inside a lyrics block", Array((header + "lyrics begin\n[00:01.00]La\n").utf8), .truncated),
        (
            "a lyrics end without a block", Array((header + "lyrics end\n").utf8),
            .badLine(line: 2, .lyricsEndWithoutBegin)
        ),
        (
            "over a megabyte", Array(header.utf8) + [UInt8](repeating: 10, count: KeptState.maxBytes),
            .tooLong(bytes: KeptState.maxBytes + header.utf8.count, limit: KeptState.maxBytes)
        ),
    ]

    @Test(arguments: refused.indices)
    func aFileTheDaemonDidNotWriteIsRefused(index: Int) {
        let (what, bytes, expected) = Self.refused[index]
        #expect(throws: expected, "\(what)") { try KeptState(file: bytes) }
    }

    @Test func aRefusalSaysWhatAndWhere() {
        #expect(
            KeptStateError.badLine(line: 3, .unknownCommand("titel")).description.hasPrefix(
                "line 3: unknown command 'titel'"))
        #expect(
            KeptStateError.badHeader.description == "the first line is not '# tickerd kept state, written at <seconds>'"
        )
    }

    @Test func aLargeLyricsBlockWrittenBackInFullReadsBackWhole() throws {
        // 2000 short lines, each followed by a break: written back, each line gets its end, so the block has
        // more lines and bytes than the feed takes in one block.
        var lrc = ""
        for index in 0..<2_000 {
            let start = Double(index) * 2
            lrc += "[\(Self.stamp(start))]la \(index)\n[\(Self.stamp(start + 1))]\n"
        }
        var limits = LyricsLimits()
        limits.maxLines = 4_000
        limits.maxBytes = 200_000
        var state = PlayerState()
        state.apply(.title("Long"), at: s(1))
        state.apply(.lyrics(Lyrics.parse(lrc, limits: limits)), at: s(1))
        #expect(state.lyrics.lines.count == 2_000)
        let next = try Self.restored(state, at: s(2), after: s(1))
        #expect(Self.sameSong(next.lyrics, state.lyrics))
    }

    /// Whether two lyrics are sung alike: the same lines with their times, the same pace, the last line's end
    /// given or open alike (tags are not shown, and the offset is already in the times).
    static func sameSong(_ some: ParsedLyrics, _ other: ParsedLyrics) -> Bool {
        some.lines == other.lines && some.pace == other.pace && some.lastLineEndIsDefault == other.lastLineEndIsDefault
    }

    static func stamp(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return (whole / 60 < 10 ? "0" : "") + "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60).00"
    }
}
