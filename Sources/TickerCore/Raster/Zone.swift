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
        self.zoneBytes = frame.depth.bytesPerColumn(height: clipped.height)
    }

    /// Whether the zone starts on a byte boundary of the column, so packed columns can be copied in.
    var isAligned: Bool { shift == 0 }

    /// ORs packed strip columns into the zone columns `columns`: zone column `columns.lowerBound` gets strip
    /// column `first`, the next one the next strip column, wrapping to 0 at `lap` (pass `Int.max` for no
    /// wrapping); strip columns outside `0 ..< stripWidth` leave the zone column dark. `packed` holds the strip
    /// in the zone's layout, `zoneBytes` per column. Returns false, doing nothing, when the zone does not start
    /// on a byte boundary (then the caller paints masks instead).
    ///
    /// `levels` is ANDed into every copied byte: a fully lit strip ANDed with a level repeated in every pixel's
    /// bits gives that level wherever the strip is lit (see `PixelDepth.repeated(_:)`), which is how faded
    /// edges are drawn from the same packed strip.
    func copyRun(
        columns: Range<Int>, first: Int, lap: Int, stripWidth: Int, packed: UnsafeBufferPointer<UInt8>,
        levels: UInt64 = ~0, into bytes: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        guard shift == 0 else { return false }
        let run = columns.clamped(to: 0..<zone.width)
        guard !run.isEmpty, stripWidth > 0, packed.count >= stripWidth * zoneBytes,
            (zone.x + run.upperBound) * bytesPerColumn <= bytes.count,
            let source = packed.baseAddress, let target = bytes.baseAddress
        else { return true }
        // The checks above cover every column of the run, so the loop runs on plain pointers.
        var destination = target + (zone.x + run.lowerBound) * bytesPerColumn + byteOffset
        var x = first + (run.lowerBound - columns.lowerBound)
        if lap != Int.max, lap > 0 { x = ((x % lap) + lap) % lap }
        let raw = UnsafeRawPointer(source)
        switch zoneBytes {
        case 2:
            // The common zone of 8 rows at 2 bits per pixel: one 16-bit load and store per column.
            copyWords(
                UInt16.self, run: run, first: x, lap: lap, stripWidth: stripWidth, from: raw, levels: levels,
                to: destination)
        case 4:
            copyWords(
                UInt32.self, run: run, first: x, lap: lap, stripWidth: stripWidth, from: raw, levels: levels,
                to: destination)
        default:
            for _ in run {
                if x >= 0 && x < stripWidth {
                    let origin = source + x * zoneBytes
                    for k in 0..<zoneBytes { destination[k] |= origin[k] & UInt8(truncatingIfNeeded: levels) }
                }
                destination += bytesPerColumn
                x += 1
                if x == lap { x = 0 }
            }
        }
        return true
    }

    // `copyRun` for zones of one `Word` (2 or 4 bytes) per column: one load and one store per column, starting
    // at strip column `first` and zone byte `destination`.
    @inline(__always)
    private func copyWords<Word: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _: Word.Type, run: Range<Int>, first: Int, lap: Int, stripWidth: Int, from source: UnsafeRawPointer,
        levels: UInt64, to destination: UnsafeMutablePointer<UInt8>
    ) {
        var destination = destination
        var x = first
        for _ in run {
            if x >= 0 && x < stripWidth {
                let bits =
                    source.loadUnaligned(fromByteOffset: x * MemoryLayout<Word>.size, as: Word.self)
                    & Word(truncatingIfNeeded: levels)
                let out = UnsafeMutableRawPointer(destination)
                out.storeBytes(of: out.loadUnaligned(as: Word.self) | bits, as: Word.self)
            }
            destination += bytesPerColumn
            x += 1
            if x == lap { x = 0 }
        }
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
