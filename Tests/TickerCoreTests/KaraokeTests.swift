import Testing

@testable import TickerCore

@Suite struct KaraokeTests {
    static let fillCases: [(widths: [Int], progress: Double, expected: [Double])] = [
        ([100, 50], 0.0, [0.0, 0.0]),
        ([100, 50], 0.5, [0.75, 0.0]),
        ([100, 50], 2.0 / 3, [1.0, 0.0]),
        ([100, 50], 0.8, [1.0, 0.4]),
        ([100, 50], 1.0, [1.0, 1.0]),
        ([100, 50], 7.0, [1.0, 1.0]),
        ([100, 0, 50], 0.9, [1.0, 0.0, 0.7]),
        ([0, 0], 0.5, [0.0, 0.0]),
        ([-5, 10], 0.5, [0.0, 0.5]),
    ]

    @Test(arguments: fillCases)
    func lightMovesAtOneSpeedAcrossLines(widths: [Int], progress: Double, expected: [Double]) {
        let fills = Karaoke.fills(widths: widths, progress: progress)
        #expect(fills.count == expected.count)
        for (fill, want) in zip(fills, expected) { #expect(abs(fill - want) < 1e-9) }
    }

    @Test func nonFiniteProgressLightsNothing() {
        #expect(Karaoke.fills(widths: [10, 10], progress: .nan) == [0, 0])
    }

    @Test func reducedMotionLightsWholeLinesAsSoonAsTheyStart() {
        #expect(Karaoke.wholeLines([1, 0.01, 0]) == [1, 1, 0])
    }

    @Test func rightToLeftLinesFillFromTheRightEdge() {
        let range = Karaoke.sungRange(fill: 0.25, width: 40, direction: .rightToLeft)
        #expect(range.start == 30 && range.end == 40)
        let ltr = Karaoke.sungRange(fill: 0.25, width: 40, direction: .leftToRight)
        #expect(ltr.start == 0 && ltr.end == 10)
    }

    static let heads: [(head: Double, offset: Int)] = [(5, 0), (20, 10), (55, 45), (90, 60), (200, 60)]

    @Test(arguments: heads)
    func wideLineScrollsToKeepTheSweepHeadInView(head: Double, offset: Int) {
        #expect(Karaoke.scrollOffset(head: head, lineWidth: 80, zoneWidth: 20) == offset)
    }

    @Test func lineThatFitsNeverScrolls() {
        #expect(Karaoke.scrollOffset(head: 15, lineWidth: 20, zoneWidth: 20) == 0)
    }
}
