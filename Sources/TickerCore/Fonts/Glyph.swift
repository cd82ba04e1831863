/// One character's bitmap, positioned the way BDF positions it: a box of `width` × `height` pixels whose
/// lower-left corner sits `xOffset` pixels right of the pen and `yOffset` pixels above the baseline
/// (negative for descenders). The pen then moves right by `advance` pixels, spacing included.
public struct Glyph: Sendable, Equatable {
    /// Pixels the pen moves right after this glyph, including the spacing that follows it.
    public let advance: Int
    /// Width of the bitmap box in pixels.
    public let width: Int
    /// Height of the bitmap box in pixels.
    public let height: Int
    /// Horizontal offset of the box from the pen position, in pixels.
    public let xOffset: Int
    /// Vertical offset of the box's bottom row from the baseline, in pixels (up is positive).
    public let yOffset: Int
    /// Row-major bits, top row first, each row `(width + 7) / 8` bytes, most significant bit leftmost
    /// (the BDF `BITMAP` layout).
    public let rows: [UInt8]

    /// Creates a glyph; `rows` must hold `height × ((width + 7) / 8)` bytes.
    public init(advance: Int, width: Int, height: Int, xOffset: Int, yOffset: Int, rows: [UInt8]) {
        self.advance = advance
        self.width = width
        self.height = height
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.rows = rows
    }

    /// Bytes per bitmap row.
    public var bytesPerRow: Int { (width + 7) / 8 }

    /// Whether the pixel at column `x`, row `y` of the box (top-left origin) is lit; false outside the box.
    public func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, x < width, y >= 0, y < height else { return false }
        let index = y * bytesPerRow + x / 8
        guard index < rows.count else { return false }
        return rows[index] & (0x80 >> UInt8(x % 8)) != 0
    }
}
