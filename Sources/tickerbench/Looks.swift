import CAllocCounter
import TickerCore

/// Frames of a message in a look (`--colors`, a blinking `--rainbow`, `--gradient`), on a colour panel
/// (coloured into an RGBFrame) and on a grey one: time and allocations per frame once its strips and colour
/// tables are made, each frame drawn as the daemon draws it (asking when the picture next changes).
func lookFigures() {
    line("A scrolling message in a look, 64x8, release build (best of 5 rounds of 40,000 frames at 60 fps)")
    line("look                       ns/frame  allocations/frame")
    let red = RGB(red: 255, green: 0, blue: 0)
    let blue = RGB(red: 0, green: 0, blue: 255)
    let looks: [(String, TextLook)] = [
        ("plain, rgb", TextLook()),
        ("colors, rgb", TextLook(fill: .runs([.init(red, length: 4), .init(blue)]))),
        ("rainbow + blink, rgb", TextLook(fill: .rainbow, blink: .milliseconds(400))),
        ("gradient, rgb", TextLook(fill: .gradient(red, blue))),
        ("colors, grey 4-bit", TextLook(fill: .runs([.init(red, length: 4), .init(blue)]))),
    ]
    for (name, look) in looks {
        let color = name.hasSuffix("rgb")
        let depth: PixelDepth = color ? .eight : .four
        let style = SceneStyle(fonts: FontChain([.builtin]), marquee: MarqueeStyle(fadeEdges: true))
        var scene = Scene(width: 64, height: 8, depth: depth, color: color, style: style)
        var frame = Frame(width: 64, height: 8, depth: depth)
        var image = RGBFrame(width: 64, height: 8)
        var paints = Paints()
        var state = PlayerState()
        state.apply(
            .message(
                "Now playing: a message long enough to scroll", duration: .seconds(86_400), priority: .normal,
                look: look.isPlain ? nil : look), at: .zero)
        scene.observe(state, at: .zero)
        // As the daemon draws: the frame, its paints and when it next changes, then its colours.
        func render(at instant: Duration) {
            _ = scene.render(state, at: instant, into: &frame, paints: &paints)
            if color { scene.colorize(frame, paints: paints, into: &image) }
        }
        for i in 0..<2_000 { render(at: .seconds(2) + .microseconds(Int64(i) * 16_667)) }
        var i = 0
        let (time, allocations) = bestOfFive(rounds: 40_000) {
            render(at: .seconds(2) + .microseconds(Int64(i % 600) * 16_667))
            i += 1
        }
        line(pad(name, 27) + pad(String(Int(time.rounded())), 10) + String(allocations))
    }
}
