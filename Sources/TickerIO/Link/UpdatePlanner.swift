import Glibc
import TickerWire

/// The cheapest way to bring the device from the frame it shows to the next one, in bytes on the wire.
package enum FrameUpdate: Equatable, Sendable {
    /// Nothing changed.
    case none
    /// Send the whole frame.
    case full
    /// Send up to two column ranges.
    case columns(ColumnRange, ColumnRange?)
    /// Scroll columns `range` by `dx`, then send up to two column ranges (what scrolled in, and anything else).
    case scroll(range: ColumnRange, dx: Int, ColumnRange?, ColumnRange?)
}

/// Columns `start ..< start + count`.
package struct ColumnRange: Equatable, Sendable {
    package var start: Int
    package var count: Int

    var end: Int { start + count }
}

/// Chooses, for each frame, between a full frame, column updates and a scroll plus column updates, by what
/// each costs on the wire (COBS overhead and delimiter included). Works on column-major wire bytes and
/// allocates nothing.
package struct UpdatePlanner: Sendable {
    /// The panel.
    package let geometry: PanelGeometry
    /// Whether the device announced it can scroll.
    package var canScroll: Bool
    /// The largest scroll distance tried, in columns.
    package var maxScroll: Int
    /// Room for the numbers `plan(from:to:)` makes of the columns, two per column of the panel. (As a temporary
    /// allocation it would come from the heap on every frame: over 1 KB for a 128-column panel.)
    private var keys: [UInt64]

    /// A planner for `geometry`.
    package init(geometry: PanelGeometry, canScroll: Bool, maxScroll: Int = 4) {
        self.geometry = geometry
        self.canScroll = canScroll
        self.maxScroll = maxScroll
        keys = [UInt64](repeating: 0, count: 2 * max(geometry.width, 0))
    }

    /// Bytes on the wire of a full frame.
    package var fullCost: Int { geometry.fullFrameEncodedCount }

    /// Bytes on the wire of a column update of `count` columns.
    package func columnsCost(_ count: Int) -> Int {
        count > 0 ? Wire.encodedCount(payloadCount: 4 + count * geometry.bytesPerColumn) : 0
    }

    /// Bytes on the wire of a scroll message.
    package var scrollCost: Int { Wire.encodedCount(payloadCount: 5) }

    /// Bytes on the wire of `update`.
    package func cost(of update: FrameUpdate) -> Int {
        switch update {
        case .none: return 0
        case .full: return fullCost
        case .columns(let first, let second): return columnsCost(first.count) + columnsCost(second?.count ?? 0)
        case .scroll(_, _, let first, let second):
            return scrollCost + columnsCost(first?.count ?? 0) + columnsCost(second?.count ?? 0)
        }
    }

    /// The cheapest update from `shown` to `next` (both `geometry.frameByteCount` bytes of wire layout).
    package mutating func plan(from shown: UnsafeRawBufferPointer, to next: UnsafeRawBufferPointer) -> FrameUpdate {
        let width = geometry.width
        let column = geometry.bytesPerColumn
        guard shown.count == next.count, next.count == width * column, width > 0,
            let nextBytes = next.baseAddress, let shownBytes = shown.baseAddress
        else { return .full }
        guard let changed = Self.changedColumns(shown, next, bytesPerColumn: column) else { return .none }
        // Every column in the changed span of both frames as one number, made once: the search below compares
        // each column with several others, and numbers compare faster than bytes. A column of up to 8 bytes is
        // its own number; a longer one is hashed, and equal hashes are confirmed byte by byte.
        let count = changed.count
        let low = changed.lowerBound
        // The room (two per column of the panel; the span is at most all of them) is taken out while the search
        // reads the planner's settings, and put back after.
        var room: [UInt64] = []
        swap(&room, &keys)
        defer { swap(&room, &keys) }
        return room.withUnsafeMutableBufferPointer { keys in
            for index in 0..<count {
                keys[index] = Self.key(next, at: (low + index) * column, count: column)
                keys[count + index] = Self.key(shown, at: (low + index) * column, count: column)
            }
            // Column `a` of the next frame equals column `b` of the shown one: the numbers say so for columns of
            // up to 8 bytes (a search that only compares numbers runs without branches); beyond, equal hashes
            // are confirmed byte by byte.
            if column == 4 {
                // Columns of 4 bytes (16 rows at 2 bits) compare two at a time, 8 bytes of each frame at once.
                return plan(changed: changed) { columns, dx in
                    var word: UInt64 = 0
                    var x = columns.lowerBound
                    while x + 2 <= columns.upperBound {
                        let difference = UInt64(
                            littleEndian: next.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                                ^ shown.loadUnaligned(fromByteOffset: (x - dx) * 4, as: UInt64.self))
                        let pair: UInt64 = (difference & 0xFFFF_FFFF != 0 ? 1 : 0) | (difference >> 32 != 0 ? 2 : 0)
                        word |= pair << UInt64(x - columns.lowerBound)
                        x += 2
                    }
                    if x < columns.upperBound, keys[x - low] != keys[count + x - dx - low] {
                        word |= 1 << UInt64(x - columns.lowerBound)
                    }
                    return word
                }
            }
            if column <= 8 { return plan(changed: changed) { a, b in keys[a - low] == keys[count + b - low] } }
            return plan(changed: changed) { a, b in
                keys[a - low] == keys[count + b - low]
                    && memcmp(nextBytes + a * column, shownBytes + b * column, column) == 0
            }
        }
    }

    /// The columns from the first that differs to the last that does, nil when none does; compared 8 bytes
    /// at a time.
    @inline(__always)
    static func changedColumns(
        _ shown: UnsafeRawBufferPointer, _ next: UnsafeRawBufferPointer, bytesPerColumn column: Int
    ) -> Range<Int>? {
        func same(_ offset: Int, _ type: (some FixedWidthInteger).Type) -> Bool {
            shown.loadUnaligned(fromByteOffset: offset, as: type)
                == next.loadUnaligned(fromByteOffset: offset, as: type)
        }
        let count = shown.count
        var low = 0
        while low + 8 <= count, same(low, UInt64.self) { low += 8 }
        while low < count, same(low, UInt8.self) { low += 1 }
        guard low < count else { return nil }
        var high = count
        while high - 8 >= low, same(high - 8, UInt64.self) { high -= 8 }
        while high > low, same(high - 1, UInt8.self) { high -= 1 }
        return (low / column)..<((high - 1) / column + 1)
    }

    /// A column's bytes as one number: the bytes themselves up to 8, a hash of them beyond.
    @inline(__always)
    private static func key(_ bytes: UnsafeRawBufferPointer, at start: Int, count: Int) -> UInt64 {
        switch count {
        case 1: return UInt64(bytes[start])
        case 2: return UInt64(bytes.loadUnaligned(fromByteOffset: start, as: UInt16.self))
        case 4: return UInt64(bytes.loadUnaligned(fromByteOffset: start, as: UInt32.self))
        case 8: return bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)
        case ..<8:
            var key: UInt64 = 0
            for k in 0..<count { key = key << 8 | UInt64(bytes[start + k]) }
            return key
        default:
            // FNV-1a, 64 bits.
            var key: UInt64 = 0xcbf2_9ce4_8422_2325
            for k in 0..<count { key = (key ^ UInt64(bytes[start + k])) &* 0x100_0000_01b3 }
            return key
        }
    }

    /// The cheapest update when columns `changed` span every column that differs (the first and the last of
    /// them differ), given whether column `a` of the next frame equals column `b` of the shown one; `same`
    /// is only asked about columns in that span. Of updates that cost the same, the first tried wins: the
    /// columns alone, then scrolls by 1, −1… to `maxScroll` columns each way.
    @inline(__always)
    func plan(changed range: Range<Int>, same: (_ a: Int, _ b: Int) -> Bool) -> FrameUpdate {
        plan(changed: range) { columns, dx in
            var word: UInt64 = 0
            for x in columns { word |= UInt64(same(x, x - dx) ? 0 : 1) << UInt64(x - columns.lowerBound) }
            return word
        }
    }

    /// The cheapest update, as `plan(changed:same:)` finds it, given the mismatch bits of at most 64 columns at
    /// a time: for `columns` and a shift `dx` (that keeps each source in the span), bit `i` set when column
    /// `columns.lowerBound + i` of the next frame differs from column `columns.lowerBound + i − dx` of the
    /// shown one.
    @inline(__always)
    func plan(changed range: Range<Int>, mismatches: (_ columns: Range<Int>, _ dx: Int) -> UInt64) -> FrameUpdate {
        var best = FrameUpdate.full
        var bestCost = fullCost
        let direct = Self.cover(
            range, shiftedBy: 0, minimumGap: minimumGap, mostMismatches: range.count, mismatches: mismatches)
        let directUpdate = direct.map { FrameUpdate.columns($0.0, $0.1) } ?? .full
        if cost(of: directUpdate) < bestCost {
            best = directUpdate
            bestCost = cost(of: directUpdate)
        }
        guard canScroll, maxScroll > 0 else { return best }
        // Whatever its ranges, a scroll's update covers every column that does not match, and two ranges cost at
        // least what one of all their columns costs: a scroll with more mismatches than this cannot win, and
        // its search stops as soon as it finds that many.
        var most = mostColumns(costingUnder: bestCost - scrollCost, atMost: range.count)
        for distance in 1...maxScroll {
            // The columns a scroll vacates always go out: when that alone costs as much as the best so far, no
            // scroll this far or further can win.
            if scrollCost + columnsCost(distance) >= bestCost { break }
            for sign in 0..<2 where distance < range.count {
                let dx = sign == 0 ? -distance : distance
                guard
                    let ranges = Self.cover(
                        range, shiftedBy: dx, minimumGap: minimumGap, mostMismatches: most, mismatches: mismatches)
                else { continue }
                let update = FrameUpdate.scroll(
                    range: ColumnRange(start: range.lowerBound, count: range.count), dx: dx,
                    ranges.0.count > 0 ? ranges.0 : nil, ranges.1)
                let total = cost(of: update)
                if total < bestCost {
                    best = update
                    bestCost = total
                    most = mostColumns(costingUnder: bestCost - scrollCost, atMost: range.count)
                }
            }
        }
        return best
    }

    /// The most columns (up to `count`) one column update can carry for less than `budget` bytes; -1 when not
    /// even an empty one does.
    func mostColumns(costingUnder budget: Int, atMost count: Int) -> Int {
        guard columnsCost(0) < budget else { return -1 }
        // columnsCost grows with the count: the last count under the budget, by halving.
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high + 1) / 2
            if columnsCost(middle) < budget { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The fewest matching columns worth skipping with a second column update: more bytes than a packet's
    /// own overhead (header, CRC, COBS, delimiter).
    var minimumGap: Int { Wire.encodedCount(payloadCount: 4) / max(geometry.bytesPerColumn, 1) + 1 }

    /// Covers the columns of `range` that do not match once the device moves `range` by `dx` (column x then
    /// shows what was at x − dx; the columns vacated show nothing and never match) with at most two ranges,
    /// split at the widest run of matching columns when it is at least `minimumGap` long; nil as soon as more
    /// than `mostMismatches` columns do not match. Gathers the mismatches of 64 columns at a time into a word
    /// of bits, then walks its runs of set bits rather than its columns.
    @inline(__always)
    static func cover(
        _ range: Range<Int>, shiftedBy dx: Int, minimumGap: Int, mostMismatches: Int,
        mismatches: (_ columns: Range<Int>, _ dx: Int) -> UInt64
    ) -> (ColumnRange, ColumnRange?)? {
        // The columns whose source stays in the range; the others are vacated.
        let keptLow = min(range.upperBound, range.lowerBound + max(dx, 0))
        let kept = keptLow..<max(keptLow, range.upperBound + min(dx, 0))
        var first = -1
        var last = -1
        var gapStart = -1
        var gapLength = 0
        var mismatched = 0
        var start = range.lowerBound
        while start < range.upperBound {
            let chunk = start..<min(start + 64, range.upperBound)
            var word =
                bits(range.lowerBound..<kept.lowerBound, in: chunk)
                | bits(kept.upperBound..<range.upperBound, in: chunk)
            let compared = kept.clamped(to: chunk)
            if !compared.isEmpty { word |= mismatches(compared, dx) << UInt64(compared.lowerBound - start) }
            mismatched += word.nonzeroBitCount
            if mismatched > mostMismatches { return nil }
            while word != 0 {
                // A run of mismatching columns from `x`.
                let bit = word.trailingZeroBitCount
                let run = (~(word >> UInt64(bit))).trailingZeroBitCount
                let x = start + bit
                if first < 0 {
                    first = x
                } else if x - last - 1 > gapLength {
                    // The first of the widest runs of matching columns wins.
                    gapStart = last + 1
                    gapLength = x - last - 1
                }
                last = x + run - 1
                word = bit + run >= 64 ? 0 : word & ~((1 << UInt64(bit + run)) - 1)
            }
            start = chunk.upperBound
        }
        guard first >= 0 else { return (ColumnRange(start: range.lowerBound, count: 0), nil) }
        guard gapLength >= max(minimumGap, 1) else { return (ColumnRange(start: first, count: last - first + 1), nil) }
        return (
            ColumnRange(start: first, count: gapStart - first),
            ColumnRange(start: gapStart + gapLength, count: last - gapStart - gapLength + 1)
        )
    }

    /// The bits of the columns of `columns` that lie in `chunk` (64 columns at most), bit 0 for its first.
    @inline(__always)
    static func bits(_ columns: Range<Int>, in chunk: Range<Int>) -> UInt64 {
        let inside = columns.clamped(to: chunk)
        guard !inside.isEmpty else { return 0 }
        let ones: UInt64 = inside.count >= 64 ? ~0 : (1 << UInt64(inside.count)) - 1
        return ones << UInt64(inside.lowerBound - chunk.lowerBound)
    }
}
