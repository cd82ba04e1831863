// fuzz-module: TickerCore TickerWire
// Feeds arbitrary text to the paths that lay a lyric out: the line breaks (ICU's, for the input as UTF-8 and
// for its bytes read three at a time as arbitrary Unicode scalars: inside the text, last first, dropping only
// spaces, never splitting a character, the same every time), a chain whose fallback is taller than the zone
// (the first font's box kept, every row inside the zone), the wrap over a split panel (both halves fit their
// zones) and the pace's units.

@testable import TickerCore
@testable import TickerWire

/// A 16-row fallback font covering a few East Asian characters, as Unifont does, after the built-in font.
private let chain: FontChain = {
    let block = Glyph(
        advance: 16, width: 15, height: 16, xOffset: 0, yOffset: -2, rows: Array(repeating: 0xFF, count: 32))
    let covered = "我们在夜「」。、ー가"
    let glyphs = Dictionary(uniqueKeysWithValues: covered.unicodeScalars.map { ($0.value, block) })
    return FontChain([.builtin, BitmapFont(name: "tall", ascent: 14, descent: 2, glyphs: glyphs, replacement: nil)])
}()

/// The bytes read three at a time as Unicode scalars (the value modulo the code space; a surrogate is skipped).
private func scalars(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var text = String.UnicodeScalarView()
    var index = 0
    while index + 2 < bytes.count {
        let value = (UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])) % 0x11_0000
        if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        index += 3
    }
    return String(text)
}

/// Checks the breaks of `characters`.
private func checkBreaks(_ characters: [Character]) {
    let breaks = LineBreaks.candidates(in: characters)
    var previous = Int.max
    for split in breaks {
        check(split.end > 0 && split.end <= split.start && split.start < characters.count, "break outside the text")
        check(split.start < previous, "breaks not last first, or twice")
        check(characters[split.end..<split.start].allSatisfy(\.isWhitespace), "a break drops more than spaces")
        check(!characters[split.end - 1].isWhitespace, "a break leaves spaces at the end of the first part")
        previous = split.start
    }
    check(LineBreaks.candidates(in: characters) == breaks, "breaks differ from one time to the next")
}

func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    let characters = Array(text)
    checkBreaks(characters)
    checkBreaks(Array(scalars(bytes)))
    check(LyricsPace.units(of: text) >= characters.count, "fewer units than characters")
    let line = TextLine(text, fonts: chain)
    check(line.ascent >= BitmapFont.builtin.ascent && line.descent >= BitmapFont.builtin.descent, "box too small")
    for height in [0, 7, 8, 16] {
        let strip = Strip(line, height: height)
        for column in strip.columns { check(height >= 64 || column >> UInt64(height) == 0, "ink outside the zone") }
    }
    var style = SceneStyle(arrangement: .split, fonts: chain)
    style.marquee = MarqueeStyle(fadeEdges: false)
    let scene = Scene(width: 64, height: 16, depth: .two, style: style)
    check(scene.fontWarnings.count == 2, "no warning for the tall fallback")
    let wrapped = WrappedLyric(
        line: LyricLine(text: text, start: .zero, end: .seconds(5)), top: scene.layout.top, bottom: scene.layout.bottom)
    if wrapped.fits {
        check(wrapped.widths[0] <= 64 && wrapped.widths[1] <= 64, "a wrapped half wider than its zone")
        check(wrapped.first.count + wrapped.second.count <= characters.count, "wrapped halves longer than the line")
    }
    return 0
}

private func check(_ condition: Bool, _ what: String) {
    if !condition { fatalError(what) }
}
