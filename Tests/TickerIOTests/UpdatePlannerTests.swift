import Testing
import TickerCore
import TickerTestSupport
import TickerWire

@testable import TickerIO

@Suite struct UpdatePlannerTests {
    func frame(_ columns: [[UInt8]]) -> [UInt8] { columns.flatMap { $0 } }

    @Test func identicalFramesSendNothing() throws {
        var planner = UpdatePlanner(geometry: try PanelGeometry(width: 4, height: 8, bitsPerPixel: 1), canScroll: true)
        let a: [UInt8] = [1, 2, 3, 4]
        let update = a.withUnsafeBytes { x in a.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(update == .none)
    }

    @Test func aFewChangedColumnsGoAsAColumnUpdate() throws {
        var planner = UpdatePlanner(
            geometry: try PanelGeometry(width: 64, height: 8, bitsPerPixel: 1), canScroll: false)
        let before = [UInt8](repeating: 0, count: 64)
        var after = before
        after[10] = 0xFF
        after[12] = 0x0F
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(update == .columns(ColumnRange(start: 10, count: 3), nil))
        #expect(planner.cost(of: update) < planner.fullCost)
    }

    @Test func changesAtBothEndsGoAsTwoRanges() throws {
        var planner = UpdatePlanner(
            geometry: try PanelGeometry(width: 128, height: 8, bitsPerPixel: 1), canScroll: false)
        let before = [UInt8](repeating: 0, count: 128)
        var after = before
        after[1] = 1
        after[126] = 1
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(update == .columns(ColumnRange(start: 1, count: 1), ColumnRange(start: 126, count: 1)))
    }

    /// Colour columns are 2 or 3 bytes a pixel: a frame moved by one column is still a scroll and one column.
    @Test(arguments: [16, 24])
    func colourTextMovedOneColumnGoesAsAScrollToo(bits: Int) throws {
        let geometry = try PanelGeometry(width: 64, height: 8, bitsPerPixel: bits)
        var planner = UpdatePlanner(geometry: geometry, canScroll: true)
        let column = geometry.bytesPerColumn
        let before = (0..<(64 * column)).map { UInt8(truncatingIfNeeded: $0 &* 37 | 1) }
        let after = Array(before.dropFirst(column)) + [UInt8](repeating: 0x55, count: column)
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(
            update == .scroll(range: ColumnRange(start: 0, count: 64), dx: -1, ColumnRange(start: 63, count: 1), nil))
        #expect(planner.cost(of: update) < planner.fullCost / 10)
    }

    @Test func textMovedOneColumnGoesAsAScrollAndTheNewColumn() throws {
        var planner = UpdatePlanner(geometry: try PanelGeometry(width: 64, height: 8, bitsPerPixel: 1), canScroll: true)
        let before = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 | 1) }
        let after = Array(before.dropFirst()) + [0x55]
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(
            update == .scroll(range: ColumnRange(start: 0, count: 64), dx: -1, ColumnRange(start: 63, count: 1), nil))
        var withoutScroll = UpdatePlanner(geometry: planner.geometry, canScroll: false)
        let plain = before.withUnsafeBytes { x in after.withUnsafeBytes { y in withoutScroll.plan(from: x, to: y) } }
        #expect(planner.cost(of: update) < withoutScroll.cost(of: plain))
    }

    @Test func everythingChangedGoesAsAFullFrame() throws {
        var planner = UpdatePlanner(geometry: try PanelGeometry(width: 16, height: 8, bitsPerPixel: 1), canScroll: true)
        let before = [UInt8](repeating: 0, count: 16)
        let after = (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(update == .full)
    }

    /// The planner compares columns as numbers (hashed beyond 8 bytes); its choices are those of comparing
    /// bytes, and the update it picks turns the shown frame into the next one.
    @Test(arguments: [(128, 16, 2), (64, 8, 1), (32, 16, 24), (40, 7, 16), (30, 32, 8)])
    func columnsComparedAsNumbersPlanAsBytesDo(width: Int, height: Int, bits: Int) throws {
        let geometry = try PanelGeometry(width: width, height: height, bitsPerPixel: bits)
        var planner = UpdatePlanner(geometry: geometry, canScroll: true)
        let column = geometry.bytesPerColumn
        var random = SplitMix(seed: UInt64(width * 1_000 + bits))
        var kinds: Set<String> = []
        for round in 0..<300 {
            // A picture of a few values, so that columns repeat, moved by up to 5 columns and touched here
            // and there, as a marquee and a sweep do.
            let shown = (0..<(width * column)).map { _ in UInt8(random.next(below: 3)) * 0x55 }
            let dx = random.next(below: 11) - 5
            var next = (0..<(width * column)).map { index in
                let source = index / column - dx
                return source >= 0 && source < width ? shown[source * column + index % column] : 0
            }
            for _ in 0..<(round % 4) { next[random.next(below: next.count)] ^= 0xFF }
            let update = shown.withUnsafeBytes { x in next.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
            func same(_ a: Int, _ b: Int) -> Bool {
                next[(a * column)..<((a + 1) * column)] == shown[(b * column)..<((b + 1) * column)]
            }
            // The same search over the columns from the first that differs to the last, found byte by byte.
            let changed = (0..<width).filter { !same($0, $0) }
            let byBytes =
                changed.isEmpty
                ? FrameUpdate.none : planner.plan(changed: changed[0]..<(changed[changed.count - 1] + 1), same: same)
            #expect(update == byBytes)
            #expect(Self.apply(update, to: shown, next: next, column: column) == next)
            kinds.insert("\(update)".prefix { $0 != "(" }.description)
        }
        // The rounds reach every kind of update.
        #expect(kinds.isSuperset(of: ["none", "full", "columns", "scroll"]), "\(kinds)")
    }

    /// What a device shows after `update`: a scroll moves its range (vacated columns go blank), then the
    /// columns sent (taken from `next`) are written.
    static func apply(_ update: FrameUpdate, to shown: [UInt8], next: [UInt8], column: Int) -> [UInt8] {
        var shown = shown
        func write(_ range: ColumnRange?) {
            guard let range else { return }
            let bytes = (range.start * column)..<(range.end * column)
            shown.replaceSubrange(bytes, with: next[bytes])
        }
        switch update {
        case .none: break
        case .full: shown = next
        case .columns(let first, let second):
            write(first)
            write(second)
        case .scroll(let range, let dx, let first, let second):
            let before = shown
            for x in range.start..<range.end {
                let source = x - dx
                for k in 0..<column {
                    shown[x * column + k] =
                        source >= range.start && source < range.end ? before[source * column + k] : 0
                }
            }
            write(first)
            write(second)
        }
        return shown
    }
}
