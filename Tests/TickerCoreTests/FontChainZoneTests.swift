import Testing

@testable import TickerCore

/// GNU Unifont (Debian's `xfonts-unifont`), converted with `pcf2bdf` once per run, as README's fallback chain
/// `--font builtin --font unifont.bdf` uses it.
enum Unifont {
    static let font = Result { try MiscFixed.load("unifont") }
}

/// A fallback chain whose later fonts are taller than the zone: the README's `builtin` then Unifont on
/// 8-row panels.
@Suite struct FontChainZoneTests {
    let builtinAlone = FontChain([.builtin])

    func chain() throws -> FontChain { FontChain([.builtin, try Unifont.font.get()]) }

    /// What a scene of `width` × `height` in `fonts` shows with `title` playing.
    func panel(_ title: String, width: Int, height: Int, fonts: FontChain, split: Bool = false) -> String {
        var style = SceneStyle(fonts: fonts, marquee: MarqueeStyle(speed: 10, pause: 1, gap: 2, fadeEdges: false))
        style.template = try! NowPlayingTemplate("{title}")
        if split {
            style.arrangement = .split
            style.bottomFonts = fonts
        }
        var scene = Scene(width: width, height: height, depth: .two, style: style)
        var state = PlayerState()
        state.apply(.title(title), at: .zero)
        state.apply(.play, at: .zero)
        scene.observe(state, at: .zero)
        var frame = Frame(width: width, height: height, depth: .two)
        scene.render(state, at: .seconds(0.5), into: &frame)
        return frame.asciiArt
    }

    @Test func latinTextInTheReadmeChainAtEightRowsIsWhatTheBuiltinFontAloneShows() throws {
        let chain = try chain()
        #expect(
            panel("Hi ok", width: 64, height: 8, fonts: chain)
                == panel("Hi ok", width: 64, height: 8, fonts: builtinAlone))
        #expect(
            panel("Hi ok", width: 64, height: 8, fonts: chain)
                == art(
                    String(repeating: ".", count: 64),
                    ".....#.........#" + String(repeating: ".", count: 48),
                    "#..#...........#" + String(repeating: ".", count: 48),
                    "#..#.#.....##..#.#" + String(repeating: ".", count: 46),
                    "####.#....#..#.##." + String(repeating: ".", count: 46),
                    "#..#.#....#..#.#.#" + String(repeating: ".", count: 46),
                    "#..#.#.....##..#.#" + String(repeating: ".", count: 46),
                    String(repeating: ".", count: 64)))
    }

    @Test func latinTextInTheReadmeChainOnASplitSixteenRowPanelIsWhatTheBuiltinFontAloneShows() throws {
        let chain = try chain()
        let shown = panel("Hi ok", width: 64, height: 16, fonts: chain, split: true)
        #expect(shown == panel("Hi ok", width: 64, height: 16, fonts: builtinAlone, split: true))
        #expect(shown.split(separator: "\n")[1].hasPrefix(".....#.........#"))
    }

    @Test func aFallbackGlyphTallerThanTheZoneIsCutAroundTheFirstFontsBaseline() throws {
        let chain = try chain()
        let line = TextLine("Hi 我", fonts: chain)
        let strip = Strip(line, height: 8)
        // The Latin letters are where the built-in font alone puts them.
        let alone = Strip(TextLine("Hi", fonts: builtinAlone), height: 8)
        #expect(Array(strip.columns.prefix(alone.width)) == alone.columns)
        // The ideograph shares the baseline (row 7 of the zone, the built-in font's): its rows from 7 above
        // the baseline down are shown, the same for every line.
        let glyph = try #require(try Unifont.font.get().glyph(for: "我"))
        let placement = try #require(line.placements.last)
        let glyphTop = 7 - glyph.yOffset - glyph.height
        for row in 0..<8 {
            for x in 0..<glyph.width {
                let lit = strip.column(placement.x + glyph.xOffset + x) & (1 << UInt64(row)) != 0
                #expect(lit == glyph.isSet(x: x, y: row - glyphTop), "row \(row), column \(x)")
            }
        }
        #expect(Strip(TextLine("Hi 我", fonts: chain), height: 8).columns == strip.columns)
    }

    @Test func aZoneTallEnoughForTheFallbackCentresTheWholeLine() throws {
        let chain = try chain()
        let line = TextLine("Hi 我", fonts: chain)
        #expect(line.ascent == 14)
        #expect(line.descent == 2)
        #expect(TextLine("Hi", fonts: chain).ascent == 7)
    }

    @Test func checkingTheConfigurationWarnsOfFallbackFontsTallerThanTheirZone() throws {
        let chain = try chain()
        var style = SceneStyle(fonts: chain, marquee: MarqueeStyle())
        #expect(Scene(width: 64, height: 16, depth: .two, style: style).fontWarnings.isEmpty)
        let warnings = Scene(width: 64, height: 8, depth: .two, style: style).fontWarnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("16 rows tall and the panel 8") == true)
        style.arrangement = .split
        style.bottomFonts = chain
        #expect(Scene(width: 64, height: 16, depth: .two, style: style).fontWarnings.count == 2)
        #expect(
            Scene(width: 64, height: 8, depth: .two, style: SceneStyle(fonts: builtinAlone, marquee: MarqueeStyle()))
                .fontWarnings.isEmpty)
    }
}
