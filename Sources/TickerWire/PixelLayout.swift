/// Where each pixel lies in the wire's column-major layout: the one definition of the pixel layout, shared by
/// the frames the daemon renders (`Frame`), the framebuffer a panel holds (`Framebuffer`) and the packets
/// between them.
///
/// Column `x` occupies bytes `x × bytesPerColumn ..< (x + 1) × bytesPerColumn`, with
/// `bytesPerColumn = ceil(height × bitsPerPixel / 8)`. Inside a column, pixel `y` (top is 0) occupies bits
/// `y × bitsPerPixel ..< (y + 1) × bitsPerPixel`, counted from the least significant bit of the column's first
/// byte. Level 0 is off; `maxLevel` (all ones) is full brightness. A colour pixel (16 or 24 bits) is a
/// little-endian value in those bits: RGB565 (red in bits 15–11, green 10–5, blue 4–0) or RGB888 (red in bits
/// 0–7, green 8–15, blue 16–23, so the bytes are red, green, blue).
public struct PixelLayout: Hashable, Sendable {
    /// Width in pixels (columns).
    public let width: Int
    /// Height in pixels (rows).
    public let height: Int
    /// Bits per pixel: 1, 2, 4 or 8 (grey), 16 or 24 (colour).
    public let bitsPerPixel: Int
    /// Bytes per column: `ceil(height × bitsPerPixel / 8)`.
    public let bytesPerColumn: Int

    /// The layout of `width` × `height` pixels of `bitsPerPixel` bits (negative sizes count as zero). The
    /// size is not checked against what the protocol can carry: `PanelGeometry` does that.
    @inlinable
    public init(width: Int, height: Int, bitsPerPixel: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.bitsPerPixel = bitsPerPixel
        bytesPerColumn = Self.bytesPerColumn(height: max(0, height), bitsPerPixel: bitsPerPixel)
    }

    /// Bytes one column of `height` pixels takes: `ceil(height × bitsPerPixel / 8)`.
    @inlinable
    public static func bytesPerColumn(height: Int, bitsPerPixel: Int) -> Int {
        (height * bitsPerPixel + 7) / 8
    }

    /// Bytes of all the pixels: `width × bytesPerColumn`.
    @inlinable
    public var byteCount: Int { width * bytesPerColumn }

    /// The brightest level (all ones): 1, 3, 15 or 255.
    @inlinable
    public var maxLevel: UInt8 { UInt8(truncatingIfNeeded: (1 << bitsPerPixel) - 1) }

    /// Whether pixels are colours (16 or 24 bits).
    @inlinable
    public var isColor: Bool { bitsPerPixel >= 16 }

    /// The raw value of pixel (`x`, `y`) in `bytes`, any depth (a grey level or a packed colour); 0 outside.
    @inlinable
    public func pixel(in bytes: [UInt8], x: Int, y: Int) -> UInt32 {
        guard contains(x: x, y: y) else { return 0 }
        guard bitsPerPixel >= 8 else { return UInt32(level(in: bytes, x: x, y: y)) }
        let start = x * bytesPerColumn + y * (bitsPerPixel / 8)
        var value: UInt32 = 0
        for index in 0..<(bitsPerPixel / 8) { value |= UInt32(bytes[start + index]) << UInt32(index * 8) }
        return value
    }

    /// The colour of pixel (`x`, `y`) in `bytes`, 8 bits per channel: RGB565 widened (the top bits repeated
    /// into the low ones, so full is 255), a grey level as white light. Black outside the layout.
    @inlinable
    public func color(in bytes: [UInt8], x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let value = pixel(in: bytes, x: x, y: y)
        switch bitsPerPixel {
        case 24:
            return (UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF))
        case 16:
            let red = UInt8(value >> 11 & 0x1F)
            let green = UInt8(value >> 5 & 0x3F)
            let blue = UInt8(value & 0x1F)
            return (red << 3 | red >> 2, green << 2 | green >> 4, blue << 3 | blue >> 2)
        default:
            let full = UInt32(maxLevel)
            let grey = UInt8((value * 255 + full / 2) / max(full, 1))
            return (grey, grey, grey)
        }
    }

    /// Sets pixel (`x`, `y`) of a colour layout to a colour of 8 bits per channel (RGB565 keeps the top 5, 6
    /// and 5 bits); ignored outside the layout or in a grey one.
    @inlinable
    public func setColor(red: UInt8, green: UInt8, blue: UInt8, in bytes: inout [UInt8], x: Int, y: Int) {
        guard contains(x: x, y: y), isColor else { return }
        let start = x * bytesPerColumn + y * (bitsPerPixel / 8)
        if bitsPerPixel == 24 {
            bytes[start] = red
            bytes[start + 1] = green
            bytes[start + 2] = blue
        } else {
            let value = UInt16(red >> 3) << 11 | UInt16(green >> 2) << 5 | UInt16(blue >> 3)
            bytes[start] = UInt8(value & 0xFF)
            bytes[start + 1] = UInt8(value >> 8)
        }
    }

    /// Whether (`x`, `y`) is a pixel of the layout.
    @inlinable
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height
    }

    /// The level of pixel (`x`, `y`) in `bytes` (`byteCount` of them); 0 outside the layout.
    @inlinable
    public func level(in bytes: [UInt8], x: Int, y: Int) -> UInt8 {
        guard contains(x: x, y: y) else { return 0 }
        let bit = y * bitsPerPixel
        return (bytes[x * bytesPerColumn + bit / 8] >> UInt8(bit % 8)) & maxLevel
    }

    /// Sets pixel (`x`, `y`) in `bytes` to `level`, clamped to `maxLevel`; ignored outside the layout.
    @inlinable
    public func setLevel(_ level: UInt8, in bytes: inout [UInt8], x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        let bit = y * bitsPerPixel
        let index = x * bytesPerColumn + bit / 8
        let shift = UInt8(bit % 8)
        let mask = maxLevel << shift
        bytes[index] = (bytes[index] & ~mask) | ((min(level, maxLevel) << shift) & mask)
    }

    /// Calls `emit` with the ASCII art of the pixels in `bytes`, one byte at a time: one line per row, top
    /// first, each ended by "\n"; `#` is full, `+` any level between, `.` off. Allocates nothing, for firmware
    /// mirrors.
    @inlinable
    public func renderASCIIArt(of bytes: [UInt8], _ emit: (UInt8) -> Void) {
        for y in 0..<height {
            for x in 0..<width {
                // A colour pixel is lit or off.
                let level = isColor ? (pixel(in: bytes, x: x, y: y) == 0 ? 0 : maxLevel) : level(in: bytes, x: x, y: y)
                emit(level == 0 ? UInt8(ascii: ".") : level == maxLevel ? UInt8(ascii: "#") : UInt8(ascii: "+"))
            }
            emit(UInt8(ascii: "\n"))
        }
    }

    /// The pixels in `bytes` as ASCII art: one line per row, top first, joined by "\n" (no newline after the
    /// last); `#` is full, `+` any level between, `.` off.
    public func asciiArt(of bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((width + 1) * height)
        renderASCIIArt(of: bytes) { text.append($0) }
        if !text.isEmpty { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }
}
