// fuzz-module: TickerCore TickerWire
// Feeds arbitrary bytes to the BDF loader: it must either load a font whose glyphs are internally
// consistent or throw, never crash, hang or read out of bounds.

@testable import TickerCore
@testable import TickerWire

func fuzzBdf(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let font = try BitmapFont(bdf: bytes, file: "fuzz.bdf")
        for glyph in font.glyphs.values where glyph.rows.count != glyph.height * glyph.bytesPerRow {
            fatalError("glyph rows do not match its box")
        }
        let chain = FontChain([font])
        for character in ["A", "e\u{301}", "\u{1F469}\u{200D}\u{1F4BB}", "\t", "\u{7}"] as [Character] {
            let glyph = chain.glyph(for: character)
            _ = glyph.isSet(x: glyph.width - 1, y: glyph.height - 1)
        }
    } catch {
        _ = error.description
    }
    return 0
}
