@testable import TickerCore

/// A 128×32 split panel in GNU Unifont, both zones 16 rows (16 columns an ideograph or a Hangul syllable, 8 a
/// Thai letter or a space), for the lyrics that wrap over its two zones.
struct UnifontSplitPanel {
    let fonts: FontChain

    init() throws { fonts = FontChain([try Unifont.font.get()]) }

    /// The panel's scene.
    func scene() -> Scene {
        var style = SceneStyle(arrangement: .split, fonts: fonts, bottomFonts: fonts)
        style.marquee = MarqueeStyle(fadeEdges: false)
        return Scene(width: 128, height: 32, depth: .two, style: style)
    }

    /// `text` as a lyric line wrapped over the two zones.
    func wrapped(_ text: String) -> WrappedLyric {
        let scene = scene()
        return WrappedLyric(
            line: LyricLine(text: text, start: .seconds(1), end: .seconds(9)), top: scene.layout.top,
            bottom: scene.layout.bottom)
    }

    /// The rows the panel shows at 2 s of a song whose only line is `text`, from 1 s to 9 s.
    func rows(_ text: String) -> [String] {
        var scene = scene()
        var state = PlayerState()
        state.apply(.lyrics(Lyrics.parse("[00:01.00]\(text)\n[00:09.00]")), at: .zero)
        state.apply(.play, at: .zero)
        scene.observe(state, at: .zero)
        var frame = Frame(width: 128, height: 32, depth: .two)
        scene.render(state, at: .seconds(2), into: &frame)
        return frame.asciiArt.split(separator: "\n").map(String.init)
    }
}
