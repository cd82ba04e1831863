import Testing

@testable import TickerCore

/// Glyphs and lines of text as `#` (lit) and `.` (off) rows, so the font tests read as pictures.
enum FontArt {
    /// The rows of a glyph's box, top row first.
    static func rows(_ glyph: Glyph) -> [String] {
        (0..<glyph.height).map { y in String((0..<glyph.width).map { x in glyph.isSet(x: x, y: y) ? "#" : "." }) }
    }

    /// `text` set in `chain` on one line, as tall as the chain, each glyph placed by its offsets and advance.
    static func line(_ text: String, in chain: FontChain) -> [String] {
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

    /// `text` set in `font` alone.
    static func line(_ text: String, in font: BitmapFont) -> [String] {
        line(text, in: FontChain([font]))
    }
}

/// A built-in font with the code points it promises to cover.
struct FontBuiltinCase: Sendable, CustomTestStringConvertible {
    let font: BitmapFont
    let coverage: [ClosedRange<UInt32>]
    var testDescription: String { font.name }

    static let builtin = FontBuiltinCase(
        font: .builtin,
        coverage: [0x20...0x7E, 0xA0...0xFF, 0x100...0x17F] + typographic.map { $0...$0 } + [0x266B...0x266B])
    static let small = FontBuiltinCase(
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
struct FontCoverageCase: Sendable, CustomTestStringConvertible {
    let font: BitmapFont
    let range: ClosedRange<UInt32>
    var testDescription: String {
        "\(font.name) U+\(String(range.lowerBound, radix: 16, uppercase: true))…U+\(String(range.upperBound, radix: 16, uppercase: true))"
    }

    static let all = FontBuiltinCase.all.flatMap { fontCase in
        fontCase.coverage.map { FontCoverageCase(font: fontCase.font, range: $0) }
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

    @Test(arguments: FontCoverageCase.all)
    func everyCoveredCodePointHasAGlyph(_ coverage: FontCoverageCase) {
        let missing = coverage.range.filter { coverage.font.glyphs[$0] == nil }
        #expect(missing.isEmpty, "missing: \(missing.map { "U+" + String($0, radix: 16, uppercase: true) })")
    }

    @Test(arguments: FontBuiltinCase.all)
    func everyGlyphFitsItsBoxAndTheFontsHeight(_ fontCase: FontBuiltinCase) {
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

    @Test(arguments: FontBuiltinCase.all)
    func eachBoxIsTheInkAndAdvanceLeavesOneColumn(_ fontCase: FontBuiltinCase) {
        for (code, glyph) in fontCase.font.glyphs where glyph.width > 0 {
            let name = "U+" + String(code, radix: 16, uppercase: true)
            let rows = FontArt.rows(glyph)
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

    @Test(arguments: FontBuiltinCase.all)
    func replacementIsTheBoxedQuestionMarkAndLightsPixels(_ fontCase: FontBuiltinCase) throws {
        let replacement = try #require(fontCase.font.replacement)
        #expect(replacement == fontCase.font.glyph(for: "\u{FFFD}"))
        #expect(FontArt.rows(replacement).joined().filter { $0 == "#" }.count > 10)
    }

    @Test(arguments: [
        ("builtin", "ÀÁÂÃÄÅĀĂĄ"), ("builtin", "àáâãäåāăą"), ("builtin", "ÒÓÔÕÖŌŎŐØ"), ("builtin", "òóôõöōŏőø"),
        ("builtin", "ÙÚÛÜŨŪŬŮŰŲ"), ("builtin", "ùúûüũūŭůűų"), ("builtin", "CÇĆĈĊČ"), ("builtin", "eèéêëēĕėęě"),
        ("builtin", "ıìíîïĩīĭ"), ("builtin", "SŚŜŞŠ"), ("builtin", "ZŹŻŽ"), ("builtin", "lļľłŀĺ"),
        ("small", "AÀÁÂÃÄÅ"), ("small", "aàáâãäå"), ("small", "oòóôõöø"), ("small", "eèéêë"), ("small", "uùúûü"),
    ])
    func accentedLettersOfOneBaseAllLookDifferent(font: String, letters: String) {
        let face = font == "small" ? BitmapFont.small : BitmapFont.builtin
        let drawings = letters.unicodeScalars.map { face.glyph(for: $0).map(FontArt.rows) ?? [] }
        #expect(Set(drawings).count == letters.unicodeScalars.count)
    }

    @Test(arguments: FontBuiltinCase.all)
    func accentsOnCapitalsStayInsideTheAscentAndAboveTheLetter(_ fontCase: FontBuiltinCase) throws {
        let font = fontCase.font
        let plain = try #require(font.glyph(for: "E"))
        let accented = try #require(font.glyph(for: "É"))
        #expect(accented.yOffset == plain.yOffset)
        #expect(accented.yOffset + accented.height == font.ascent)
    }

    @Test func builtinCapitalIsFiveRowsOnTheBaseline() throws {
        let glyph = try #require(BitmapFont.builtin.glyph(for: "A"))
        #expect(glyph.yOffset == 0)
        #expect(
            FontArt.rows(glyph) == [
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
        #expect(
            FontArt.rows(glyph) == [
                ".###",
                "#..#",
                ".###",
                "...#",
                ".##.",
            ])
    }

    @Test func builtinLowercaseAccentLeavesARowAboveTheXHeight() throws {
        let glyph = try #require(BitmapFont.builtin.glyph(for: "é"))
        #expect(
            FontArt.rows(glyph) == [
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
        #expect(
            FontArt.rows(glyph) == [
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
        #expect(
            FontArt.rows(glyph) == [
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
        #expect(
            FontArt.line("Björk", in: .builtin) == [
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
        #expect(
            FontArt.rows(glyph) == [
                ".#.",
                "#..",
                "###",
                "##.",
                "###",
            ])
    }

    @Test func smallSetsTwoWordsOnOneBaseline() {
        #expect(
            FontArt.line("Now playing", in: .small) == [
                "#..#.................#.........#.........",
                "##.#.................#...................",
                "#.##..#..#...#...##..#..##.#.#.#.##...##.",
                "#..#.#.#.#.#.#...#.#.#.#.#.#.#.#.#.#.#.#.",
                "#..#..#...#.#....##..#..##..##.#.#.#..##.",
                ".................#.........##........##..",
            ])
    }
}
