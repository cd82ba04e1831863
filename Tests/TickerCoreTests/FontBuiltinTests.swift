import Testing
@testable import TickerCore

/// The rows of a glyph's box as `#` (lit) and `.` (off), top row first.
func art(_ glyph: Glyph) -> [String] {
    (0..<glyph.height).map { y in String((0..<glyph.width).map { x in glyph.isSet(x: x, y: y) ? "#" : "." }) }
}

/// `text` set in `chain` on one line, as tall as the chain, each glyph placed by its offsets and advance.
func rendered(_ text: String, in chain: FontChain) -> [String] {
    let glyphs = text.map(chain.glyph(for:))
    let width = glyphs.reduce(0) { $0 + $1.advance }
    var rows = Array(repeating: Array(repeating: Character("."), count: width), count: chain.height)
    var pen = 0
    for glyph in glyphs {
        for y in 0..<glyph.height {
            for x in 0..<glyph.width where glyph.isSet(x: x, y: y) {
                let row = chain.ascent - (glyph.yOffset + glyph.height) + y
                let column = pen + glyph.xOffset + x
                if rows.indices.contains(row), column >= 0, column < width { rows[row][column] = "#" }
            }
        }
        pen += glyph.advance
    }
    return rows.map { String($0) }
}

func rendered(_ text: String, in font: BitmapFont) -> [String] {
    rendered(text, in: FontChain([font]))
}

/// A built-in font with the code points it promises to cover.
struct BuiltinFontCase: Sendable, CustomTestStringConvertible {
    let font: BitmapFont
    let coverage: [ClosedRange<UInt32>]
    var testDescription: String { font.name }

    static let builtin = BuiltinFontCase(
        font: .builtin,
        coverage: [0x20...0x7E, 0xA0...0xFF, 0x100...0x17F] + typographic.map { $0...$0 } + [0x266B...0x266B])
    static let small = BuiltinFontCase(
        font: .small,
        coverage: [0x20...0x7E, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF] + typographic.map { $0...$0 })
    static let all = [builtin, small]

    /// ‘ ’ ‚ “ ” „ – — … • ‹ › € ™ ♪ and the replacement character.
    static let typographic: [UInt32] = [
        0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E, 0x2013, 0x2014, 0x2026, 0x2022, 0x2039, 0x203A,
        0x20AC, 0x2122, 0x266A, 0xFFFD,
    ]
}

/// A range of code points a font must cover, named for the test report.
struct CoverageCase: Sendable, CustomTestStringConvertible {
    let font: BitmapFont
    let range: ClosedRange<UInt32>
    var testDescription: String {
        "\(font.name) U+\(String(range.lowerBound, radix: 16, uppercase: true))…U+\(String(range.upperBound, radix: 16, uppercase: true))"
    }

    static let all = BuiltinFontCase.all.flatMap { fontCase in
        fontCase.coverage.map { CoverageCase(font: fontCase.font, range: $0) }
    }
}

@Suite struct FontBuiltinTests {
    @Test func builtinIsEightPixelsTallWithOneRowOfDescender() {
        #expect(BitmapFont.builtin.ascent == 7)
        #expect(BitmapFont.builtin.descent == 1)
        #expect(BitmapFont.builtin.height == 8)
    }

    @Test func smallIsSixPixelsTallWithOneRowOfDescender() {
        #expect(BitmapFont.small.ascent == 5)
        #expect(BitmapFont.small.descent == 1)
        #expect(BitmapFont.small.height == 6)
    }

    @Test(arguments: CoverageCase.all)
    func everyCoveredCodePointHasAGlyph(_ coverage: CoverageCase) {
        let missing = coverage.range.filter { coverage.font.glyphs[$0] == nil }
        #expect(missing.isEmpty, "missing: \(missing.map { "U+" + String($0, radix: 16, uppercase: true) })")
    }

    @Test(arguments: BuiltinFontCase.all)
    func everyGlyphFitsItsBoxAndTheFontsHeight(_ fontCase: BuiltinFontCase) {
        let font = fontCase.font
        for (code, glyph) in font.glyphs.sorted(by: { $0.key < $1.key }) {
            let name = "U+" + String(code, radix: 16, uppercase: true)
            #expect(glyph.rows.count == glyph.height * glyph.bytesPerRow, "\(name) row bytes")
            #expect(glyph.yOffset >= -font.descent, "\(name) reaches below the descent")
            #expect(glyph.yOffset + glyph.height <= font.ascent, "\(name) reaches above the ascent")
            #expect(glyph.xOffset == 0, "\(name) is offset")
            for y in 0..<glyph.height {
                for x in glyph.width..<(glyph.bytesPerRow * 8) {
                    let byte = glyph.rows[y * glyph.bytesPerRow + x / 8]
                    #expect(byte & (0x80 >> UInt8(x % 8)) == 0, "\(name) has a bit set beyond its width")
                }
            }
        }
    }

    @Test(arguments: BuiltinFontCase.all)
    func eachBoxIsTheInkAndAdvanceLeavesOneColumn(_ fontCase: BuiltinFontCase) {
        for (code, glyph) in fontCase.font.glyphs where glyph.width > 0 {
            let name = "U+" + String(code, radix: 16, uppercase: true)
            let rows = art(glyph)
            #expect(glyph.advance == glyph.width + 1, "\(name) advance")
            #expect(rows.first?.contains("#") == true && rows.last?.contains("#") == true, "\(name) blank edge row")
            #expect(rows.contains { $0.first == "#" } && rows.contains { $0.last == "#" }, "\(name) blank edge column")
        }
    }

    @Test func spaceAdvancesThreeColumnsInTheBuiltinFont() throws {
        let space = try #require(BitmapFont.builtin.glyph(for: " "))
        #expect(space.width == 0)
        #expect(space.advance == 3)
        #expect(BitmapFont.builtin.glyph(for: "\u{A0}") == space)
    }

    @Test(arguments: BuiltinFontCase.all)
    func replacementIsTheBoxedQuestionMarkAndLightsPixels(_ fontCase: BuiltinFontCase) throws {
        let replacement = try #require(fontCase.font.replacement)
        #expect(replacement == fontCase.font.glyph(for: "\u{FFFD}"))
        #expect(art(replacement).joined().filter { $0 == "#" }.count > 10)
    }

    @Test(arguments: [
        ("builtin", "ÀÁÂÃÄÅĀĂĄ"), ("builtin", "àáâãäåāăą"), ("builtin", "ÒÓÔÕÖŌŎŐØ"), ("builtin", "òóôõöōŏőø"),
        ("builtin", "ÙÚÛÜŨŪŬŮŰŲ"), ("builtin", "ùúûüũūŭůűų"), ("builtin", "CÇĆĈĊČ"), ("builtin", "eèéêëēĕėęě"),
        ("builtin", "ıìíîïĩīĭ"), ("builtin", "SŚŜŞŠ"), ("builtin", "ZŹŻŽ"), ("builtin", "lļľłŀĺ"),
        ("small", "AÀÁÂÃÄÅ"), ("small", "aàáâãäå"), ("small", "oòóôõöø"), ("small", "eèéêë"), ("small", "uùúûü"),
    ])
    func accentedLettersOfOneBaseAllLookDifferent(font: String, letters: String) {
        let face = font == "small" ? BitmapFont.small : BitmapFont.builtin
        let drawings = letters.unicodeScalars.map { face.glyph(for: $0).map(art) ?? [] }
        #expect(Set(drawings).count == letters.unicodeScalars.count)
    }

    @Test(arguments: BuiltinFontCase.all)
    func accentsOnCapitalsStayInsideTheAscentAndAboveTheLetter(_ fontCase: BuiltinFontCase) throws {
        let font = fontCase.font
        let plain = try #require(font.glyph(for: "E"))
        let accented = try #require(font.glyph(for: "É"))
        #expect(accented.yOffset == plain.yOffset)
        #expect(accented.yOffset + accented.height == font.ascent)
    }

    @Test func builtinCapitalIsFiveRowsOnTheBaseline() throws {
        let glyph = try #require(BitmapFont.builtin.glyph(for: "A"))
        #expect(glyph.yOffset == 0)
        #expect(art(glyph) == [
            ".##.",
            "#..#",
            "####",
            "#..#",
            "#..#",
        ])
    }

    @Test func builtinLowercaseGDescendsOneRow() throws {
        let glyph = try #require(BitmapFont.builtin.glyph(for: "g"))
        #expect(glyph.yOffset == -1)
        #expect(art(glyph) == [
            ".###",
            "#..#",
            ".###",
            "...#",
            ".##.",
        ])
    }

    @Test func builtinLowercaseAccentLeavesARowAboveTheXHeight() throws {
        let glyph = try #require(BitmapFont.builtin.glyph(for: "é"))
        #expect(art(glyph) == [
            "..#.",
            ".#..",
            "....",
            ".##.",
            "####",
            "#...",
            ".##.",
        ])
    }

    @Test func builtinDiaeresisOverACapitalKeepsAGap() throws {
        let glyph = try #require(BitmapFont.builtin.glyph(for: "Ö"))
        #expect(art(glyph) == [
            ".#.#.",
            ".....",
            ".###.",
            "#...#",
            "#...#",
            "#...#",
            ".###.",
        ])
    }

    @Test func builtinReplacementIsAQuestionMarkCutOutOfABox() throws {
        let glyph = try #require(BitmapFont.builtin.replacement)
        #expect(art(glyph) == [
            "#####",
            "#...#",
            "###.#",
            "##.##",
            "#####",
            "##.##",
            "#####",
        ])
    }

    @Test func builtinSetsAWordOnOneBaseline() {
        #expect(rendered("Björk", in: .builtin) == [
            ".....................",
            "......#.#..#.....#...",
            "###..............#...",
            "#..#..#..##..#.#.#.#.",
            "###...#.#..#.##..##..",
            "#..#..#.#..#.#...#.#.",
            "###...#..##..#...#.#.",
            ".....#...............",
        ])
    }

    @Test func smallAccentedCapitalIsSqueezedUnderItsAccent() throws {
        let glyph = try #require(BitmapFont.small.glyph(for: "É"))
        #expect(art(glyph) == [
            ".#.",
            "#..",
            "###",
            "##.",
            "###",
        ])
    }

    @Test func smallSetsTwoWordsOnOneBaseline() {
        #expect(rendered("Now playing", in: .small) == [
            "#..#.................#.........#.........",
            "##.#.................#...................",
            "#.##..#..#...#...##..#..##.#.#.#.##...##.",
            "#..#.#.#.#.#.#...#.#.#.#.#.#.#.#.#.#.#.#.",
            "#..#..#...#.#....##..#..##..##.#.#.#..##.",
            ".................#.........##........##..",
        ])
    }
}
