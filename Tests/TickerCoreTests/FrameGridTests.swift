import Testing

@testable import TickerCore

/// The frame grid's instants, on a manual clock whose origin is 1000 s.
@Suite struct FrameGridTests {
    static let origin: Duration = .seconds(1_000)
    static let frame = Duration.seconds(1) / 60

    @Test func theGridIsExactFarFromItsOrigin() {
        let grid = FrameGrid(origin: Self.origin, framesPerSecond: 60)
        let late = Self.origin + .seconds(86_400 * 30)
        let floor = grid.floor(late + .nanoseconds(5))
        #expect(floor == late)
        #expect(grid.ceiling(late + .nanoseconds(5)) == late + Self.frame)
        #expect(grid.ceiling(late) == late)
        #expect(grid.instant(3) == Self.origin + .seconds(3) / 60)
    }

    /// The grid's whole-attosecond arithmetic agrees with `Duration`'s own at every rate, before the origin
    /// too: instant k is `origin + k / fps`, and every instant lies between its floor and the next instant.
    @Test(arguments: [1, 7, 24, 30, 59, 60, 75, 120, 144, 240])
    func theGridAgreesWithDurationArithmetic(fps: Int) {
        let grid = FrameGrid(origin: Self.origin, framesPerSecond: fps)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let index = Int64.random(in: -100_000...100_000_000, using: &generator)
            #expect(grid.instant(index) == Self.origin + .seconds(index) / fps)
            let instant =
                Self.origin
                + .nanoseconds(Int64.random(in: -1_000_000_000_000...1_000_000_000_000_000, using: &generator))
            let floor = grid.floor(instant)
            let ceiling = grid.ceiling(instant)
            // 1 ns: `Duration`'s division by the rate truncates to the attosecond, and the grid rounds its
            // instants toward the origin, so a frame may be an attosecond or so longer than `1 s / fps`; a floor
            // off by a frame would be milliseconds out.
            #expect(floor <= instant && instant < floor + .seconds(1) / fps + .nanoseconds(1))
            #expect(ceiling >= instant && (ceiling == floor || ceiling - floor <= .seconds(1) / fps + .nanoseconds(1)))
            #expect(grid.floor(floor) == floor && grid.ceiling(floor) == floor)
        }
    }

    /// A loop that woke at `now` wakes next on the grid, after the instant `now` falls in, at or after its target.
    @Test func theNextWakeUpIsAGridInstantAfterTheOneNowFallsIn() {
        let grid = FrameGrid(origin: Self.origin, framesPerSecond: 60)
        let now = grid.instant(10) + .microseconds(3)
        #expect(grid.instant(atOrAfter: now, after: now) == grid.instant(11))
        #expect(grid.instant(atOrAfter: .zero, after: grid.instant(10)) == grid.instant(11))
        #expect(grid.instant(atOrAfter: grid.instant(40) - .nanoseconds(1), after: now) == grid.instant(40))
        #expect(grid.instant(atOrAfter: grid.instant(40), after: now) == grid.instant(40))
    }
}
