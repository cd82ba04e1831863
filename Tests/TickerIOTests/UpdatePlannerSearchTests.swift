import Testing
import TickerCore
import TickerTestSupport
import TickerWire

@testable import TickerIO

/// The planner's search stops a scroll as soon as it cannot win and reads columns 64 at a time; these tests
/// hold it to the plain search it replaced (every column of every candidate looked at, one at a time), so
/// that the bytes on the wire stay the same.
@Suite struct UpdatePlannerSearchTests {
    /// The plain search: the columns alone, then each scroll by 1, −1… `maxScroll`, the first cheapest winning.
    static func plainPlan(_ planner: UpdatePlanner, changed range: Range<Int>, same: (Int, Int) -> Bool)
        -> FrameUpdate
    {
        let gap = planner.minimumGap
        var best = FrameUpdate.full
        var bestCost = planner.fullCost
        let direct = plainSplit({ !same($0, $0) }, in: range, minimumGap: gap)
        let directUpdate = FrameUpdate.columns(direct.0, direct.1)
        if planner.cost(of: directUpdate) < bestCost {
            best = directUpdate
            bestCost = planner.cost(of: directUpdate)
        }
        guard planner.canScroll, planner.maxScroll > 0 else { return best }
        for distance in 1...planner.maxScroll {
            if planner.scrollCost + planner.columnsCost(distance) >= bestCost { break }
            for dx in [-distance, distance] where distance < range.count {
                let ranges = plainSplit(
                    { x in x - dx < range.lowerBound || x - dx >= range.upperBound || !same(x, x - dx) }, in: range,
                    minimumGap: gap)
                let update = FrameUpdate.scroll(
                    range: ColumnRange(start: range.lowerBound, count: range.count), dx: dx,
                    ranges.0.count > 0 ? ranges.0 : nil, ranges.1)
                if planner.cost(of: update) < bestCost {
                    best = update
                    bestCost = planner.cost(of: update)
                }
            }
        }
        return best
    }

    /// The columns of `range` for which `mismatches` holds, in at most two ranges split at the first widest run
    /// of matching columns, when that run is at least `minimumGap` long.
    static func plainSplit(_ mismatches: (Int) -> Bool, in range: Range<Int>, minimumGap: Int)
        -> (ColumnRange, ColumnRange?)
    {
        let wrong = range.filter(mismatches)
        guard let first = wrong.first, let last = wrong.last else {
            return (ColumnRange(start: range.lowerBound, count: 0), nil)
        }
        var gap = (start: 0, length: 0)
        for (a, b) in zip(wrong, wrong.dropFirst()) where b - a - 1 > gap.length { gap = (a + 1, b - a - 1) }
        guard gap.length >= max(minimumGap, 1) else { return (ColumnRange(start: first, count: last - first + 1), nil) }
        return (
            ColumnRange(start: first, count: gap.start - first),
            ColumnRange(start: gap.start + gap.length, count: last - gap.start - gap.length + 1)
        )
    }

    /// What `search` makes of the columns from the first that differs to the last, comparing columns byte by
    /// byte; `.none` when none differs.
    static func searchByBytes(
        shown: [UInt8], next: [UInt8], column: Int, _ search: (Range<Int>, (Int, Int) -> Bool) -> FrameUpdate
    ) -> FrameUpdate {
        let same = { (a: Int, b: Int) in
            next[(a * column)..<((a + 1) * column)] == shown[(b * column)..<((b + 1) * column)]
        }
        let changed = (0..<(next.count / column)).filter { !same($0, $0) }
        guard let first = changed.first, let last = changed.last else { return .none }
        return search(first..<(last + 1), same)
    }

    /// Frames as a marquee over a sweep makes them: one band of rows moved by up to `maxScroll` + 2 columns,
    /// the other blank in every other round (as a sweep's row between lines is) and touched in a few columns or
    /// not at all.
    static func frames(_ geometry: PanelGeometry, round: Int, _ random: inout SplitMix) -> (
        shown: [UInt8], next: [UInt8]
    ) {
        let (width, column) = (geometry.width, geometry.bytesPerColumn)
        let moved = max(1, column / 2)
        let shown = (0..<(width * column)).map { index in
            index % column >= moved && round % 2 == 0 ? 0 : UInt8(random.next(below: 1 + round % 4)) * 0x11
        }
        let dx = random.next(below: 13) - 6
        var next = shown
        for x in 0..<width {
            for k in 0..<moved {
                next[x * column + k] = (0..<width).contains(x - dx) ? shown[(x - dx) * column + k] : 0
            }
        }
        for _ in 0..<(round % 5) { next[random.next(below: next.count)] ^= 0x5A }
        return (shown, next)
    }

    /// On panels wider and narrower than 64 columns, of columns of 1 to 48 bytes.
    @Test(arguments: [(128, 16, 2), (64, 8, 1), (200, 8, 1), (32, 16, 24), (40, 7, 16), (130, 16, 4)])
    func choosesWhatThePlainSearchChooses(width: Int, height: Int, bits: Int) throws {
        var planner = UpdatePlanner(
            geometry: try PanelGeometry(width: width, height: height, bitsPerPixel: bits), canScroll: true)
        var random = SplitMix(seed: UInt64(width * 7 + bits))
        var kinds: Set<String> = []
        for round in 0..<400 {
            let (shown, next) = Self.frames(planner.geometry, round: round, &random)
            let update = shown.withUnsafeBytes { x in next.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
            let plain = Self.searchByBytes(shown: shown, next: next, column: planner.geometry.bytesPerColumn) {
                range, same in
                Self.plainPlan(planner, changed: range, same: same)
            }
            #expect(update == plain, "round \(round)")
            kinds.insert("\(update)".prefix { $0 != "(" }.description)
        }
        #expect(kinds.isSuperset(of: ["columns", "scroll"]), "\(kinds)")
    }

    /// The most columns under a budget is the count the cost function itself gives.
    @Test func mostColumnsUnderABudgetIsTheLastCountThatFits() throws {
        let planner = UpdatePlanner(
            geometry: try PanelGeometry(width: 128, height: 16, bitsPerPixel: 2), canScroll: true)
        for budget in 0..<700 {
            let expected = (0...128).last { planner.columnsCost($0) < budget } ?? -1
            #expect(planner.mostColumns(costingUnder: budget, atMost: 128) == expected, "budget \(budget)")
        }
    }
}
