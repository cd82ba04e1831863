/// A rectangle of the panel that shows one thing (a marquee, a lyric line, a message).
public struct Zone: Sendable, Equatable {
    /// Leftmost column.
    public let x: Int
    /// Top row.
    public let y: Int
    /// Width in columns.
    public let width: Int
    /// Height in rows (at most `Strip.maxHeight`).
    public let height: Int

    /// Creates a zone.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = min(max(0, height), Strip.maxHeight)
    }
}

/// Paints column masks of one zone into a frame's wire-layout bytes. Everything is OR-ed into a frame that
/// the caller cleared, so zones only need to agree not to overlap.
struct ZoneCanvas {
    let zone: Zone
    let depth: PixelDepth
    let bytesPerColumn: Int
    private let byteOffset: Int
    private let shift: UInt8
    private let rowMask: UInt64
    private let frameWidth: Int
    /// Bytes of one column the zone covers, in wire layout.
    let zoneBytes: Int

    init(zone: Zone, frame: Frame) {
        // Clip the zone to the frame once, so painting never needs to check rows or columns.
        let x = min(max(zone.x, 0), frame.width)
        let y = min(max(zone.y, 0), frame.height)
        let clipped = Zone(
            x: x, y: y,
            width: min(zone.width, frame.width - x),
            height: min(zone.height, frame.height - y))
        self.zone = clipped
        self.depth = frame.depth
        self.bytesPerColumn = frame.bytesPerColumn
        let bit = clipped.y * frame.depth.bits
        self.byteOffset = bit / 8
        self.shift = UInt8(bit % 8)
        self.rowMask = clipped.height >= 64 ? ~0 : (1 << UInt64(clipped.height)) - 1
        self.frameWidth = frame.width
        self.zoneBytes = frame.depth.bytesPerColumn(height: clipped.height)
    }

    /// Whether the zone starts on a byte boundary of the column, so packed columns can be copied in.
    var isAligned: Bool { shift == 0 }

    /// ORs the zone column packed at `offset` in `packed` (the zone's bytes of one column, as laid out for a
    /// zone at row 0) into zone column `column`. Returns false, doing nothing, when the zone is not aligned.
    @inline(__always)
    func copy(
        column: Int, from packed: UnsafeBufferPointer<UInt8>, at offset: Int,
        into bytes: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        guard shift == 0 else { return false }
        guard column >= 0, column < zone.width, offset >= 0, offset + zoneBytes <= packed.count,
            let source = packed.baseAddress, let target = bytes.baseAddress
        else { return true }
        // The zone was clipped to the frame, so every column of it lies inside `bytes`.
        let destination = target + (zone.x + column) * bytesPerColumn + byteOffset
        let origin = source + offset
        for k in 0..<zoneBytes { destination[k] |= origin[k] }
        return true
    }

    /// ORs `mask` (bit r = row r of the zone) at `level`'s packing into zone column `column`.
    @inline(__always)
    func paint(
        column: Int, mask: UInt64, table: UnsafeBufferPointer<UInt64>, into bytes: UnsafeMutableBufferPointer<UInt8>
    ) {
        var remaining = mask & rowMask
        guard remaining != 0, column >= 0, column < zone.width else { return }
        let columnStart = (zone.x + column) * bytesPerColumn
        let end = columnStart + bytesPerColumn
        var position = columnStart + byteOffset
        let bits = depth.bits
        while remaining != 0 {
            var packed = table[Int(remaining & 0xFF)]
            if shift == 0 {
                // Byte-aligned zones (the usual case): the packed bytes go straight in.
                var index = position
                let stop = min(position + bits, end)
                while packed != 0 && index < stop {
                    bytes[index] |= UInt8(truncatingIfNeeded: packed)
                    packed >>= 8
                    index += 1
                }
            } else {
                for k in 0..<bits where packed != 0 {
                    let byte = UInt8(truncatingIfNeeded: packed)
                    packed >>= 8
                    let index = position + k
                    if index < end { bytes[index] |= byte << shift }
                    if index + 1 < end { bytes[index + 1] |= byte >> (8 - shift) }
                }
            }
            remaining >>= 8
            position += bits
        }
    }

    /// ORs `mask` into zone column `column` pixel by pixel at `level`: the slow path for the few columns whose
    /// level is not one of the prepared tables (faded edges, the sweep edge).
    func paint(column: Int, mask: UInt64, level: UInt8, into frame: inout Frame) {
        let masked = mask & rowMask
        guard masked != 0, level > 0, column >= 0, column < zone.width else { return }
        for row in 0..<zone.height where masked & (1 << UInt64(row)) != 0 {
            let x = zone.x + column
            let y = zone.y + row
            frame[x, y] = max(frame[x, y], level)
        }
    }
}
