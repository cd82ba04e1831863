#if canImport(TickerWire)
    import TickerWire
#endif

/// The pixels a panel shows, stored in the wire's column layout (`PixelLayout`, the same as the daemon's
/// `Frame`) so that a frame or column update is a copy. Level 0 is off, `geometry.maxLevel` is full.
/// Allocates only in `init`.
public struct Framebuffer: Equatable {
    /// The panel's shape.
    public let geometry: PanelGeometry
    /// The pixels in wire layout: `geometry.frameByteCount` bytes. Keeping a copy while the panel goes on
    /// changing makes the next change copy the buffer.
    public private(set) var bytes: [UInt8]

    /// A dark framebuffer of the given geometry.
    public init(geometry: PanelGeometry) {
        self.geometry = geometry
        bytes = [UInt8](repeating: 0, count: geometry.frameByteCount)
    }

    /// The level of pixel (`x`, `y`), 0 (off) to `geometry.maxLevel` (full); 0 outside the panel.
    public func level(x: Int, y: Int) -> UInt8 {
        geometry.layout.level(in: bytes, x: x, y: y)
    }

    /// The colour of pixel (`x`, `y`), 8 bits per channel: a colour panel's pixel (RGB565 widened), or a grey
    /// level as white light; black outside the panel.
    public func color(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        geometry.layout.color(in: bytes, x: x, y: y)
    }

    /// Sets pixel (`x`, `y`) to `level`, clamped to `geometry.maxLevel`; ignored outside the panel.
    public mutating func setLevel(_ level: UInt8, x: Int, y: Int) {
        geometry.layout.setLevel(level, in: &bytes, x: x, y: y)
    }

    /// Turns every pixel off.
    public mutating func clear() {
        bytes.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes.count)
        }
    }

    /// Overwrites columns from `start` with `columns` (whole columns in wire layout). Throws when they are
    /// not whole columns or would reach past the right edge; nothing changes then.
    public mutating func replaceColumns(start: Int, with columns: UnsafeRawBufferPointer) throws(WireError) {
        let columnBytes = geometry.bytesPerColumn
        let count = columns.count / columnBytes
        guard count * columnBytes == columns.count else {
            throw .pixelCountMismatch(expected: (count + 1) * columnBytes, found: columns.count)
        }
        guard start >= 0, count >= 1, start <= geometry.width - count else {
            throw .columnRangeOutOfBounds(start: start, count: count, width: geometry.width)
        }
        bytes.withUnsafeMutableBytes { target in
            guard let base = target.baseAddress, let source = columns.baseAddress else { return }
            (base + start * columnBytes).copyMemory(from: source, byteCount: columns.count)
        }
    }

    /// Moves columns `start..<start + count` by `dx` columns (positive = right) inside that range; columns
    /// the range vacates turn off and columns outside it do not change. Throws when the range is empty or
    /// reaches past the right edge.
    public mutating func scroll(start: Int, count: Int, dx: Int) throws(WireError) {
        guard start >= 0, count >= 1, start <= geometry.width - count else {
            throw .columnRangeOutOfBounds(start: start, count: count, width: geometry.width)
        }
        let columnBytes = geometry.bytesPerColumn
        let shift = min(max(dx, -count), count)
        bytes.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let range = base + start * columnBytes
            let kept = count - abs(shift)
            if shift > 0 {
                if kept > 0 {
                    (range + shift * columnBytes).copyMemory(from: range, byteCount: kept * columnBytes)
                }
                range.initializeMemory(as: UInt8.self, repeating: 0, count: shift * columnBytes)
            } else if shift < 0 {
                if kept > 0 {
                    range.copyMemory(from: range + (-shift) * columnBytes, byteCount: kept * columnBytes)
                }
                (range + kept * columnBytes).initializeMemory(as: UInt8.self, repeating: 0, count: -shift * columnBytes)
            }
        }
    }

    /// Calls `emit` with the ASCII art of the panel, one byte at a time: one line per row, top first, each
    /// ended by "\n"; `#` is full, `+` any level between, `.` off. Allocates nothing, for firmware mirrors.
    public func renderASCIIArt(_ emit: (UInt8) -> Void) {
        geometry.layout.renderASCIIArt(of: bytes, emit)
    }

    /// The panel as ASCII art: one line per row, top first, joined by "\n" (no newline after the last);
    /// `#` is full, `+` any level between, `.` off.
    public var asciiArt: String { geometry.layout.asciiArt(of: bytes) }
}
