/// Parses glyph sheets: the pixel-art notation the built-in fonts are drawn in.
///
/// A sheet is a header line naming the characters (a character itself, or `U+XXXX` for one that cannot be
/// written plainly), followed by one line per pixel row of the font, top row first. Each row line holds one
/// token of `#` (lit) and `.` (off) per character, separated by spaces, in header order:
///
///     A    B    I
///     .##. ###. ###
///     #..# ###. .#.
///
/// A text may hold several sheets one after another; blank lines between them are ignored.
enum GlyphSheet {
    /// The drawings of every sheet in `text`, by code point, each `rowsPerGlyph` rows tall. Data that does
    /// not follow the notation is skipped (the tests of each font check its coverage, so a drawing mistake
    /// shows up as a missing glyph there).
    static func parse(_ text: String, rowsPerGlyph: Int) -> [(scalar: UInt32, art: PixelArt)] {
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        var result: [(scalar: UInt32, art: PixelArt)] = []
        var start = 0
        while start + rowsPerGlyph < lines.count {
            let header = lines[start].split(whereSeparator: \.isWhitespace).compactMap(scalar(named:))
            let body = lines[(start + 1)...(start + rowsPerGlyph)].map { $0.split(whereSeparator: \.isWhitespace) }
            start += rowsPerGlyph + 1
            guard body.allSatisfy({ $0.count == header.count }) else { continue }
            for (index, scalar) in header.enumerated() {
                let drawing = body.map { $0[index] }
                guard drawing.allSatisfy({ $0.allSatisfy { $0 == "#" || $0 == "." } }),
                    Set(drawing.map(\.count)).count == 1
                else { continue }
                result.append((scalar, PixelArt(drawing)))
            }
        }
        return result
    }

    /// The code point a header token names: one character, or `U+` and hexadecimal digits.
    private static func scalar(named token: Substring) -> UInt32? {
        if token.count > 2, token.hasPrefix("U+") {
            return UInt32(token.dropFirst(2), radix: 16)
        }
        guard token.unicodeScalars.count == 1, let scalar = token.unicodeScalars.first else { return nil }
        return scalar.value
    }
}
