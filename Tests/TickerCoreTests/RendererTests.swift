import Testing

@testable import TickerCore

/// The renderer on a manual clock: it draws what the scene draws, says when the picture next changes, and
/// keeps its picture over a reload that leaves the panel's size.
@Suite struct RendererTests {
    static let origin: Duration = .seconds(1_000)

    static func scene(width: Int = 64) -> Scene {
        var style = SceneStyle(fonts: FontChain([.builtin]))
        style.marquee = MarqueeStyle(speed: 30, pause: 1, fadeEdges: false)
        return Scene(width: width, height: 8, depth: .two, style: style)
    }

    static func playing(at instant: Duration) -> PlayerState {
        var state = PlayerState()
        state.apply(.title("A title far wider than sixty-four columns of panel"), at: instant)
        state.apply(.play, at: instant)
        return state
    }

    @Test func drawsWhatTheSceneDrawsAndSaysWhenThePictureNextChanges() {
        let read = Self.origin + .milliseconds(20)
        let state = Self.playing(at: read)
        var renderer = Renderer(scene: Self.scene(), grid: FrameGrid(origin: Self.origin, framesPerSecond: 60))
        #expect(renderer.outlook == PictureOutlook(nextChange: nil, isQuiet: true))
        renderer.observe(state, at: read)
        #expect(!renderer.outlook.isQuiet)
        var reference = Self.scene()
        reference.observe(state, at: read)
        var expected = Frame(width: 64, height: 8, depth: .two)
        for instant in [read, read + .seconds(2)] {
            renderer.render(state, at: instant, clock: "")
            reference.render(state, at: instant, into: &expected)
            #expect(renderer.picture.frame == expected, "at \(instant - Self.origin)")
        }
        // Scrolling at 30 px/s, the picture changes within a frame or two.
        // 34 ms: two frames at 60 Hz, the time of one column at 30 px/s (33.3 ms), rounded up to the
        // millisecond; a renderer that slept longer would miss a column.
        let next = renderer.outlook.nextChange
        #expect(next.map { $0 > read + .seconds(2) && $0 <= read + .seconds(2) + .milliseconds(34) } == true)
    }

    @Test func aReloadKeepsThePictureUnlessThePanelChangedSize() {
        let state = Self.playing(at: Self.origin)
        let grid = FrameGrid(origin: Self.origin, framesPerSecond: 60)
        var renderer = Renderer(scene: Self.scene(), grid: grid)
        renderer.observe(state, at: Self.origin)
        renderer.render(state, at: Self.origin, clock: "")
        let drawn = renderer.picture
        renderer.reload(scene: Self.scene(), grid: grid, state: state, at: Self.origin + .seconds(1))
        #expect(renderer.picture == drawn)
        renderer.reload(scene: Self.scene(width: 32), grid: grid, state: state, at: Self.origin + .seconds(2))
        #expect(renderer.picture == Picture(width: 32, height: 8, depth: .two, color: false))
    }
}
