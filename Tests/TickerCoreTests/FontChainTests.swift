import Testing

@testable import TickerCore

/// A cluster and which glyph the chain must pick for it.
struct FontClusterCase: Sendable, CustomTestStringConvertible {
    let name: String
    let cluster: Character
    let expected: Character?
    var testDescription: String { name }
}

@Suite struct FontChainTests {
    /// A font of `ascent` + `descent` rows whose glyphs are solid blocks `width` pixels wide, one per scalar
    /// in `covering`; its replacement (when asked for) is a 1 × 1 dot.
    static func blockFont(
        _ name: String, ascent: Int, descent: Int, width: Int, covering: String, replacement: Bool = false
    ) -> BitmapFont {
        let height = ascent + descent
        let block = Glyph(
            advance: width + 1, width: width, height: height, xOffset: 0, yOffset: -descent,
            rows: Array(repeating: UInt8(0xFF) << UInt8(8 - width), count: height))
        let glyphs = Dictionary(uniqueKeysWithValues: covering.unicodeScalars.map { ($0.value, block) })
        let dot = Glyph(advance: 2, width: 1, height: 1, xOffset: 0, yOffset: 0, rows: [0x80])
        return BitmapFont(
            name: name, ascent: ascent, descent: descent, glyphs: glyphs, replacement: replacement ? dot : nil)
    }

    let tall = Self.blockFont("tall", ascent: 11, descent: 2, width: 5, covering: "AЖ", replacement: true)
    let chain = FontChain([.builtin, Self.blockFont("tall", ascent: 11, descent: 2, width: 5, covering: "AЖ")])

    @Test func metricsAreTheLargestOfTheFontsSoBaselinesAlign() {
        let chain = FontChain([
            Self.blockFont("a", ascent: 7, descent: 1, width: 3, covering: "a"),
            Self.blockFont("b", ascent: 5, descent: 3, width: 3, covering: "b"),
        ])
        #expect(chain.ascent == 7)
        #expect(chain.descent == 3)
        #expect(chain.height == 10)
        #expect(FontChain([]).height == 0)
    }

    @Test func firstFontWithTheCharacterWins() throws {
        #expect(chain.glyph(for: "A") == BitmapFont.builtin.glyph(for: "A"))
        #expect(chain.glyph(for: "Ж").width == 5)
    }

    @Test func setsMixedFontsOnTheSharedBaseline() {
        let chain = FontChain([.small, Self.blockFont("tall", ascent: 7, descent: 2, width: 2, covering: "Ж")])
        #expect(
            FontArt.line("aЖ", in: chain) == [
                "....##.",
                "....##.",
                "....##.",
                "....##.",
                ".##.##.",
                "#.#.##.",
                ".##.##.",
                "....##.",
                "....##.",
            ])
    }

    static let clusters: [FontClusterCase] = [
        .init(name: "e + combining acute is é", cluster: "e\u{301}", expected: "é"),
        .init(name: "Z + combining caron is Ž", cluster: "Z\u{30C}", expected: "Ž"),
        .init(name: "u + diaeresis + macron falls back to the base", cluster: "u\u{308}\u{304}", expected: "u"),
        .init(name: "q + acute has no precomposed form, draws q", cluster: "q\u{301}", expected: "q"),
        .init(name: "text-style variation selector keeps the note", cluster: "♪\u{FE0E}", expected: "♪"),
        .init(name: "emoji-style variation selector keeps the note", cluster: "♪\u{FE0F}", expected: "♪"),
        .init(name: "tab draws as a space", cluster: "\t", expected: " "),
        .init(name: "precomposed letter is itself", cluster: "ő", expected: "ő"),
        .init(name: "ZWJ sequence is replaced", cluster: "\u{1F469}\u{200D}\u{1F4BB}", expected: nil),
        .init(name: "flag is replaced", cluster: "\u{1F1EB}\u{1F1F7}", expected: nil),
        .init(name: "emoji with skin tone is replaced", cluster: "\u{1F44D}\u{1F3FD}", expected: nil),
        .init(name: "emoji alone is replaced", cluster: "\u{1F600}", expected: nil),
        .init(name: "bell is replaced", cluster: "\u{7}", expected: nil),
        .init(name: "delete is replaced", cluster: "\u{7F}", expected: nil),
        .init(name: "C1 next line is replaced", cluster: "\u{85}", expected: nil),
        .init(name: "line separator is replaced", cluster: "\u{2028}", expected: nil),
        .init(name: "paragraph separator is replaced", cluster: "\u{2029}", expected: nil),
        .init(name: "CR LF is replaced", cluster: "\r\n", expected: nil),
        .init(name: "unassigned scalar is replaced", cluster: "\u{E0FFF}", expected: nil),
    ]

    @Test(arguments: clusters)
    func resolvesGraphemeClusters(_ cluster: FontClusterCase) throws {
        let chain = FontChain([.builtin])
        let expected = try cluster.expected.map { character in
            try #require(character.unicodeScalars.first.flatMap(BitmapFont.builtin.glyph(for:)))
        }
        #expect(chain.glyph(for: cluster.cluster) == (expected ?? BitmapFont.builtin.replacement))
    }

    @Test func precomposedLetterFromALaterFontBeatsTheBaseFromAnEarlierOne() {
        let chain = FontChain([
            Self.blockFont("plain", ascent: 7, descent: 1, width: 2, covering: "e"),
            Self.blockFont("accented", ascent: 7, descent: 1, width: 4, covering: "é"),
        ])
        #expect(chain.glyph(for: "e\u{301}").width == 4)
        #expect(chain.glyph(for: "e\u{300}").width == 2)
    }

    @Test func invisibleFormatCharactersTakeNoRoom() {
        for format in ["\u{200B}", "\u{200E}", "\u{FEFF}"] as [Character] {
            let glyph = FontChain([.builtin]).glyph(for: format)
            #expect(glyph.advance == 0)
            #expect(glyph.width == 0)
        }
    }

    @Test func replacementComesFromTheFirstFontThatHasOne() {
        let chain = FontChain([Self.blockFont("none", ascent: 7, descent: 1, width: 2, covering: "a"), tall])
        #expect(chain.glyph(for: "\u{1F600}") == tall.replacement)
        #expect(chain.replacement == tall.replacement)
    }

    @Test func chainWithoutReplacementDrawsAnOutlinedBoxOfItsHeight() {
        let chain = FontChain([Self.blockFont("none", ascent: 6, descent: 2, width: 2, covering: "a")])
        let box = chain.glyph(for: "\u{1F600}")
        #expect(box.yOffset == -2)
        #expect(box.advance == box.width + 1)
        #expect(
            FontArt.rows(box) == [
                "####",
                "#..#",
                "#..#",
                "#..#",
                "#..#",
                "#..#",
                "#..#",
                "####",
            ])
    }

    @Test func emptyChainDrawsNothing() {
        let glyph = FontChain([]).glyph(for: "A")
        #expect(glyph.width == 0)
        #expect(glyph.height == 0)
    }
}
