import Testing

@testable import TickerCore

/// The now-playing line the scene keeps, and the player going quiet, on a manual clock.
@Suite struct NowPlayingWatchTests {
    static func at(_ seconds: Int64) -> Duration { .seconds(seconds) }

    @Test func aPlayedTrackStaysUpUntilItsPlayerStopsIt() {
        var watch = NowPlayingWatch()
        #expect(watch.idleSince == .zero, "nothing to show since the start")
        var state = PlayerState()
        for command: FeedCommand in [.title("Night Run"), .artist("The Echoes"), .play] {
            state.apply(command, at: Self.at(1))
        }
        watch.observe(state, template: .standard, fonts: nil, at: Self.at(1))
        #expect(watch.line == state.nowPlaying(.standard) && watch.since == Self.at(1))
        #expect(watch.idleSince == nil)
        state.apply(.stop, at: Self.at(3))
        watch.observe(state, template: .standard, fonts: nil, at: Self.at(3))
        #expect(watch.idleSince == Self.at(3))
        #expect(watch.since == Self.at(1), "the line did not change")
        #expect(!watch.isIdle(at: Self.at(7), after: .seconds(5)))
        #expect(watch.isIdle(at: Self.at(8), after: .seconds(5)))
    }

    @Test func aScriptsLineWithoutPlayStaysUpAndNothingToShowIsIdleAtOnce() {
        var watch = NowPlayingWatch()
        var state = PlayerState()
        state.apply(.text("Radio Nowhere"), at: Self.at(1))
        watch.observe(state, template: .standard, fonts: nil, at: Self.at(1))
        #expect(watch.idleSince == nil)
        state.apply(.clear, at: Self.at(2))
        watch.observe(state, template: .standard, fonts: nil, at: Self.at(2))
        #expect(watch.line.isEmpty && watch.idleSince == Self.at(2))
        #expect(watch.isIdle(at: Self.at(2), after: .seconds(60)))
    }

    @Test func theArtistsColumnsAreMeasuredOnlyWhenAsked() {
        var state = PlayerState()
        for command: FeedCommand in [.title("Run"), .artist("Echo"), .play] { state.apply(command, at: Self.at(1)) }
        var measured = NowPlayingWatch()
        measured.observe(state, template: .standard, fonts: FontChain([.builtin]), at: Self.at(1))
        #expect(!measured.artist.isEmpty)
        var unmeasured = NowPlayingWatch()
        unmeasured.observe(state, template: .standard, fonts: nil, at: Self.at(1))
        #expect(unmeasured.artist.isEmpty)
    }
}
