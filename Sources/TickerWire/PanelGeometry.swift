/// The shape of a panel as the wire carries it: columns, rows, and bits per pixel.
public struct PanelGeometry: Hashable, Sendable {
    /// Width in pixels (columns), 1–65535.
    public let width: Int
    /// Height in pixels (rows), 1–255.
    public let height: Int
    /// Bits per pixel: 1, 2, 4 or 8 grey levels, 16 (RGB565) or 24 (RGB888) colour.
    public let bitsPerPixel: Int

    /// Checks that the protocol can carry this geometry.
    public init(width: Int, height: Int, bitsPerPixel: Int) throws(WireError) {
        guard (1...0xFFFF).contains(width), (1...0xFF).contains(height),
            bitsPerPixel == 1 || bitsPerPixel == 2 || bitsPerPixel == 4 || bitsPerPixel == 8 || bitsPerPixel == 16
                || bitsPerPixel == 24
        else {
            throw .invalidGeometry(width: width, height: height, bitsPerPixel: bitsPerPixel)
        }
        self.width = width
        self.height = height
        self.bitsPerPixel = bitsPerPixel
    }

    /// Where the pixels lie in a frame of this geometry.
    public var layout: PixelLayout { PixelLayout(width: width, height: height, bitsPerPixel: bitsPerPixel) }

    /// Bytes per column: `ceil(height × bitsPerPixel / 8)`.
    public var bytesPerColumn: Int { PixelLayout.bytesPerColumn(height: height, bitsPerPixel: bitsPerPixel) }

    /// Bytes of pixel data in a full frame: `width × bytesPerColumn`.
    public var frameByteCount: Int { layout.byteCount }

    /// The brightest level (all ones): 1, 3, 15 or 255 (255 for colour, per channel).
    public var maxLevel: UInt8 { layout.maxLevel }

    /// Whether pixels are colours (16 or 24 bits) rather than grey levels.
    public var isColor: Bool { layout.isColor }

    /// Payload bytes of a full-frame message for this geometry.
    public var fullFramePayloadCount: Int { 4 + frameByteCount }

    /// Bytes a full frame takes on the wire at most (COBS overhead and delimiter included).
    public var fullFrameEncodedCount: Int { Wire.encodedCount(payloadCount: fullFramePayloadCount) }
}
