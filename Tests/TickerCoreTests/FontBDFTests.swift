import Foundation
import Testing

@testable import TickerCore

enum FontBDFSample {
    /// A small, valid BDF font: a 3 × 5 'A', a 12-pixel-wide bar that dips below the baseline, a '?' named
    /// as the default character, and one unencoded glyph.
    static let text = """
        STARTFONT 2.1
        COMMENT drawn for the tests
        FONT -test-sample-medium
        SIZE 8 75 75
        FONTBOUNDINGBOX 12 7 0 -2
        STARTPROPERTIES 3
        FONT_ASCENT 6
        FONT_DESCENT 2
        DEFAULT_CHAR 63
        ENDPROPERTIES
        CHARS 4
        STARTCHAR A
        ENCODING 65
        SWIDTH 500 0
        DWIDTH 4 0
        BBX 3 5 0 0
        BITMAP
        40
        A0
        E0
        A0
        A0
        ENDCHAR
        STARTCHAR bar
        ENCODING 95
        DWIDTH 13 0
        BBX 12 2 1 -2
        BITMAP
        FFFF
        8010
        ENDCHAR
        STARTCHAR question
        ENCODING 63
        DWIDTH 4 0
        BBX 3 5 0 0
        BITMAP
        C0
        20
        40
        00
        40
        ENDCHAR
        STARTCHAR unencoded
        ENCODING -1
        DWIDTH 4 0
        BBX 1 1 0 0
        BITMAP
        80
        ENDCHAR
        ENDFONT

        """
}

/// A malformed BDF snippet and the exact error it must produce.
struct FontMalformedBDFCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let message: String
    var testDescription: String { name }

    /// The sample with the first occurrence of `target` replaced by `replacement`.
    static func sample(replacing target: String, with replacement: String) -> String {
        guard let range = FontBDFSample.text.range(of: target) else { return "target not in sample: \(target)" }
        return FontBDFSample.text.replacingCharacters(in: range, with: replacement)
    }

    static let all: [FontMalformedBDFCase] = [
        .init(name: "empty file", text: "", message: "t.bdf:1: empty file ('') — expected 'STARTFONT 2.1'"),
        .init(
            name: "not a font", text: "hello world\n",
            message: "t.bdf:1: not a BDF font ('hello world') — expected 'STARTFONT 2.1' on the first line"),
        .init(
            name: "future version", text: sample(replacing: "STARTFONT 2.1", with: "STARTFONT 3.0"),
            message: "t.bdf:1: unsupported BDF version ('STARTFONT 3.0') — expected 'STARTFONT 2.1'"),
        .init(
            name: "no metrics", text: "STARTFONT 2.1\nFONT x\nCHARS 0\nENDFONT\n",
            message:
                "t.bdf:3: no font metrics ('CHARS 0') — expected FONTBOUNDINGBOX, or FONT_ASCENT and FONT_DESCENT, before 'CHARS'"
        ),
        .init(
            name: "box too wide", text: sample(replacing: "BBX 3 5 0 0", with: "BBX 300 5 0 0"),
            message: "t.bdf:16: glyph box width out of range ('300') — expected glyph box width from 0 to 256"),
        .init(
            name: "box too tall", text: sample(replacing: "BBX 3 5 0 0", with: "BBX 3 257 0 0"),
            message: "t.bdf:16: glyph box height out of range ('257') — expected glyph box height from 0 to 256"),
        .init(
            name: "box with missing values", text: sample(replacing: "BBX 3 5 0 0", with: "BBX 3 5"),
            message: "t.bdf:16: missing values ('BBX 3 5') — expected 'BBX width height xoffset yoffset'"),
        .init(
            name: "advance not a number", text: sample(replacing: "DWIDTH 4 0", with: "DWIDTH four 0"),
            message: "t.bdf:15: not an integer ('four') — expected 'DWIDTH x y'"),
        .init(
            name: "number too long to be one",
            text: sample(replacing: "ENCODING 65", with: "ENCODING 99999999999999999999"),
            message: "t.bdf:13: not an integer ('99999999999999999999') — expected 'ENCODING code'"),
        .init(
            name: "odd hex digits", text: sample(replacing: "A0\nE0", with: "A0\nE0E"),
            message: "t.bdf:20: odd number of hex digits ('E0E') — expected two hex digits per byte"),
        .init(
            name: "not hex", text: sample(replacing: "A0\nE0", with: "A0\nG0"),
            message: "t.bdf:20: not a hex digit ('G0') — expected digits 0-9 and A-F in a bitmap row"),
        .init(
            name: "row too short for the width", text: sample(replacing: "FFFF", with: "FF"),
            message: "t.bdf:29: bitmap row of the wrong length ('FF') — expected 4 hex digits for a width of 12"),
        .init(
            name: "too few rows", text: sample(replacing: "E0\nA0\nA0\n", with: "E0\n"),
            message: "t.bdf:21: bitmap has 3 of 5 rows ('ENDCHAR') — expected 5 rows of 2 hex digits, as BBX says"),
        .init(
            name: "too many rows", text: sample(replacing: "E0\nA0\nA0\n", with: "E0\nA0\nA0\nA0\n"),
            message: "t.bdf:23: bitmap has more rows than its box ('A0') — expected 'ENDCHAR' after 5 rows"),
        .init(
            name: "bitmap before box", text: sample(replacing: "BBX 3 5 0 0\n", with: ""),
            message: "t.bdf:16: bitmap before the glyph box ('BITMAP') — expected 'BBX' before 'BITMAP'"),
        .init(
            name: "glyph not closed", text: sample(replacing: "ENDCHAR\nSTARTCHAR bar", with: "STARTCHAR bar"),
            message: "t.bdf:23: bitmap has more rows than its box ('STARTCHAR bar') — expected 'ENDCHAR' after 5 rows"),
        .init(
            name: "properties not closed", text: sample(replacing: "ENDPROPERTIES\n", with: ""),
            message: "t.bdf:10: properties not closed ('CHARS 4') — expected 'ENDPROPERTIES' first"),
        .init(
            name: "pen moving backwards", text: sample(replacing: "DWIDTH 4 0", with: "DWIDTH -4 0"),
            message: "t.bdf:15: advance out of range ('-4') — expected advance from 0 to 1024"),
        .init(
            name: "negative ascent", text: sample(replacing: "FONT_ASCENT 6", with: "FONT_ASCENT -1"),
            message: "t.bdf:7: FONT_ASCENT out of range ('-1') — expected FONT_ASCENT from 0 to 1024"),
        .init(
            name: "too many glyphs declared", text: sample(replacing: "CHARS 4", with: "CHARS 70001"),
            message: "t.bdf:11: glyph count out of range ('70001') — expected glyph count from 0 to 70000"),
        .init(
            name: "stray keyword between glyphs",
            text: sample(replacing: "STARTCHAR bar", with: "BBX 1 1 0 0\nSTARTCHAR bar"),
            message: "t.bdf:24: unexpected keyword ('BBX 1 1 0 0') — expected 'STARTCHAR' or 'ENDFONT'"),
        .init(
            name: "glyph before header ends", text: "STARTFONT 2.1\nFONTBOUNDINGBOX 1 1 0 0\nSTARTCHAR a\n",
            message: "t.bdf:3: glyphs before the font header ends ('STARTCHAR a') — expected 'CHARS count' first"),
        .init(
            name: "missing ENDFONT", text: sample(replacing: "ENDFONT\n", with: ""),
            message: "t.bdf:49: file ends early ('end of file') — expected 'ENDFONT'"),
        .init(
            name: "cut inside a bitmap",
            text: "STARTFONT 2.1\nFONTBOUNDINGBOX 8 2 0 0\nCHARS 1\nSTARTCHAR a\nBBX 8 2 0 0\nBITMAP\nFF\n",
            message: "t.bdf:7: file ends early ('end of file') — expected 2 bitmap rows and 'ENDCHAR'"),
        .init(
            name: "binary garbage is shown printable",
            text: "\u{1}\u{7F}STARTFONT\u{FF}\u{2028}" + String(repeating: "x", count: 50),
            message:
                "t.bdf:1: not a BDF font ('??STARTFONT??xxxxxxxxxxxxxxxxxxxxxxxxxxx…') — expected 'STARTFONT 2.1' on the first line"
        ),
    ]
}

@Suite struct FontBDFTests {
    @Test func loadsMetricsGlyphsAndDefaultCharacter() throws {
        let font = try BitmapFont(bdf: FontBDFSample.text, file: "sample.bdf")
        #expect(font.name == "-test-sample-medium")
        #expect(font.ascent == 6)
        #expect(font.descent == 2)
        #expect(font.glyphs.count == 3)
        let a = try #require(font.glyph(for: "A"))
        #expect(a.advance == 4)
        #expect(FontArt.rows(a) == [".#.", "#.#", "###", "#.#", "#.#"])
        #expect(font.replacement == font.glyph(for: "?"))
    }

    @Test func placesGlyphsOnTheBaselineByTheirBoxOffsets() throws {
        let bar = try #require(try BitmapFont(bdf: FontBDFSample.text, file: "sample.bdf").glyph(for: "_"))
        #expect(bar.width == 12)
        #expect(bar.xOffset == 1)
        #expect(bar.yOffset == -2)
        #expect(bar.advance == 13)
        #expect(bar.rows == [0xFF, 0xF0, 0x80, 0x10])
        #expect(FontArt.rows(bar) == ["############", "#..........#"])
    }

    @Test func readsCRLFBlankLinesAndCommentsLikePlainLines() throws {
        let plain = try BitmapFont(bdf: FontBDFSample.text, file: "sample.bdf")
        let crlf = FontBDFSample.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : $0 + "\r\n\r\nCOMMENT between\r\n" }.joined()
        let loaded = try BitmapFont(bdf: crlf, file: "crlf.bdf")
        #expect(loaded.glyphs == plain.glyphs)
        #expect(loaded.ascent == plain.ascent)
        #expect(loaded.descent == plain.descent)
    }

    @Test func takesMetricsFromTheBoundingBoxWithoutProperties() throws {
        let text = FontMalformedBDFCase.sample(
            replacing: "FONT_ASCENT 6\nFONT_DESCENT 2\nDEFAULT_CHAR 63\n", with: "")
        let font = try BitmapFont(bdf: text, file: "sample.bdf")
        #expect(font.ascent == 5)
        #expect(font.descent == 2)
        #expect(font.replacement == nil)
    }

    @Test func boxAboveTheBaselineGivesNoNegativeDescent() throws {
        let text = "STARTFONT 2.1\nFONTBOUNDINGBOX 4 4 0 2\nCHARS 0\nENDFONT\n"
        let font = try BitmapFont(bdf: text, file: "high.bdf")
        #expect(font.ascent == 6)
        #expect(font.descent == 0)
    }

    @Test func dropsPaddingBytesAndBitsBeyondTheWidth() throws {
        let text = FontMalformedBDFCase.sample(replacing: "40\nA0\nE0", with: "40FF\nBF00\nE0")
        let a = try #require(try BitmapFont(bdf: text, file: "sample.bdf").glyph(for: "A"))
        #expect(a.rows == [0x40, 0xA0, 0xE0, 0xA0, 0xA0])
    }

    @Test func keepsTheFirstOfTwoGlyphsWithOneEncoding() throws {
        let text = FontMalformedBDFCase.sample(replacing: "ENCODING 95", with: "ENCODING 65")
        let a = try #require(try BitmapFont(bdf: text, file: "sample.bdf").glyph(for: "A"))
        #expect(a.width == 3)
    }

    @Test func skipsUnencodedGlyphs() throws {
        let font = try BitmapFont(bdf: FontBDFSample.text, file: "sample.bdf")
        #expect(!font.glyphs.values.contains { $0.width == 1 && $0.height == 1 })
    }

    @Test(arguments: FontMalformedBDFCase.all)
    func refusesMalformedFilesNamingLineTokenAndExpectation(_ malformed: FontMalformedBDFCase) {
        do {
            _ = try BitmapFont(bdf: malformed.text, file: "t.bdf")
            Issue.record("loaded a malformed font")
        } catch {
            #expect(error.description == malformed.message)
        }
    }

    @Test func refusesMoreGlyphsThanTheLimitWhateverCharsSays() {
        var text = "STARTFONT 2.1\nFONTBOUNDINGBOX 1 1 0 0\nCHARS 1\n"
        let glyph = "STARTCHAR g\nENCODING 1\nBBX 0 0 0 0\nBITMAP\nENDCHAR\n"
        text += String(repeating: glyph, count: 70_001) + "ENDFONT\n"
        #expect(
            throws: FontError.malformedBDF(
                file: "big.bdf", line: 3 + 70_000 * 5 + 1, problem: "too many glyphs", token: "STARTCHAR g",
                expected: "at most 70000")
        ) {
            _ = try BitmapFont(bdf: text, file: "big.bdf")
        }
    }
}
