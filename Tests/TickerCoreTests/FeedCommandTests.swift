import Testing

@testable import TickerCore

@Suite struct FeedCommandTests {
    struct GoodCase: CustomTestStringConvertible, Sendable {
        let id: String
        let line: String
        let command: FeedCommand?
        var testDescription: String { id }
    }

    @Test(arguments: [
        GoodCase(id: "title", line: "title Night Run", command: .title("Night Run")),
        GoodCase(id: "title trims and keeps inner spaces", line: "  title   A  B \t", command: .title("A  B")),
        GoodCase(id: "empty artist clears it", line: "artist", command: .artist("")),
        GoodCase(id: "album", line: "album Lights", command: .album("Lights")),
        GoodCase(id: "free text", line: "text Radio Paradise", command: .text("Radio Paradise")),
        GoodCase(id: "whole seconds", line: "duration 215", command: .duration(.seconds(215))),
        GoodCase(id: "fractional position", line: "position 12.5", command: .position(.milliseconds(12_500))),
        GoodCase(id: "leading point", line: "position .25", command: .position(.milliseconds(250))),
        GoodCase(
            id: "fraction cut at microseconds", line: "position 1.0000019", command: .position(.microseconds(1_000_001))
        ),
        GoodCase(id: "play", line: "play", command: .play),
        GoodCase(id: "pause", line: "pause", command: .pause),
        GoodCase(id: "stop", line: "stop", command: .stop),
        GoodCase(id: "clear", line: "clear", command: .clear),
        GoodCase(id: "lyrics begin", line: "lyrics begin", command: .lyricsBegin),
        GoodCase(id: "lyrics end", line: "lyrics end", command: .lyricsEnd),
        GoodCase(id: "lyrics clear", line: "lyrics clear", command: .lyricsClear),
        GoodCase(id: "brightness bounds", line: "brightness 100", command: .brightness(100)),
        GoodCase(id: "brightness zero", line: "brightness 0", command: .brightness(0)),
        GoodCase(id: "brightness back to the schedule", line: "brightness  auto ", command: .brightnessAuto),
        GoodCase(
            id: "message defaults", line: "message Hello", command: .message("Hello", duration: nil, priority: .normal)),
        GoodCase(
            id: "message options any order", line: "message --priority high --for 2.5 Doorbell",
            command: .message("Doorbell", duration: .milliseconds(2_500), priority: .high)),
        GoodCase(
            id: "message double dash", line: "message -- --not an option",
            command: .message("--not an option", duration: nil, priority: .normal)),
        GoodCase(id: "blank line", line: "   ", command: nil),
        GoodCase(id: "comment", line: "# title ignored", command: nil),
        GoodCase(id: "tab separator", line: "title\tTabbed", command: .title("Tabbed")),
        GoodCase(id: "control characters become spaces", line: "title \r\r\u{7}a\tb", command: .title("a b")),
    ])
    func parsesCommands(_ example: GoodCase) throws {
        #expect(try FeedCommand.parse(example.line) == example.command)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let id: String
        let line: String
        let message: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        BadCase(
            id: "misspelt command", line: "titel Night Run",
            message: "unknown command 'titel' (expected one of: title, artist, album, duration, text, position, "
                + "play, pause, stop, lyrics, message, brightness, clear, picture, page)"),
        BadCase(
            id: "letters for position", line: "position abc",
            message: "bad number 'abc' for position (expected seconds, e.g. 12.5)"),
        BadCase(
            id: "negative position", line: "position -1",
            message: "bad number '-1' for position (expected seconds, e.g. 12.5)"),
        BadCase(
            id: "nan", line: "duration nan", message: "bad number 'nan' for duration (expected seconds, e.g. 12.5)"),
        BadCase(
            id: "inf", line: "duration inf", message: "bad number 'inf' for duration (expected seconds, e.g. 12.5)"),
        BadCase(
            id: "exponent", line: "position 1e3", message: "bad number '1e3' for position (expected seconds, e.g. 12.5)"
        ),
        BadCase(
            id: "two points", line: "position 1.2.3",
            message: "bad number '1.2.3' for position (expected seconds, e.g. 12.5)"),
        BadCase(
            id: "huge", line: "position 99999999999999",
            message: "bad number '99999999999999' for position (expected seconds, e.g. 12.5)"),
        BadCase(
            id: "over a day", line: "duration 86401",
            message: "duration '86401' out of range (expected 0 to 86400 seconds)"),
        BadCase(id: "missing number", line: "position", message: "position needs an argument (e.g. position 12.5)"),
        BadCase(
            id: "brightness too high", line: "brightness 101",
            message: "brightness '101' out of range (expected 0 to 100)"),
        BadCase(
            id: "brightness fraction", line: "brightness 50.5",
            message: "bad number '50.5' for brightness (expected a whole percentage, e.g. 60, or 'auto')"),
        BadCase(id: "play with argument", line: "play now", message: "play takes no argument (got 'now')"),
        BadCase(
            id: "lyrics action", line: "lyrics start",
            message: "unknown lyrics action 'start' (expected begin, end or clear)"),
        BadCase(
            id: "message option", line: "message --fro 3 hi",
            message:
                "unknown message option '--fro' (expected --for, --priority, --icon, --colors, --rainbow, --gradient, "
                + "--blink, --dismiss or --)"),
        BadCase(
            id: "dismiss with text", line: "message --dismiss now",
            message: "message --dismiss takes no argument (got '--dismiss now')"),
        BadCase(
            id: "dismiss with an option", line: "message --for 3 --dismiss",
            message: "message --dismiss takes no argument (got '--for 3 --dismiss')"),
        BadCase(
            id: "message priority", line: "message --priority urgent hi",
            message: "bad priority 'urgent' (expected low, normal or high)"),
        BadCase(
            id: "message zero duration", line: "message --for 0 hi",
            message: "message --for '0' out of range (expected more than 0, at most 86400 seconds)"),
        BadCase(
            id: "message over a day", line: "message --for 86401 hi",
            message: "message --for '86401' out of range (expected more than 0, at most 86400 seconds)"),
        BadCase(
            id: "message without text", line: "message --for 3",
            message: "message needs an argument (e.g. message Back in 5 minutes)"),
        BadCase(
            id: "long text", line: "title " + String(repeating: "x", count: 1_025),
            message: "title text too long (1025 characters; at most 1024)"),
        BadCase(
            id: "long command word cut", line: String(repeating: "z", count: 60),
            message: "unknown command '\(String(repeating: "z", count: 40))…' (expected one of: title, artist, album, "
                + "duration, text, position, play, pause, stop, lyrics, message, brightness, clear, picture, page)"),
    ])
    func rejectsBadLinesWithSentences(_ example: BadCase) {
        #expect(throws: FeedError.self) { try FeedCommand.parse(example.line) }
        do {
            _ = try FeedCommand.parse(example.line)
        } catch {
            #expect(error.description == example.message)
        }
    }

    @Test(arguments: [
        FeedCommand.title("Night Run"), .artist("The Echoes"), .album(""), .text("Radio"),
        .duration(.microseconds(215_250_001)), .position(.zero), .position(.seconds(86_400)), .play, .pause, .stop,
        .clear, .lyricsBegin, .lyricsEnd, .lyricsClear, .brightness(42), .brightnessAuto,
        .message("hi there", duration: nil, priority: .normal),
        .message("--dashes", duration: .milliseconds(1_500), priority: .low),
        // A combining mark joins the second dash into one character, but the parser reads scalars: still "--".
        .message("--\u{0360}~>message", duration: nil, priority: .normal),
        .message("x", duration: .seconds(3), priority: .high), .messageDismiss, .pageShow("weather"), .pageNext,
        .pagePrevious,
    ])
    func encodeRoundTrips(_ command: FeedCommand) throws {
        #expect(!command.encode().contains("\n"))
        #expect(try FeedCommand.parse(command.encode()) == command)
    }

    @Test func encodeKeepsTextOnOneLine() {
        #expect(FeedCommand.title("a\nb\rc\u{1B}d").encode() == "title a b c d")
    }

    @Test func lyricsEncodeRoundTripsThroughTheDecoder() throws {
        let source = """
            [ar:Night Run]
            [00:10.00]<00:10.00>City <00:10.50>lights <00:11.00><00:11.50>are<00:12.00>
            [00:13.00]plain line
            [00:15.00]
            [00:20.00][Chorus] la la
            """
        let lyrics = Lyrics.parse(source)
        var decoder = FeedDecoder()
        let events = decoder.decode(Array((FeedCommand.lyrics(lyrics).encode() + "\n").utf8), now: .zero)
        #expect(events == [.command(.lyrics(Lyrics.parse(Lyrics.encode(lyrics))), line: 7)])
        #expect(decoded(events) == lyrics, "the last line keeps its open end")
        guard case .command(.lyrics(let decoded), _)? = events.first else {
            Issue.record("no lyrics decoded")
            return
        }
        #expect(decoded.lines == lyrics.lines)
        #expect(decoded.metadata.artist == "Night Run")
    }
}

private func decoded(_ events: [FeedEvent]) -> ParsedLyrics? {
    guard case .command(.lyrics(let lyrics), _)? = events.first else { return nil }
    return lyrics
}
