/// A glyph while it is being designed: a full-height grid of pixels, top row first, as wide as drawn.
///
/// Row 0 is the top row of the font's box (`ascent − 1` pixels above the baseline); the last row is the
/// bottom of the descent. Built-in fonts are drawn, composed and only then packed into ``Glyph`` values.
struct PixelArt: Equatable, Sendable {
    /// Columns of the grid.
    var width: Int
    /// Lit pixels, `rows[row][column]`; every row holds `width` entries.
    var rows: [[Bool]]

    /// An unlit grid.
    init(width: Int, height: Int) {
        self.width = width
        self.rows = Array(repeating: Array(repeating: false, count: width), count: height)
    }

    /// A grid from rows of `#` (lit) and `.` (off); rows shorter than the longest are padded with `.`.
    init(_ lines: [Substring]) {
        let width = lines.map(\.count).max() ?? 0
        self.width = width
        self.rows = lines.map { line in
            let lit = line.map { $0 == "#" }
            return lit + Array(repeating: false, count: width - lit.count)
        }
    }

    var height: Int { rows.count }

    /// The first and last rows holding a lit pixel, or nil for a blank grid.
    var inkRows: ClosedRange<Int>? {
        guard let first = rows.firstIndex(where: { $0.contains(true) }),
            let last = rows.lastIndex(where: { $0.contains(true) })
        else { return nil }
        return first...last
    }

    /// The first and last columns holding a lit pixel, or nil for a blank grid.
    var inkColumns: ClosedRange<Int>? {
        let lit = (0..<width).filter { column in rows.contains { $0[column] } }
        guard let first = lit.first, let last = lit.last else { return nil }
        return first...last
    }

    /// Lights the pixels of `art` with its top-left corner at (`column`, `row`); pixels outside are dropped.
    mutating func stamp(_ art: PixelArt, column: Int, row: Int) {
        for (y, line) in art.rows.enumerated() {
            for (x, lit) in line.enumerated() where lit {
                let targetRow = row + y
                let targetColumn = column + x
                guard rows.indices.contains(targetRow), targetColumn >= 0, targetColumn < width else { continue }
                rows[targetRow][targetColumn] = true
            }
        }
    }

    /// The grid widened to `newWidth` columns, its pixels shifted right by `shift`.
    func widened(to newWidth: Int, shift: Int) -> PixelArt {
        var wide = PixelArt(width: newWidth, height: height)
        wide.stamp(self, column: shift, row: 0)
        return wide
    }

    /// The glyph whose box is the ink's bounding box; `ascent` places row 0. A blank grid becomes an empty
    /// box that still advances the pen by the drawn width (a space).
    func glyph(ascent: Int) -> Glyph {
        guard let inkRows, let inkColumns else {
            return Glyph(advance: width, width: 0, height: 0, xOffset: 0, yOffset: 0, rows: [])
        }
        let glyphWidth = inkColumns.count
        let bytesPerRow = (glyphWidth + 7) / 8
        var bytes = [UInt8](repeating: 0, count: bytesPerRow * inkRows.count)
        for (y, row) in inkRows.enumerated() {
            for (x, column) in inkColumns.enumerated() where rows[row][column] {
                bytes[y * bytesPerRow + x / 8] |= 0x80 >> UInt8(x % 8)
            }
        }
        return Glyph(
            advance: glyphWidth + 1, width: glyphWidth, height: inkRows.count, xOffset: 0,
            yOffset: ascent - 1 - inkRows.upperBound, rows: bytes)
    }
}
