/// What the panel shows at one instant: `width` × `height` pixels of `depth` bits each, stored column-major
/// exactly as the wire carries them, so that sending a frame is a copy.
///
/// Each column is `depth.bytesPerColumn(height:)` bytes, leftmost column first. Inside a column, pixel `y`
/// (top is 0) occupies bits `y × bits ..< (y + 1) × bits`, counted from the least significant bit of the
/// column's first byte. Level 0 is off; `depth.maxLevel` is full brightness.
public struct Frame: Sendable, Equatable {
    /// Width in pixels (columns).
    public let width: Int
    /// Height in pixels (rows).
    public let height: Int
    /// Bits per pixel.
    public let depth: PixelDepth
    /// Bytes per column.
    public let bytesPerColumn: Int
    /// The pixels in wire layout: `width × bytesPerColumn` bytes.
    public var bytes: [UInt8]

    /// A dark frame of the given geometry.
    public init(width: Int, height: Int, depth: PixelDepth) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.depth = depth
        self.bytesPerColumn = depth.bytesPerColumn(height: self.height)
        self.bytes = [UInt8](repeating: 0, count: self.width * bytesPerColumn)
    }

    /// The level of pixel (`x`, `y`); 0 outside the frame.
    public subscript(x: Int, y: Int) -> UInt8 {
        get {
            guard x >= 0, x < width, y >= 0, y < height else { return 0 }
            let bit = y * depth.bits
            let byte = bytes[x * bytesPerColumn + bit / 8]
            return (byte >> UInt8(bit % 8)) & depth.maxLevel
        }
        set {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            let bit = y * depth.bits
            let index = x * bytesPerColumn + bit / 8
            let shift = UInt8(bit % 8)
            let mask = depth.maxLevel << shift
            bytes[index] = (bytes[index] & ~mask) | ((min(newValue, depth.maxLevel) << shift) & mask)
        }
    }

    /// Turns every pixel off without reallocating.
    public mutating func clear() {
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.update(repeating: 0)
        }
    }
}
