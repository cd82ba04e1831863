import Glibc
import Testing
import TickerCore
import TickerTestSupport

/// The feed, end to end: commands written into a real FIFO (by `tickerctl` or by the test) change what a
/// real `tickerd` streams to a pseudo-terminal panel, exactly as the scene code draws it.
@Suite struct FeedTests {
    static let now = ["artist Ada", "title Hi", "position 0", "play"]
    static let lrc = """
        [ti:Hi]
        [00:01.00]<00:01.00>Sing <00:01.60>along<00:02.40>
        [00:03.00]Second line here
        [00:06.00]
        """
    static var lyricsBlock: [String] { ["lyrics begin"] + lrc.split(separator: "\n").map(String.init) + ["lyrics end"] }

    @Test func nowShowsArtistAndTitle() async throws {
        let stage = try await FeedStage()
        try await stage.tickerctl("now", "Ada", "Hi")
        let expected = stage.look.frame(after: Self.now)
        #expect(expected.asciiArt.contains("#"))
        try await stage.expect(expected, "'Ada — Hi'")
    }

    @Test func lyricsPausedAtAPositionShowThatInstantThenSeekAndMessagesPreemptAndExpire() async throws {
        let stage = try await FeedStage()
        let file = try stage.rig.file("song.lrc", Self.lrc)
        try await stage.tickerctl("now", "Ada", "Hi")
        try await stage.tickerctl("lyrics", file)
        try await stage.tickerctl("send", "pause", "position 1.8")
        let midWord = stage.look.frame(after: Self.now + Self.lyricsBlock + ["pause", "position 1.8"])
        // Half sung: some of the line is full, some at the rest level.
        #expect(midWord.asciiArt.contains("#") && midWord.asciiArt.contains("+"))
        try await stage.expect(midWord, "'Sing along' sung up to 1.8 s")

        try await stage.tickerctl("send", "position 3.5")
        let seeked = stage.look.frame(after: Self.now + Self.lyricsBlock + ["pause", "position 3.5"])
        #expect(seeked != midWord)
        try await stage.expect(seeked, "'Second line here' at 3.5 s after the seek")

        try await stage.tickerctl("send", "message --for 2 --priority high Hey")
        let message = stage.look.frame(after: ["text Hey"])
        try await stage.expect(message, "the message 'Hey'")
        try await stage.expect(seeked, "the lyric again once the message expired")
    }

    /// Bad input of every kind: each is logged naming the problem, and the next valid command still works.
    struct BadInput: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let logged: String
        /// Written by a shell that exits mid-line instead of by the test.
        var fromExitingWriter = false
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "unknown command", bytes: Array("titel Night Run\n".utf8), logged: "unknown command 'titel'"),
        BadInput(name: "bad number", bytes: Array("position 1O.5\n".utf8), logged: "bad number '1O.5' for position"),
        BadInput(
            name: "invalid UTF-8", bytes: Array("text Caf".utf8) + [0xC3, 0x28, 0xFF] + [0x0A], logged: "invalid UTF-8"),
        BadInput(name: "NUL byte", bytes: Array("text a".utf8) + [0] + Array("b\n".utf8), logged: "NUL byte"),
        BadInput(
            name: "5000-byte line", bytes: Array(("text " + String(repeating: "x", count: 4_995) + "\n").utf8),
            logged: "line longer than 4096 bytes"),
        BadInput(
            name: "unterminated lyrics block", bytes: Array("lyrics begin\n[00:01.00]la la\n".utf8),
            logged: "lyrics block without 'lyrics end' discarded"),
        BadInput(
            name: "flood of 10000 bad lines", bytes: Array(String(repeating: "titel x\n", count: 10_000).utf8),
            logged: "unknown command 'titel'"),
        BadInput(
            name: "fragment from a writer that exits", bytes: Array("text Frag".utf8),
            logged: "incomplete line from a writer that stopped mid-line", fromExitingWriter: true),
    ]

    @Test(arguments: badInputs)
    func badInputIsLoggedAndTheNextCommandStillWorks(_ input: BadInput) async throws {
        let stage = try await FeedStage()
        try await stage.send("text Start")
        try await stage.expect(stage.look.frame(after: ["text Start"]), "'Start'")
        if input.fromExitingWriter {
            let writer = try stage.rig.start(
                "sh", "/bin/sh",
                ["-c", "printf '%s' \"$1\" > \"$2\"", "sh", String(decoding: input.bytes, as: UTF8.self), stage.feed])
            #expect(try await stage.rig.exit(of: writer) == .exited(0))
        } else {
            try await stage.rig.feed(input.bytes, to: stage.feed)
        }
        let line = try await stage.rig.line(of: stage.daemon, containing: input.logged)
        #expect(line.contains("warning: feed line"))
        // What was good in the input is used, the rest skipped, exactly as the feed decoder reads it.
        let afterBadInput = stage.look.frame(afterBytes: Array("text Start\n".utf8) + input.bytes)
        try await stage.expect(afterBadInput, "what the input leaves")
        try await stage.send("text Fine")
        let fine = stage.look.frame(after: ["text Fine"])
        #expect(fine != afterBadInput)
        try await stage.expect(fine, "'Fine'")
        // Logging is bounded: a flood of bad lines does not become a flood of log lines.
        #expect(stage.daemon.lines(containing: "feed line").count <= 10)
        #expect(stage.daemon.termination == nil)
    }
}
