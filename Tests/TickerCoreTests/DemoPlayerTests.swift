import Testing

@testable import TickerCore

/// The demo track played over and over, on a manual clock.
@Suite struct DemoPlayerTests {
    static let origin: Duration = .seconds(1_000)

    @Test func startsAtTheOriginSaysSoOnceAndStartsOverAtItsEnd() {
        var demo = DemoPlayer()
        var state = PlayerState()
        demo.begin(&state, at: Self.origin)
        #expect(state.title == DemoTrack.title && state.playback == .playing)
        #expect(demo.announcement() == Self.origin)
        #expect(demo.announcement() == nil)
        let end = Self.origin + DemoTrack.duration
        #expect(demo.end(of: state, after: Self.origin + .seconds(4)) == end)
        #expect(!demo.startOver(&state, at: end - .milliseconds(1)))
        #expect(demo.startOver(&state, at: end))
        #expect(state.playbackPosition(at: end) == .zero)
        #expect(demo.end(of: state, after: end) == end + DemoTrack.duration)
    }

    @Test func aPausedDemoHasNoEnd() {
        var demo = DemoPlayer()
        var state = PlayerState()
        demo.begin(&state, at: Self.origin)
        state.apply(.pause, at: Self.origin + .seconds(1))
        #expect(demo.end(of: state, after: Self.origin + .seconds(1)) == nil)
    }
}
