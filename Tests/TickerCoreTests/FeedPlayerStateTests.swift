import Testing

@testable import TickerCore

private func s(_ value: Double) -> Duration { .milliseconds(Int64(value * 1_000)) }

@Suite struct FeedPlayerStateTests {
    @Test func clockRunsWhilePlayingAndHoldsWhilePaused() {
        var state = PlayerState()
        state.apply(.title("A"), at: s(100))
        state.apply(.position(s(10)), at: s(100))
        #expect(state.playbackPosition(at: s(105)) == s(10))
        state.apply(.play, at: s(100))
        #expect(state.playbackPosition(at: s(102.5)) == s(12.5))
        state.apply(.pause, at: s(104))
        #expect(state.playbackPosition(at: s(200)) == s(14))
        state.apply(.play, at: s(210))
        #expect(state.playbackPosition(at: s(211)) == s(15))
        state.apply(.play, at: s(212))
        #expect(state.playbackPosition(at: s(213)) == s(17))
    }

    @Test func positionCorrectsTheClockAndStopResetsIt() {
        var state = PlayerState()
        state.apply(.play, at: s(0))
        state.apply(.position(s(30)), at: s(5))
        #expect(state.playbackPosition(at: s(6)) == s(31))
        state.apply(.stop, at: s(7))
        #expect(state.playback == .stopped)
        #expect(state.playbackPosition(at: s(9)) == .zero)
    }

    @Test func positionNeverPassesTheDuration() {
        var state = PlayerState()
        state.apply(.duration(s(60)), at: s(0))
        state.apply(.play, at: s(0))
        #expect(state.playbackPosition(at: s(75)) == s(60))
    }

    @Test func newTitleStartsNewTrackKeepingPlaybackState() {
        var state = PlayerState()
        state.apply(.artist("Old"), at: s(0))
        state.apply(.album("Old Album"), at: s(0))
        state.apply(.lyrics(Lyrics.parse("[00:01.00]old")), at: s(0))
        state.apply(.play, at: s(0))
        state.apply(.artist("New"), at: s(9.5))
        state.apply(.title("Next"), at: s(10))
        #expect(state.playback == .playing)
        #expect(state.playbackPosition(at: s(12)) == s(2))
        #expect(state.artist == "New")
        #expect(state.album == "")
        #expect(state.lyrics.isEmpty)
        #expect(state.track == 1)
    }

    @Test func lyricsJustBeforeOrAfterTitleBelongToNewTrack() {
        var state = PlayerState()
        state.apply(.lyrics(Lyrics.parse("[00:01.00]before")), at: s(9.2))
        state.apply(.title("T"), at: s(10))
        #expect(state.lyrics.lines.map(\.text) == ["before"])
        state.apply(.lyrics(Lyrics.parse("[00:01.00]after")), at: s(10.3))
        state.apply(.artist("A"), at: s(10.4))
        #expect(state.lyrics.lines.map(\.text) == ["after"])
    }

    @Test func trackDurationEndsAnOpenLastLine() {
        var state = PlayerState()
        state.apply(.lyrics(Lyrics.parse("[00:10.00]last")), at: s(0))
        #expect(state.lyrics.lines.first?.end == s(15))
        state.apply(.duration(s(40)), at: s(0))
        #expect(state.lyrics.lines.first?.end == s(40))
    }

    @Test func activeMessageIsHighestPriorityThenNewest() {
        var state = PlayerState()
        state.apply(.message("low", duration: s(20), priority: .low), at: s(0))
        #expect(state.activeMessage(at: s(1))?.text == "low")
        state.apply(.message("n1", duration: s(10), priority: .normal), at: s(1))
        state.apply(.message("n2", duration: s(3), priority: .normal), at: s(2))
        #expect(state.activeMessage(at: s(2))?.text == "n2")
        #expect(state.activeMessage(at: s(5))?.text == "n1")
        state.apply(.message("high", duration: nil, priority: .high), at: s(6))
        #expect(state.activeMessage(at: s(10.9))?.text == "high")
        #expect(state.activeMessage(at: s(11))?.text == "low")
        #expect(state.activeMessage(at: s(20)) == nil)
        state.removeExpiredMessages(at: s(20))
        #expect(state.messages.isEmpty)
    }

    @Test func dismissRemovesTheMessageShownAndTheNextShows() throws {
        var state = PlayerState()
        #expect(try FeedCommand.parse("message --dismiss") == .messageDismiss)
        state.apply(.messageDismiss, at: s(0))
        #expect(state.messages.isEmpty)
        state.apply(.message("older", duration: s(20), priority: .normal), at: s(0))
        state.apply(.message("held", duration: s(86_400), priority: .high), at: s(1))
        #expect(state.activeMessage(at: s(2))?.text == "held")
        state.apply(.messageDismiss, at: s(2))
        #expect(state.activeMessage(at: s(2))?.text == "older")
        #expect(state.messages.map(\.text) == ["older"])
        state.apply(.messageDismiss, at: s(3))
        #expect(state.messages.map(\.text) == [])
    }

    @Test func messageQueueIsBoundedDroppingLeastImportantOldest() {
        var state = PlayerState()
        state.apply(.message("keep", duration: s(100), priority: .high), at: s(0))
        for index in 0..<20 {
            state.apply(.message("m\(index)", duration: s(100), priority: .normal), at: s(1))
        }
        #expect(state.messages.count == PlayerState.maxMessages)
        #expect(state.messages.first?.text == "keep")
        #expect(state.messages.dropFirst().first?.text == "m5")
    }

    @Test func clearEmptiesEverythingButBrightness() {
        var state = PlayerState()
        state.apply(.title("T"), at: s(0))
        state.apply(.text("Radio"), at: s(0))
        state.apply(.brightness(30), at: s(0))
        state.apply(.message("m", duration: nil, priority: .normal), at: s(0))
        state.apply(.play, at: s(0))
        state.apply(.clear, at: s(1))
        #expect(state.title == "" && state.text == "" && state.messages.isEmpty)
        #expect(state.playback == .stopped)
        #expect(state.brightness == 30)
        #expect(state.track == 2)
        // `brightness auto` gives it back to the configuration.
        state.apply(.brightnessAuto, at: s(2))
        #expect(state.brightness == nil)
    }

    struct TemplateCase: CustomTestStringConvertible, Sendable {
        let id: String
        let template: String
        let artist: String
        let title: String
        let album: String
        let text: String
        let line: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        TemplateCase(
            id: "both", template: "{artist} — {title}", artist: "A", title: "T", album: "", text: "", line: "A — T"),
        TemplateCase(
            id: "title only", template: "{artist} — {title}", artist: "", title: "T", album: "", text: "", line: "T"),
        TemplateCase(
            id: "artist only", template: "{artist} — {title}", artist: "A", title: "", album: "", text: "", line: "A"),
        TemplateCase(
            id: "nothing", template: "{artist} — {title}", artist: "", title: "", album: "", text: "", line: ""),
        TemplateCase(
            id: "free text wins", template: "{artist} — {title}", artist: "A", title: "T", album: "", text: "Radio",
            line: "Radio"),
        TemplateCase(
            id: "text placeholder", template: "{text}: {title}", artist: "", title: "T", album: "", text: "Radio",
            line: "Radio: T"),
        TemplateCase(
            id: "album dropped with brackets", template: "{title} ({album})", artist: "", title: "T", album: "",
            text: "", line: "T"),
        TemplateCase(
            id: "album shown", template: "{title} ({album})", artist: "", title: "T", album: "L", text: "",
            line: "T (L)"),
        TemplateCase(
            id: "leading literal", template: "Now: {title}", artist: "", title: "T", album: "", text: "", line: "Now: T"
        ),
        TemplateCase(
            id: "escaped braces", template: "{{{title}}}", artist: "", title: "T", album: "", text: "", line: "{T}"),
    ])
    func nowPlayingFillsTemplateAndDropsEmptyFields(_ example: TemplateCase) throws {
        var state = PlayerState()
        state.apply(.artist(example.artist), at: .zero)
        state.apply(.title(example.title), at: .zero)
        state.apply(.album(example.album), at: .zero)
        state.apply(.text(example.text), at: .zero)
        #expect(state.nowPlaying(try NowPlayingTemplate(example.template)) == example.line)
    }

    @Test(arguments: [
        ("{artst} — {title}", "unknown placeholder '{artst}' (expected {artist}, {title}, {album} or {text})"),
        ("{title", "'{' without '}' in '{title' (expected {artist}, {title}, {album} or {text})"),
    ])
    func templateRejectsUnknownPlaceholders(source: String, message: String) {
        #expect(throws: NowPlayingTemplate.ParseError.self) { try NowPlayingTemplate(source) }
        do { _ = try NowPlayingTemplate(source) } catch { #expect(error.description == message) }
    }
}
