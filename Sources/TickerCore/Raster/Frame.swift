import TickerWire

/// What the panel shows at one instant: `width` × `height` pixels of `depth` bits each, stored exactly as the
/// wire carries them (`PixelLayout`, the same as the panel's `Framebuffer`), so that sending a frame is a copy.
/// Level 0 is off; `depth.maxLevel` is full brightness.
public struct Frame: Sendable, Equatable {
    /// Where the pixels lie in `bytes`.
    public let layout: PixelLayout
    /// Bits per pixel.
    public let depth: PixelDepth
    /// The pixels in wire layout: `layout.byteCount` bytes.
    public var bytes: [UInt8]

    /// A dark frame of the given geometry (negative sizes count as zero).
    public init(width: Int, height: Int, depth: PixelDepth) {
        layout = PixelLayout(width: width, height: height, bitsPerPixel: depth.bits)
        self.depth = depth
        bytes = [UInt8](repeating: 0, count: layout.byteCount)
    }

    /// Width in pixels (columns).
    public var width: Int { layout.width }
    /// Height in pixels (rows).
    public var height: Int { layout.height }
    /// Bytes per column.
    public var bytesPerColumn: Int { layout.bytesPerColumn }

    /// The level of pixel (`x`, `y`); 0 outside the frame.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { layout.level(in: bytes, x: x, y: y) }
        set { layout.setLevel(newValue, in: &bytes, x: x, y: y) }
    }

    /// Makes this frame show what `other` (of the same geometry) shows, in its own storage: no allocation.
    public mutating func copy(from other: Frame) {
        bytes.overwrite(with: other.bytes)
    }

    /// Turns every pixel off without reallocating.
    public mutating func clear() {
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.update(repeating: 0)
        }
    }
}

extension Array where Element: BitwiseCopyable {
    /// Makes this array equal to `source`: in its own storage when it holds as many elements and is not shared
    /// (no allocation), else by taking `source`'s. Inlinable: the link copies each frame it sends with it, from
    /// another module, where a generic call would cost more than the copy.
    @inlinable package mutating func overwrite(with source: [Element]) {
        guard count == source.count else {
            self = source
            return
        }
        withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { _ = target.update(fromContentsOf: $0) }
        }
    }
}
