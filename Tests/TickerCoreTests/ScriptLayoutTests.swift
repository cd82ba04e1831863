import Testing

@testable import TickerCore

/// Text beyond Latin laid out in GNU Unifont: bidirectional runs with brackets, Arabic joining and ligatures,
/// and combining marks over their bases. Every expected picture is set from the font's own glyphs.
@Suite struct ScriptLayoutTests {
    func unifont() throws -> FontChain { FontChain([try Unifont.font.get()]) }

    /// The glyphs of `chain` for `scalars`, each at the pen position given, set on one line of `width` columns
    /// as tall as the chain.
    func placed(_ glyphs: [(Unicode.Scalar, Int)], in chain: FontChain, width: Int) throws -> [String] {
        var rows = Array(repeating: Array(repeating: Character("."), count: width), count: chain.height)
        for (scalar, pen) in glyphs {
            let glyph = try #require(chain.fonts.lazy.compactMap { $0.glyph(for: scalar) }.first, "U+\(scalar)")
            for y in 0..<glyph.height {
                for x in 0..<glyph.width where glyph.isSet(x: x, y: y) {
                    let row = chain.ascent - (glyph.yOffset + glyph.height) + y
                    let column = pen + glyph.xOffset + x
                    if rows.indices.contains(row), column >= 0, column < width { rows[row][column] = "#" }
                }
            }
        }
        return rows.map { String($0) }
    }

    /// The line as the panel shows it, in a zone as tall as the chain.
    func shown(_ text: String, in chain: FontChain) -> [String] {
        Strip(TextLine(text, fonts: chain), height: chain.height).asciiArt.split(separator: "\n").map(String.init)
    }

    @Test func aLeftToRightRunWithBracketsInsideARightToLeftLineKeepsItsOrderAndItsBrackets() throws {
        let chain = try unifont()
        // Read right to left: "שלום", then "f(x)" as written, then "טוב" at the left.
        #expect(shown("שלום f(x) טוב", in: chain) == FontArt.line("בוט f(x) םולש", in: chain))
        let line = TextLine("שלום f(x) טוב", fonts: chain)
        #expect(line.direction == .rightToLeft)
        #expect(line.placements.map(\.characterIndex) == [12, 11, 10, 9, 5, 6, 7, 8, 4, 3, 2, 1, 0])
    }

    @Test func bracketsInARightToLeftRunAreMirrored() throws {
        let chain = try unifont()
        #expect(shown("שלום (עולם)", in: chain) == FontArt.line("(םלוע) םולש", in: chain))
    }

    @Test func aRightToLeftWordInALeftToRightLineReadsRightToLeft() throws {
        let chain = try unifont()
        #expect(shown("a (שלום) b", in: chain) == FontArt.line("a (םולש) b", in: chain))
        #expect(TextLine("a (שלום) b", fonts: chain).direction == .leftToRight)
    }

    @Test func arabicLettersAreJoined() throws {
        let chain = try unifont()
        // مرحبا: meem initial, reh final, hah initial, beh medial, alef final; the first letter at the right.
        let forms: [Unicode.Scalar] = ["\u{FEE3}", "\u{FEAE}", "\u{FEA3}", "\u{FE92}", "\u{FE8E}"]
        let expected = try placed(forms.reversed().enumerated().map { ($1, 8 * $0) }, in: chain, width: 40)
        #expect(shown("مرحبا", in: chain) == expected)
        #expect(shown("مرحبا", in: chain) != FontArt.line("ابحرم", in: chain), "not the isolated forms")
    }

    @Test func lamAlefIsOneLigatureWhoseColumnsBothLettersShare() throws {
        let chain = try unifont()
        // سلام: seen initial, lam-alef final ligature, meem isolated.
        let expected = try placed([("\u{FEE1}", 0), ("\u{FEFC}", 8), ("\u{FEB3}", 16)], in: chain, width: 24)
        #expect(shown("سلام", in: chain) == expected)
        let line = TextLine("سلام", fonts: chain)
        #expect(line.characterSpans == [16..<24, 8..<16, 8..<16, 0..<8])
        #expect(line.span(ofCharacters: 0..<2) == 8..<24, "the lam lights the whole ligature")
    }

    @Test func arabicInAFontWithoutPresentationFormsShowsTheLettersAsWritten() {
        let font = FontChainTests.blockFont(
            "letters", ascent: 7, descent: 1, width: 3, covering: "سلامرحب", replacement: true)
        let chain = FontChain([font])
        for text in ["سلام", "مرحبا"] {
            let line = TextLine(text, fonts: chain)
            #expect(line.placements.count == text.count, "\(text)")
            #expect(line.placements.allSatisfy { $0.glyph != font.replacement }, "\(text)")
        }
    }

    @Test func devanagariMarksAndConjunctsAreDrawnOverTheirBases() throws {
        let chain = try unifont()
        // नमस्ते: na, ma, sa with virama over it, ta with the vowel sign e over it; Unifont's cells are 16 wide.
        let expected = try placed(
            [("\u{928}", 0), ("\u{92E}", 16), ("\u{938}", 32), ("\u{94D}", 32), ("\u{924}", 48), ("\u{947}", 48)],
            in: chain, width: 64)
        #expect(shown("नमस्ते", in: chain) == expected)
        #expect(!TextLine("नमस्ते", fonts: chain).placements.contains { $0.glyph == chain.replacement })
    }

    @Test func thaiVowelMarksAreDrawnOverTheirConsonants() throws {
        let chain = try unifont()
        // สวัสดี: so suea, wo waen with mai han-akat, so suea, do dek with sara ii.
        let expected = try placed(
            [("\u{E2A}", 0), ("\u{E27}", 8), ("\u{E31}", 8), ("\u{E2A}", 16), ("\u{E14}", 24), ("\u{E35}", 24)],
            in: chain, width: 32)
        #expect(shown("สวัสดี", in: chain) == expected)
    }

    @Test func hebrewPointsAreDrawnOverTheirLetters() throws {
        let chain = try unifont()
        // שָׁלוֹם: shin with qamats and shin dot, lamed, vav with holam, final mem; read from the right.
        let expected = try placed(
            [
                ("\u{5DD}", 0), ("\u{5D5}", 8), ("\u{5B9}", 8), ("\u{5DC}", 16), ("\u{5E9}", 24), ("\u{5B8}", 24),
                ("\u{5C1}", 24),
            ],
            in: chain, width: 32)
        #expect(shown("\u{5E9}\u{5B8}\u{5C1}\u{5DC}\u{5D5}\u{5B9}\u{5DD}", in: chain) == expected)
    }

    @Test func aMarkIsCentredOnTheCellOfItsBaseRoundingLeft() {
        func mark(advance: Int) -> Glyph {
            Glyph(advance: advance, width: 1, height: 1, xOffset: 0, yOffset: 0, rows: [0x80])
        }
        #expect(FontChain.markPosition(mark(advance: 8), over: 0..<8) == 0)
        #expect(FontChain.markPosition(mark(advance: 8), over: 16..<32) == 20)
        #expect(FontChain.markPosition(mark(advance: 16), over: 8..<16) == 4)
        #expect(FontChain.markPosition(mark(advance: 3), over: 0..<8) == 2)
        #expect(FontChain.markPosition(mark(advance: 9), over: 0..<8) == -1)
        #expect(FontChain.markPosition(mark(advance: 0), over: 0..<8) == 8, "a mark without room: from the pen")
    }

    @Test func aSpacingMarkTakesItsOwnRoom() throws {
        let chain = try unifont()
        // की: ka, then the spacing vowel sign ii after it.
        let drawing = chain.drawing(of: ["\u{915}", "\u{940}"])
        #expect(drawing.parts.map(\.x) == [0, 16])
        #expect(drawing.advance == 32)
    }
}
