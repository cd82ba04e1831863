import TickerCore

/// What drawing an icon costs: a 64 × 8 panel, icons on, a message scrolling beside an animated 8 × 8 icon
/// (eight frames of 100 ms), against the same message without icons; the steady frames are drawn from cached
/// strips and must allocate nothing.
func iconFigures() {
    line("icons: a message scrolling beside an animated 8×8 icon, 64×8×2 (best of 5 rounds of 40,000 frames)")
    line("icons  ns/frame  allocations/frame")
    var frames: [FeedPicture.Frame] = []
    for lit in 0..<8 {
        var pixels = [UInt8](repeating: 0, count: 8 * 8 * 3)
        for x in 0..<8 { pixels[(lit * 8 + x) * 3] = 255 }
        frames.append(FeedPicture.Frame(delay: .milliseconds(100), pixels: pixels))
    }
    var state = PlayerState()
    state.apply(.picture(FeedPicture(name: "walk", width: 8, height: 8, frames: frames)), at: .zero)
    state.apply(
        .message("Someone is at the front door", duration: .seconds(3_600), priority: .normal, icon: "walk"), at: .zero)
    for on in [false, true] {
        var style = SceneStyle(fonts: FontChain([.builtin]), marquee: MarqueeStyle(fadeEdges: true))
        style.icons = on ? IconStyle() : nil
        var scene = Scene(width: 64, height: 8, depth: .two, style: style)
        var frame = Frame(width: 64, height: 8, depth: .two)
        scene.observe(state, at: .zero)
        steadyFrameFigures(on ? "on" : "off", from: .seconds(2), lap: 600) { scene.render(state, at: $0, into: &frame) }
    }
    iconColourFigures(state)
}

/// The same message beside the same icon on a 64 × 8 colour panel, the icon's own colours laid over the
/// colorized frame.
private func iconColourFigures(_ state: PlayerState) {
    var style = SceneStyle(fonts: FontChain([.builtin]), marquee: MarqueeStyle(fadeEdges: true))
    style.icons = IconStyle()
    var scene = Scene(width: 64, height: 8, depth: .eight, color: true, style: style)
    var frame = Frame(width: 64, height: 8, depth: .eight)
    var image = RGBFrame(width: 64, height: 8)
    scene.observe(state, at: .zero)
    steadyFrameFigures("rgb", from: .seconds(2), lap: 600) {
        scene.render(state, at: $0, into: &frame)
        scene.colorize(frame, into: &image)
    }
}
