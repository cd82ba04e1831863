import Foundation
import Testing
import TickerCore
import TickerTestSupport

/// `tickerctl render` with GNU Unifont on text beyond Latin, as a listener's library holds it: what the panel
/// shows must be the font's own glyphs in the shaped, visual order.
@Suite struct RenderScriptsTests {
    /// Unifont from Debian's xfonts-unifont, converted as the README says, and the font the test reads from it.
    func unifont(in rig: Rig) throws -> (path: String, font: BitmapFont) {
        let path = rig.path("unifont.bdf")
        try Child.run("/usr/bin/pcf2bdf", ["-o", path, "/usr/share/fonts/X11/misc/unifont.pcf.gz"])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return (path, try BitmapFont(bdf: bytes, file: "unifont.bdf"))
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
        let (path, font) = try unifont(in: rig)
        // مرحبا in its presentation forms, the first letter (meem, initial) at the right.
        let expected = try set(["\u{FE8E}", "\u{FE92}", "\u{FEA3}", "\u{FEAE}", "\u{FEE3}"], in: font)
        #expect(ink(try await render("مرحبا", font: path, width: 64, rig: rig)) == ink(expected))
    }

    @Test func aFormulaInsideAHebrewLineKeepsItsBrackets() async throws {
        let rig = try Rig()
        let (path, font) = try unifont(in: rig)
        let expected = try set(Array("בוט f(x) םולש".unicodeScalars), in: font)
        #expect(ink(try await render("שלום f(x) טוב", font: path, width: 128, rig: rig)) == ink(expected))
    }
}
