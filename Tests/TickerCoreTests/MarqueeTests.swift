import Testing

@testable import TickerCore

@Suite struct MarqueeTests {
    let style = MarqueeStyle(speed: 10, pause: 1, gap: 4)

    @Test func scrollsOnlyWhenWiderThanZone() {
        #expect(!Marquee(textWidth: 20, zoneWidth: 20, style: style).scrolls)
        #expect(Marquee(textWidth: 21, zoneWidth: 20, style: style).scrolls)
        #expect(!Marquee(textWidth: 21, zoneWidth: 20, style: MarqueeStyle(speed: 0)).scrolls)
        #expect(!Marquee(textWidth: 21, zoneWidth: 20, style: MarqueeStyle(reducedMotion: true)).scrolls)
        #expect(Marquee(textWidth: 20, zoneWidth: 20, style: style).offset(at: .seconds(5)) == 0)
    }

    @Test func lapIsTextPlusGapAndLastsPausePlusDistanceOverSpeed() {
        let marquee = Marquee(textWidth: 36, zoneWidth: 20, style: style)
        #expect(marquee.lapDistance == 40)
        #expect(marquee.lapDuration == .seconds(1 + 40.0 / 10))
    }

    static let lapOffsets: [(seconds: Double, pixels: Double)] = [
        (0.0, 0.0), (0.5, 0.0), (1.0, 0.0), (1.5, 5.0), (3.0, 20.0), (4.99, 39.9),
        // The next lap starts with the same pause.
        (5.0, 0.0), (5.9, 0.0), (6.5, 5.0),
    ]

    @Test(arguments: lapOffsets)
    func offsetIsTimePastThePauseTimesSpeed(seconds: Double, pixels: Double) {
        let marquee = Marquee(textWidth: 36, zoneWidth: 20, style: style)
        #expect(abs(marquee.offset(at: .seconds(seconds)) - pixels) < 1e-9)
    }

    @Test func secondCopyFollowsAtTheGapSoTheLapEndsAsItStarts() {
        let marquee = Marquee(textWidth: 36, zoneWidth: 20, style: style)
        // Zone column 0 at offset 40 (end of lap) shows what it showed at offset 0.
        for column in 0..<20 {
            #expect(
                marquee.stripColumn(atZoneColumn: column, offset: 40)
                    == marquee.stripColumn(atZoneColumn: column, offset: 0))
        }
        // In the gap the zone is blank, then the second copy begins.
        #expect(marquee.stripColumn(atZoneColumn: 0, offset: 36) == nil)
        #expect(marquee.stripColumn(atZoneColumn: 3, offset: 36) == nil)
        #expect(marquee.stripColumn(atZoneColumn: 4, offset: 36) == 0)
    }

    struct MirrorCase: CustomTestStringConvertible, Sendable {
        let id: String
        let direction: MarqueeDirection
        let bounce: Bool
        let offset: Int
        /// The strip column each of the zone's 4 columns shows (-1: blank) for text 10 wide, gap 2.
        let columns: [Int]
        var testDescription: String { id }
    }

    @Test(arguments: [
        MirrorCase(
            id: "starts with its right end at the right edge", direction: .left, bounce: false, offset: 0,
            columns: [6, 7, 8, 9]),
        MirrorCase(
            id: "moves right, showing what comes next", direction: .left, bounce: false, offset: 3,
            columns: [3, 4, 5, 6]),
        MirrorCase(
            id: "its left end, then the gap come in from the left", direction: .left, bounce: false, offset: 8,
            columns: [-1, -1, 0, 1]),
        MirrorCase(
            id: "a whole lap looks as it started", direction: .left, bounce: false, offset: 12,
            columns: [6, 7, 8, 9]),
        MirrorCase(
            id: "direction right is mirrored too: it moves left", direction: .right, bounce: false, offset: 2,
            columns: [8, 9, -1, -1]),
        MirrorCase(
            id: "bounce starts at the right end", direction: .left, bounce: true, offset: 0,
            columns: [6, 7, 8, 9]),
        MirrorCase(
            id: "bounce reaches the left end", direction: .left, bounce: true, offset: 6,
            columns: [0, 1, 2, 3]),
    ])
    func rightToLeftTextStartsAtTheRightEdgeAndIsReadInOrder(_ example: MirrorCase) {
        let style = MarqueeStyle(speed: 10, pause: 1, gap: 2, direction: example.direction, bounce: example.bounce)
        let marquee = Marquee(textWidth: 10, zoneWidth: 4, style: style, rightToLeft: true)
        let shown = (0..<4).map { marquee.stripColumn(atZoneColumn: $0, offset: example.offset) ?? -1 }
        #expect(shown == example.columns)
    }

    @Test func rightToLeftTextFadesWhereItComesIn() {
        let style = MarqueeStyle(speed: 10, pause: 1, gap: 2, fadeEdges: true)
        #expect(Marquee(textWidth: 200, zoneWidth: 100, style: style).fadeColumns == (3, 8))
        #expect(Marquee(textWidth: 200, zoneWidth: 100, style: style, rightToLeft: true).fadeColumns == (8, 3))
    }

    @Test func rightwardTextEntersFromTheLeft() {
        let marquee = Marquee(
            textWidth: 36, zoneWidth: 20, style: MarqueeStyle(speed: 10, pause: 1, gap: 4, direction: .right))
        #expect(marquee.stripColumn(atZoneColumn: 5, offset: 0) == 5)
        // Moved right by 5: column 5 shows the text's first column, columns left of it the previous copy.
        #expect(marquee.stripColumn(atZoneColumn: 5, offset: 5) == 0)
        #expect(marquee.stripColumn(atZoneColumn: 4, offset: 5) == nil)
        #expect(marquee.stripColumn(atZoneColumn: 0, offset: 5) == 35)
    }

    @Test(arguments: [(MarqueeAlignment.left, 0), (.center, 5), (.right, 10)])
    func textThatFitsIsAligned(alignment: MarqueeAlignment, start: Int) {
        let marquee = Marquee(textWidth: 10, zoneWidth: 20, style: MarqueeStyle(alignment: alignment))
        #expect(marquee.stripColumn(atZoneColumn: start, offset: 0) == 0)
        #expect(marquee.stripColumn(atZoneColumn: start + 9, offset: 0) == 9)
        #expect(marquee.stripColumn(atZoneColumn: start + 10, offset: 0) == nil)
        #expect(start == 0 || marquee.stripColumn(atZoneColumn: start - 1, offset: 0) == nil)
    }

    @Test func stopsAtItsStartAfterTheLapLimit() {
        let marquee = Marquee(textWidth: 36, zoneWidth: 20, style: MarqueeStyle(speed: 10, pause: 1, gap: 4, laps: 2))
        #expect(marquee.offset(at: .seconds(6.5)) == 5)
        #expect(marquee.offset(at: .seconds(10.0)) == 0)
        #expect(marquee.offset(at: .seconds(1000)) == 0)
    }

    static let bounceOffsets: [(seconds: Double, pixels: Double)] = [
        (0.5, 0), (1.5, 5), (2.6, 16), (3.2, 16), (4.0, 12), (4.6, 6), (5.15, 0.5), (6.5, 3),
    ]

    @Test(arguments: bounceOffsets)
    func bounceGoesToTheEndRestsAndComesBack(seconds: Double, pixels: Double) {
        // Overflow 16 px at 10 px/s: 1.6 s each way, a 1 s rest at each end, 5.2 s a round trip.
        let marquee = Marquee(
            textWidth: 36, zoneWidth: 20, style: MarqueeStyle(speed: 10, pause: 1, gap: 4, bounce: true))
        #expect(marquee.lapDuration == .milliseconds(5_200))
        #expect(abs(marquee.offset(at: .seconds(seconds)) - pixels) < 1e-9)
    }

    /// Counted in whole attoseconds, an instant shows what it showed a lap earlier, however many laps ago; in
    /// floating point the remainder of a 3.1 s lap once put 4.6 s a column behind 1.5 s.
    @Test(arguments: [30, 17, 12.5, 41.3])
    func aLapLaterTheMarqueeShowsTheSameColumn(speed: Double) {
        for bounce in [false, true] {
            let marquee = Marquee(
                textWidth: 139, zoneWidth: 64, style: MarqueeStyle(speed: speed, pause: 0.7, bounce: bounce))
            let lap = marquee.lapDuration
            for step in 0..<400 {
                let instant = Duration.milliseconds(Int64(step) * 37)
                let column = marquee.columnOffset(at: instant)
                for laps in [1, 7, 1_000] {
                    #expect(marquee.columnOffset(at: instant + lap * laps) == column, "\(instant), \(laps) laps on")
                }
            }
        }
        let daydream = Marquee(textWidth: 39, zoneWidth: 32, style: MarqueeStyle())
        #expect(daydream.lapDuration == .milliseconds(3_100))
        #expect(daydream.columnOffset(at: .milliseconds(4_600)) == 15)
        #expect(daydream.columnOffset(at: .milliseconds(1_500)) == 15)
    }

    @Test func hostileTimesAndSpeedsDoNotMove() {
        let marquee = Marquee(textWidth: 36, zoneWidth: 20, style: style)
        // Times are durations: no NaN or infinity to meet, but a time before the text appeared.
        #expect(marquee.offset(at: .seconds(-3)) == 0)
        #expect(!Marquee(textWidth: 36, zoneWidth: 20, style: MarqueeStyle(speed: .infinity)).scrolls)
        #expect(!Marquee(textWidth: 36, zoneWidth: 20, style: MarqueeStyle(speed: .nan)).scrolls)
    }

    @Test func edgesFadeOnlyWhileScrolling() {
        let moving = Marquee(textWidth: 200, zoneWidth: 100, style: MarqueeStyle())
        #expect(moving.fadeColumns == (3, 8))
        #expect(moving.fade(atZoneColumn: 0) == 0.25)
        #expect(moving.fade(atZoneColumn: 50) == 1)
        #expect(moving.fade(atZoneColumn: 99) == 1.0 / 9)
        #expect(Marquee(textWidth: 50, zoneWidth: 100, style: MarqueeStyle()).fadeColumns == (0, 0))
    }
}
