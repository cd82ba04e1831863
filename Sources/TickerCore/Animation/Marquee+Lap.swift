/// The lap's arithmetic on whole numbers: time in attoseconds (as `Duration` keeps it), the speed in millionths
/// of a pixel per second and the pause to the nanosecond (finer than any configuration gives them). Computed in
/// floating point, the time into a lap picks up the rounding of every lap before it, and an instant one lap
/// after another could show a column less; counted in whole units, instants a lap apart show the same column,
/// whichever way the time reached them (the daemon's frame grid or `tickerctl render --at`).
extension Marquee {
    /// Where the text is at one instant of a lap.
    enum Leg: Equatable {
        /// Standing at `column` pixels moved.
        case resting(at: Int)
        /// Moving forward from `column`, for `attoseconds` so far.
        case forward(from: Int, for: Int128)
        /// Moving back (bounce) from `column`, for `attoseconds` so far.
        case back(from: Int, for: Int128)
    }

    /// Attoseconds in a second.
    static let attosecondsPerSecond: Int128 = 1_000_000_000_000_000_000

    /// Attoseconds × millionths of a pixel per second that make one pixel moved.
    static let attosecondMicropixels: Int128 = 1_000_000 * attosecondsPerSecond

    /// The speed in millionths of a pixel per second: at least one, at most a billion pixels per second.
    var speedMicropixels: Int128 {
        guard style.speed.isFinite, style.speed > 0 else { return 1 }
        return Int128(max((min(style.speed, 1e9) * 1e6).rounded(), 1))
    }

    /// The pause in attoseconds, to the nanosecond (at most a billion seconds).
    var pauseAttoseconds: Int128 {
        let seconds = style.pause.isFinite ? min(max(style.pause, 0), 1e9) : 0
        return Int128((seconds * 1e9).rounded()) * 1_000_000_000
    }

    /// How long moving `pixels` takes, in attoseconds, rounded up (so the lap ends where the text has moved
    /// them all).
    func attoseconds(toMove pixels: Int) -> Int128 {
        let product = Int128(max(pixels, 0)) * Self.attosecondMicropixels
        let speed = speedMicropixels
        return (product + speed - 1) / speed
    }

    /// How long one lap takes in attoseconds (in bounce mode, one trip there and back); 0 when it does not
    /// scroll.
    var lapAttoseconds: Int128 {
        guard scrolls else { return 0 }
        if style.bounce { return 2 * (pauseAttoseconds + attoseconds(toMove: overflow)) }
        return pauseAttoseconds + attoseconds(toMove: lapDistance)
    }

    /// Where the text is `elapsed` after it appeared.
    func leg(at elapsed: Duration) -> Leg {
        let time = elapsed.attosecondCount
        let lap = lapAttoseconds
        guard scrolls, time > 0, lap > 0 else { return .resting(at: 0) }
        if style.laps > 0, time / lap >= Int128(style.laps) { return .resting(at: 0) }
        let inLap = time % lap
        let pause = pauseAttoseconds
        guard style.bounce else { return inLap < pause ? .resting(at: 0) : .forward(from: 0, for: inLap - pause) }
        let travel = attoseconds(toMove: overflow)
        switch inLap {
        case ..<pause: return .resting(at: 0)
        case ..<(pause + travel): return .forward(from: 0, for: inLap - pause)
        case ..<(2 * pause + travel): return .resting(at: overflow)
        default: return .back(from: overflow, for: inLap - 2 * pause - travel)
        }
    }

    /// The farthest the text moves in a lap: the lap's distance, or in bounce mode the overflow.
    private var farthest: Int { style.bounce ? overflow : lapDistance }

    /// The whole pixels moved on `leg`: rounded down moving forward, up moving back, so that the column
    /// shown is the one the text has reached.
    func column(on leg: Leg) -> Int {
        let speed = speedMicropixels
        switch leg {
        case .resting(let column):
            return column
        case .forward(let start, let time):
            return min(start + Int(clamping: time * speed / Self.attosecondMicropixels), farthest)
        case .back(let start, let time):
            let moved = (time * speed + Self.attosecondMicropixels - 1) / Self.attosecondMicropixels
            return max(start - Int(clamping: moved), 0)
        }
    }

    /// The pixels moved on `leg`, with their fraction.
    func pixels(on leg: Leg) -> Double {
        switch leg {
        case .resting(let column):
            return Double(column)
        case .forward(let start, let time):
            return min(Double(start) + Duration(attosecondCount: time).inSeconds * style.speed, Double(farthest))
        case .back(let start, let time):
            return max(Double(start) - Duration(attosecondCount: time).inSeconds * style.speed, 0)
        }
    }
}
