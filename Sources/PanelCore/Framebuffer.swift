#if canImport(TickerWire)
import TickerWire
#endif

/// The pixels a panel shows, stored in the wire's column layout so that a frame or column update is a copy.
///
/// Column `x` occupies bytes `x × bytesPerColumn ..< (x + 1) × bytesPerColumn`; inside it, pixel `y` (top
/// is 0) occupies bits `y × bitsPerPixel ..< (y + 1) × bitsPerPixel` counted from the least significant bit
/// of the column's first byte. Level 0 is off, `geometry.maxLevel` is full. Allocates only in `init`.
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
        guard x >= 0, x < geometry.width, y >= 0, y < geometry.height else { return 0 }
        let bits = geometry.bitsPerPixel
        let bit = y * bits
        let byte = bytes[x * geometry.bytesPerColumn + bit / 8]
        return (byte >> UInt8(bit % 8)) & geometry.maxLevel
    }

    /// Sets pixel (`x`, `y`) to `level`, clamped to `geometry.maxLevel`; ignored outside the panel.
    public mutating func setLevel(_ level: UInt8, x: Int, y: Int) {
        guard x >= 0, x < geometry.width, y >= 0, y < geometry.height else { return }
        let bit = y * geometry.bitsPerPixel
        let index = x * geometry.bytesPerColumn + bit / 8
        let shift = UInt8(bit % 8)
        let mask = geometry.maxLevel << shift
        bytes[index] = (bytes[index] & ~mask) | ((min(level, geometry.maxLevel) << shift) & mask)
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
        let full = geometry.maxLevel
        for y in 0..<geometry.height {
            for x in 0..<geometry.width {
                let level = level(x: x, y: y)
                emit(level == 0 ? UInt8(ascii: ".") : level == full ? UInt8(ascii: "#") : UInt8(ascii: "+"))
            }
            emit(UInt8(ascii: "\n"))
        }
    }

    /// The panel as ASCII art: one line per row, top first, joined by "\n" (no newline after the last);
    /// `#` is full, `+` any level between, `.` off.
    public var asciiArt: String {
        var text: [UInt8] = []
        text.reserveCapacity((geometry.width + 1) * geometry.height)
        renderASCIIArt { text.append($0) }
        text.removeLast()
        return String(decoding: text, as: UTF8.self)
    }
}
