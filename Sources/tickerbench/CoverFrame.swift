import TickerCore

/// What drawing a frame with an album cover costs: a 64 × 32 colour panel, split zones, a 32 × 32 cover at the
/// left (`layout.cover = left`), the demo track's title scrolling in the top zone over a lyric being swept,
/// levels drawn and coloured into an `RGBFrame`, the cover laid over in its own colours; against the same
/// panel without a cover. The steady frames are drawn from cached strips and must allocate nothing.
func coverFrameFigures() {
    line("cover: 64×32 rgb, split zones, a 32×32 cover at the left beside the demo's title over a lyric being swept")
    line("(steady: one lyric line while the title scrolls, best of 5 rounds of 40,000 frames)")
    line("cover  ns/frame  allocations/frame")
    var pixels: [UInt8] = []
    for y in 0..<32 {
        for x in 0..<32 {
            pixels += [UInt8(x * 8), UInt8(y * 8), UInt8(255 - (x + y) * 4)]
        }
    }
    var state = demoState(at: .zero)
    let cover = FeedPicture(
        name: FeedPicture.coverName, width: 32, height: 32, frames: [FeedPicture.Frame(delay: .zero, pixels: pixels)])
    state.apply(.picture(cover), at: .zero)
    for placement in [CoverPlacement.off, .left] {
        var style = SceneStyle(
            arrangement: .split, fonts: FontChain([.builtin]), marquee: MarqueeStyle(fadeEdges: true),
            palette: benchPalette())
        style.cover = placement
        var scene = Scene(width: 64, height: 32, depth: .eight, color: true, style: style)
        var frame = Frame(width: 64, height: 32, depth: .eight)
        var image = RGBFrame(width: 64, height: 32)
        scene.observe(state, at: .zero)
        steadyFrameFigures(placement == .off ? "off" : "left", from: .seconds(12), lap: 180) {
            scene.render(state, at: $0, into: &frame)
            scene.colorize(frame, into: &image)
        }
    }
}
