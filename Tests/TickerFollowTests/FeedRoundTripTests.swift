import Testing
import TickerCore
import TickerIO

@testable import TickerFollow

/// Every command a follower or `tickerctl send/now/lyrics` can produce, written as the feed writer writes it
/// (`FeedLines.batches`) and read as the daemon reads it (`FeedDecoder`), comes back as the same command.
struct FeedRoundTripTests {
    static let texts = [
        "", "Night Signal", "  padded  ", "tab\there", "line\nbreak", "cr\r\nlf", "nul\u{0}byte", "del\u{7F}",
        "c1\u{85}next line", "line\u{2028}separator", "para\u{2029}graph", "\u{2028}\u{2029}", "\t\n",
        "--looks like an option",
        "# hash first", "lyrics end", "lyrics begin", "[00:01.00]bracket", "Björk – Jóga ♪", "مرحبا بالعالم",
        String(repeating: "é", count: 2_000), String(repeating: "🎵", count: 1_500), String(repeating: "x ", count: 700),
    ]
    static let seconds: [Double] = [
        0, 0.0004, 0.042, 1.9996, 12.5, 215, 86_399.9996, 86_400.4, 1e12, -1, .nan, .infinity,
    ]
    static let lrcs = [
        "[00:01.00]Hello\n[00:05.50]World",
        "[ti:Song]\n[ar:Band]\n[offset:250]\n[00:01.00]Shifted\n[00:03.00]",
        "[00:01.00]<00:01.00>Word <00:01.50>by <00:02.00>word<00:02.80>\n[00:04.00]Next",
        "[00:01.00]tab\there\u{2028}and a separator\u{85}\n[00:02.00]nul\u{0}inside",
        "[length:00:40.00]\n[00:30.00]Last line lasts until the length",
        "[00:01.00]First\nlyrics end\n[00:02.00]after a stray end\n\n\n",
        "[ti:only tags]", "not lyrics at all", "",
        "\u{FEFF}[00:00.50]byte order mark\r\n[00:01.00]CRLF line\r\n",
        (0..<3_000).map {
            "[\(String(format2: $0 / 60)):\(String(format2: $0 % 60)).00]line \($0) "
                + String(repeating: "é", count: 20)
        }
        .joined(separator: "\n"),
    ]

    /// The commands read back from `command` as written to the pipe, and the problems met.
    static func readBack(_ command: FeedCommand) -> (commands: [FeedCommand], problems: [FeedProblem]) {
        var decoder = FeedDecoder()
        var commands: [FeedCommand] = []
        var problems: [FeedProblem] = []
        for batch in FeedLines.batches(command.lines) {
            for event in decoder.decode(batch, now: .zero) {
                switch event {
                case .command(let command, _): commands.append(command)
                case .problem(let problem): problems.append(problem)
                }
            }
        }
        return (commands, problems)
    }

    static func expectRoundTrip(
        _ command: FeedCommand, _ origin: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (commands, problems) = readBack(command)
        #expect(problems.isEmpty, "\(origin): \(problems)", sourceLocation: sourceLocation)
        #expect(
            commands == [command], "\(origin): wrote \(command.lines.prefix(3)), read \(commands)",
            sourceLocation: sourceLocation)
    }

    @Test func everyCommandAFollowerSendsReadsBackAsItself() {
        var count = 0
        for (index, title) in Self.texts.enumerated() {
            let artist = Self.texts[(index + 7) % Self.texts.count]
            let album = Self.texts[(index + 13) % Self.texts.count]
            let duration = Self.seconds[index % Self.seconds.count]
            let lrc = Self.lrcs[index % Self.lrcs.count]
            let track = Track(
                title: title, artist: artist, album: album, durationSeconds: duration, file: "f\(index).flac")
            var planner = FeedPlanner()
            for (step, state) in [PlaybackState.play, .pause, .stop, .play].enumerated() {
                let position = PlaybackPosition(
                    seconds: Self.seconds[(index + step) % Self.seconds.count], at: .seconds(0))
                let snapshot = PlayerSnapshot(track: step == 2 ? nil : track, state: state, position: position)
                for reason in [FeedPlanner.Reason.change, .tick] {
                    for command in planner.commands(
                        for: snapshot, reason: reason, now: .seconds(step), lyrics: { _ in lrc })
                    {
                        Self.expectRoundTrip(command, "text \(index), step \(step), \(reason)")
                        count += 1
                    }
                }
            }
        }
        #expect(count > 100)
    }

    @Test(arguments: lrcs.indices)
    func everyLyricsBlockReadsBackAsItself(index: Int) {
        let command = FeedCommand.lyricsBlock(lrc: Self.lrcs[index])
        Self.expectRoundTrip(command, "lyrics \(index)")
        if case .lyrics(let lyrics) = command {
            #expect(!lyrics.lines.isEmpty)
            #expect(lyrics.lines.allSatisfy { !$0.text.unicodeScalars.contains(where: FeedText.isControl) })
        }
    }

    @Test func aLongFileIsCutToWhatOneBlockHolds() throws {
        guard case .lyrics(let lyrics) = FeedCommand.lyricsBlock(lrc: try #require(Self.lrcs.last)) else {
            Issue.record("3000 timed lines gave no lyrics")
            return
        }
        #expect(lyrics.lines.count > 100 && lyrics.lines.count < 2_000)
        #expect(lyrics.lines.first?.text.hasPrefix("line 0 ") == true)
    }

    @Test func blocksWithoutATimedLineClearTheLyrics() {
        for lrc in ["[ti:only tags]", "not lyrics at all", ""] {
            #expect(FeedCommand.lyricsBlock(lrc: lrc) == .lyricsClear, "\(lrc)")
        }
    }

    @Test func whatTickerctlNowSendsReadsBackAsItself() {
        for (index, title) in Self.texts.enumerated() {
            let artist = Self.texts[(index + 5) % Self.texts.count]
            for command in FeedCommand.nowPlaying(artist: artist, title: title) {
                Self.expectRoundTrip(command, "now \(index)")
            }
        }
    }

    @Test func whatTickerctlSendAcceptsReadsBackAsItself() {
        let lines = [
            "title Night Signal", "artist  The Column Drivers ", "album", "duration 215.25",
            "text Radio\u{2028}Paradise",
            "position 42.5", "play", "pause", "stop", "lyrics clear", "message --for 10 --priority high Doorbell",
            "message -- --dashes", "message --priority low Quiet", "brightness 60", "clear", "# a comment", "",
            "lyrics begin", "[00:01.00]Hello", "[00:02.00]<00:02.00>Word <00:02.50>by", "lyrics end",
        ]
        let (commands, problems) = FeedCommand.decode(lines: lines)
        #expect(problems.isEmpty, "\(problems)")
        #expect(commands.count == 16)
        #expect(commands.contains(.text("Radio Paradise")))
        for command in commands {
            Self.expectRoundTrip(command, "send '\(command.lines.first ?? "")'")
        }
    }

    @Test func tickerctlSendRefusesWhatTheDaemonWouldRefuse() {
        let (_, problems) = FeedCommand.decode(lines: ["titel typo", "lyrics begin", "[00:01.00]never ended"])
        #expect(
            problems.map(\.description) == [
                "feed line 1: unknown command 'titel' (expected one of: title, artist, album, duration, text, position, "
                    + "play, pause, stop, lyrics, message, brightness, clear, picture, page) (in 'titel typo')",
                "feed line 3: lyrics block without 'lyrics end' discarded (no 'lyrics end' before the last line); "
                    + "current lyrics kept",
            ])
    }

    @Test(arguments: [
        ("line separator", "a\u{2028}b", "a b"), ("paragraph separator", "a\u{2029}b", "a b"),
        ("C1 next line", "a\u{85}b", "a b"), ("tab and newline", "a\t\nb", "a  b"), ("only controls", "\u{2028}\t", ""),
    ])
    func controlCharactersAreOneSetForWritersAndTheParser(name: String, text: String, expected: String) throws {
        #expect(FeedText.normalized(text) == expected, "\(name)")
        #expect(try FeedCommand.parse("title " + text) == .title(expected), "\(name)")
    }
}

extension String {
    fileprivate init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
