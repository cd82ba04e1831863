@testable import TickerCore

/// A tiny font made for tests, so golden frames do not change when the built-in fonts are redrawn:
/// 'I' is one column, 'H' and 'O' three, 'W' five, space two; '.' and '…' exist for truncation; 'g' has a
/// descender; Hebrew alef and bet are one column each. Ascent 4, descent 1; advance = width + 1; the replacement is a 2-column block.
enum TestFont {
    static let art: [Character: [String]] = [
        "I": ["#", "#", "#", "#"],
        "H": ["#.#", "###", "#.#", "#.#"],
        "O": ["###", "#.#", "#.#", "###"],
        "W": ["#...#", "#...#", "#.#.#", "##.##"],
        ".": ["#"],
        "…": ["#.#.#"],
        "g": ["###", "#.#", "###", "..#", "###"],
        "\u{05D0}": ["#", ".", "#", "#"],
        "\u{05D1}": ["#", "#", ".", "#"],
    ]

    static let font: BitmapFont = {
        var glyphs: [UInt32: Glyph] = [:]
        for (character, rows) in art {
            let width = rows.first?.count ?? 0
            let bytes = rows.map { row -> UInt8 in
                var byte: UInt8 = 0
                for (i, c) in row.enumerated() where c == "#" { byte |= 0x80 >> UInt8(i) }
                return byte
            }
            let yOffset = character == "g" ? -1 : (character == "." || character == "…" ? 0 : 0)
            glyphs[character.unicodeScalars.first!.value] = Glyph(
                advance: width + 1, width: width, height: rows.count, xOffset: 0, yOffset: yOffset, rows: bytes)
        }
        glyphs[0x20] = Glyph(advance: 2, width: 0, height: 0, xOffset: 0, yOffset: 0, rows: [])
        let box = Glyph(advance: 3, width: 2, height: 4, xOffset: 0, yOffset: 0, rows: [0xC0, 0xC0, 0xC0, 0xC0])
        return BitmapFont(name: "test", ascent: 4, descent: 1, glyphs: glyphs, replacement: box)
    }()

    static let chain = FontChain([font])
}

/// Joins rows of ASCII art written one per line in a test.
func art(_ rows: String...) -> String { art(rows) }
func art(_ rows: [String]) -> String { rows.joined(separator: "\n") }
