import TickerWire

/// Bits per pixel of a panel: 1 (on/off), 2, 4 or 8 grey levels' worth.
public enum PixelDepth: Int, Sendable, CaseIterable, Equatable {
    case one = 1
    case two = 2
    case four = 4
    case eight = 8

    /// Creates a depth from a bit count, or nil for anything but 1, 2, 4 and 8.
    public init?(bits: Int) {
        self.init(rawValue: bits)
    }

    /// Bits per pixel.
    public var bits: Int { rawValue }

    /// The brightest level (all ones): 1, 3, 15 or 255.
    public var maxLevel: UInt8 { UInt8((1 << rawValue) - 1) }

    /// The level nearest to `fraction` (0…1) of full brightness; any non-zero fraction gives at least 1.
    public func level(_ fraction: Double) -> UInt8 {
        guard fraction.isFinite, fraction > 0 else { return 0 }
        if fraction >= 1 { return maxLevel }
        let scaled = (fraction * Double(maxLevel)).rounded()
        return UInt8(max(1, min(Double(maxLevel), scaled)))
    }

    /// `level` repeated in every pixel's bits of a 64-bit word: ANDed with fully lit packed pixels it gives
    /// `level` where they are lit and 0 elsewhere. The pattern repeats every byte for every depth.
    public func repeated(_ level: UInt8) -> UInt64 {
        var byte: UInt64 = 0
        for pixel in 0..<(8 / rawValue) { byte |= UInt64(level & maxLevel) << UInt64(pixel * rawValue) }
        return byte &* 0x0101_0101_0101_0101
    }

    /// Bytes one column of `height` pixels takes: `ceil(height × bits / 8)`.
    public func bytesPerColumn(height: Int) -> Int {
        PixelLayout.bytesPerColumn(height: height, bitsPerPixel: rawValue)
    }
}
