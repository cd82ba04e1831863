/// A line of text rasterized once, for a zone of a given height: one bit mask per column, bit `r` set when
/// row `r` of the zone is inked. Frames are windows copied out of strips, so the text is drawn only when it
/// changes.
public struct Strip: Sendable {
    /// Height of the zone the strip was made for, in rows (at most 64).
    public let height: Int
    /// One mask per column, leftmost first.
    public let columns: [UInt64]
    /// The layout the strip was drawn from.
    public let line: TextLine

    /// The most rows a strip holds.
    public static let maxHeight = 64

    /// Width in columns.
    public var width: Int { columns.count }

    /// Rasterizes `line` for a zone `height` rows tall, the line's box centred vertically in the zone.
    ///
    /// When the box is taller than the zone (a fallback font taller than the first one), the baseline stays
    /// where the first font alone puts it, its box centred, and the taller glyphs are clipped by the zone:
    /// text in the first font looks the same whatever else the line holds.
    public init(_ line: TextLine, height: Int) {
        let height = min(max(height, 0), Strip.maxHeight)
        let fontHeight = line.ascent + line.descent
        let first = line.firstFontBox
        // Rows of the zone above the box: centred, clipping both ends evenly when the first font is taller.
        let baseline =
            fontHeight <= height
            ? (height - fontHeight) / 2 + line.ascent : (height - first.ascent - first.descent) / 2 + first.ascent
        var columns = [UInt64](repeating: 0, count: line.width)
        for placement in line.placements {
            let glyph = placement.glyph
            let left = placement.x + glyph.xOffset
            let glyphTop = baseline - glyph.yOffset - glyph.height
            for gy in 0..<glyph.height {
                let row = glyphTop + gy
                guard row >= 0, row < height else { continue }
                for gx in 0..<glyph.width where glyph.isSet(x: gx, y: gy) {
                    let column = left + gx
                    guard column >= 0, column < columns.count else { continue }
                    columns[column] |= 1 << UInt64(row)
                }
            }
        }
        self.height = height
        self.columns = columns
        self.line = line
    }

    /// The mask of column `x`; empty outside the strip.
    @inline(__always)
    public func column(_ x: Int) -> UInt64 {
        x >= 0 && x < columns.count ? columns[x] : 0
    }

    /// The strip as ASCII art, `#` inked and `.` blank, one line per row.
    public var asciiArt: String {
        var rows: [String] = []
        for row in 0..<height {
            var line = ""
            for mask in columns { line.append(mask & (1 << UInt64(row)) != 0 ? "#" : ".") }
            rows.append(line)
        }
        return rows.joined(separator: "\n")
    }
}
