import Foundation
import Testing
import TickerCore
import TickerTestSupport

/// `tickerctl render` with GNU Unifont on text beyond Latin, as a listener's library holds it: what the panel
/// shows must be the font's own glyphs in the shaped, visual order.
@Suite struct RenderScriptsTests {
    /// Unifont from Debian's xfonts-unifont, converted as the README says, cut down to the glyphs of `scalars`
    /// (with the space and the replacement character) so that a debug build reads it in a moment; and the font
    /// the test reads from that file.
    func unifont(for scalars: [Unicode.Scalar], in rig: Rig) throws -> (path: String, font: BitmapFont) {
        let whole = rig.path("unifont-whole.bdf")
        try Child.run("/usr/bin/pcf2bdf", ["-o", whole, "/usr/share/fonts/X11/misc/unifont.pcf.gz"])
        let text = try String(contentsOfFile: whole, encoding: .utf8)
        let kept = Set(scalars.map { Int($0.value) } + [0x20, 0xFFFD])
        let blocks = text.components(separatedBy: "STARTCHAR ")
        let chars = blocks.dropFirst().filter { block in
            block.split(separator: "\n").contains {
                $0.hasPrefix("ENCODING ") && kept.contains(Int($0.dropFirst(9)) ?? -1)
            }
        }
        let header = blocks[0].replacingOccurrences(
            of: #"CHARS \d+"#, with: "CHARS \(chars.count)", options: .regularExpression)
        let cut =
            header + chars.map { "STARTCHAR " + $0.replacingOccurrences(of: "ENDFONT\n", with: "") }.joined()
            + "ENDFONT\n"
        let path = try rig.file("unifont.bdf", cut)
        return (path, try BitmapFont(bdf: Array(cut.utf8), file: "unifont.bdf"))
    }

    /// The lit pixels of `art` (rows of `#`, `+` and `.`), cut to the columns from the first lit to the last.
    func ink(_ art: String) -> [String] {
        let rows = art.split(separator: "\n").map { Array($0) }
        let lit = rows.flatMap { row in row.indices.filter { row[$0] != "." } }
        guard let first = lit.min(), let last = lit.max() else { return [] }
        return rows.map { row in String(row[first...last].map { $0 == "." ? "." : "#" }) }
    }

    /// `scalars`' glyphs from `font` set left to right at their advances, on rows as tall as the font.
    func set(_ scalars: [Unicode.Scalar], in font: BitmapFont) throws -> String {
        let glyphs = try scalars.map { try #require(font.glyph(for: $0), "U+\($0)") }
        var rows = Array(
            repeating: Array(repeating: Character("."), count: glyphs.reduce(0) { $0 + $1.advance }),
            count: font.ascent + font.descent)
        var pen = 0
        for glyph in glyphs {
            for y in 0..<glyph.height {
                for x in 0..<glyph.width where glyph.isSet(x: x, y: y) {
                    rows[font.ascent - glyph.yOffset - glyph.height + y][pen + glyph.xOffset + x] = "#"
                }
            }
            pen += glyph.advance
        }
        return rows.map { String($0) }.joined(separator: "\n")
    }

    /// What `tickerctl render` shows of `text` on a panel `width` columns wide, 16 rows tall, wide enough not to scroll.
    func render(_ text: String, font: String, width: Int, rig: Rig) async throws -> String {
        let run = try rig.tickerctl(["render", "--text", text, "--size", "\(width)x16", "--font", font, "--at", "0"])
        #expect(try await rig.exit(of: run) == .exited(0), "\(run.lines)")
        return run.outputText
    }

    @Test func arabicIsRenderedInItsJoinedForms() async throws {
        let rig = try Rig()
        // مرحبا in its presentation forms, the first letter (meem, initial) at the right.
        let forms: [Unicode.Scalar] = ["\u{FE8E}", "\u{FE92}", "\u{FEA3}", "\u{FEAE}", "\u{FEE3}"]
        let (path, font) = try unifont(for: forms + Array("مرحبا".unicodeScalars), in: rig)
        let expected = try set(forms, in: font)
        #expect(ink(try await render("مرحبا", font: path, width: 64, rig: rig)) == ink(expected))
    }

    @Test func aFormulaInsideAHebrewLineKeepsItsBrackets() async throws {
        let rig = try Rig()
        let (path, font) = try unifont(for: Array("שלום f(x) טוב".unicodeScalars), in: rig)
        let expected = try set(Array("בוט f(x) םולש".unicodeScalars), in: font)
        #expect(ink(try await render("שלום f(x) טוב", font: path, width: 128, rig: rig)) == ink(expected))
    }
}
