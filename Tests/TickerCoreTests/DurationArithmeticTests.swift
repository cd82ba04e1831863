import Testing

@testable import TickerCore

/// The scene's conversions between durations and seconds agree with `Duration`'s own arithmetic.
@Suite struct DurationArithmeticTests {
    /// Within `units` units in the last place of `expected`.
    static func close(_ value: Double, _ expected: Double, units: Double) -> Bool {
        abs(value - expected) <= units * expected.ulp
    }

    /// On every toolchain, with or without SE-0457's `attoseconds`.
    @Test func countsAttosecondsExactlyBothWays() {
        var generator = SystemRandomNumberGenerator()
        let some: [Duration] =
            [.zero, .seconds(1), .nanoseconds(-1), .seconds(-3) + .nanoseconds(-5), .seconds(Int64.max / 2)]
            + (0..<1_000).map { _ in
                .seconds(Int64.random(in: -1_000_000_000...1_000_000_000, using: &generator))
                    + .nanoseconds(Int64.random(in: -999_999_999...999_999_999, using: &generator))
            }
        for duration in some {
            let (seconds, attoseconds) = duration.components
            let count = duration.attosecondCount
            #expect(count == Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds), "\(duration)")
            #expect(Duration(attosecondCount: count) == duration)
        }
        #expect(Duration(attosecondCount: 1_500_000_000_000_000_000) == .milliseconds(1_500))
        #expect(Duration(attosecondCount: -1) == Duration(secondsComponent: 0, attosecondsComponent: -1))
    }

    @Test func agreesWithDurationsOwnDivision() {
        var generator = SystemRandomNumberGenerator()
        func duration(_ range: ClosedRange<Int64>) -> Duration {
            .nanoseconds(Int64.random(in: range, using: &generator))
                + Duration(attosecondCount: Int128(Int64.random(in: 0..<1_000_000_000, using: &generator)))
        }
        for _ in 0..<20_000 {
            let value = duration(-10_000_000_000_000...10_000_000_000_000)
            let other = duration(1...1_000_000_000_000)
            // 4 ulps (6 for a ratio of two): each conversion rounds a few times (seconds, attoseconds, their
            // sum), at most half an ulp each; a duration a nanosecond off would be hundreds of ulps out.
            #expect(Self.close(value.inSeconds, value / .seconds(1), units: 4))
            #expect(Self.close(value.ratio(to: other), value / other, units: 6))
            let seconds = Double.random(in: -1e6...1e6, using: &generator)
            #expect(Self.close(Duration.fromSeconds(seconds).inSeconds, seconds, units: 4))
            let factor = Double.random(in: 0...1, using: &generator)
            // 8 ulps of the value: the two ways of scaling round differently, by a few ulps each; a nanosecond
            // off would be hundreds.
            #expect(abs((value.scaled(by: factor) - value * factor).inSeconds) <= 8 * value.inSeconds.ulp)
        }
        #expect(Duration.milliseconds(1_500).inSeconds == 1.5)
        #expect(Duration.milliseconds(-250).inSeconds == -0.25)
        #expect(Duration.seconds(3).ratio(to: .seconds(4)) == 0.75)
        #expect(Duration.seconds(86_400 * 365).inSeconds == 31_536_000)
        #expect(Duration.fromSeconds(2.5) == .milliseconds(2_500))
        #expect(Duration.fromSeconds(-0.25) == .milliseconds(-250))
        #expect(Duration.seconds(2).scaled(by: 0.25) == .milliseconds(500))
    }
}

/// `decimalSeconds(fractionDigits:)`, the one way the feed and the logs write a duration in seconds.
@Suite struct DurationDecimalTests {
    @Test(arguments: [
        (Duration.seconds(12), 6, "12"), (.milliseconds(12_500), 6, "12.5"), (.microseconds(250), 6, "0.00025"),
        (.nanoseconds(1_999), 6, "0.000001"), (.seconds(5), 3, "5"), (.milliseconds(500), 3, "0.5"),
        (.milliseconds(1_250), 3, "1.25"), (.microseconds(1_001_400), 3, "1.001"), (.milliseconds(1_500), 0, "1"),
    ])
    func cutsToTheDigitsAndDropsTrailingZeros(duration: Duration, digits: Int, text: String) {
        #expect(duration.decimalSeconds(fractionDigits: digits) == text)
    }
}

/// `Duration.earliest`, which finds the exact instant a marquee or a sweep next moves from an estimate.
@Suite struct DurationEarliestTests {
    /// The first attosecond at which the condition holds, wherever the estimate lies after it; a handful of
    /// askings when the estimate is a few rounding steps late, as estimates computed in floating point are.
    @Test func findsTheFirstAttosecondFromAnyEstimate() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let start = Duration(attosecondCount: Int128.random(in: 0...300_000_000_000_000_000_000, using: &generator))
            let answer = start + Duration(attosecondCount: Int128.random(in: 1...(1 << 57), using: &generator))
            let late: Int128 = [0, 1, 1023, 1024, 4095, Int128.random(in: 0...(1 << 60), using: &generator)][
                Int.random(in: 0..<6, using: &generator)]
            var askings = 0
            let found = Duration.earliest(after: start, upTo: answer + Duration(attosecondCount: late)) {
                askings += 1
                return $0 >= answer
            }
            #expect(found == answer, "from \(start), \(late) as late")
            if late < 4096 { #expect(askings <= 16, "\(askings) askings, \(late) as late") }
        }
    }

    /// An estimate that is early, or not after the start, is taken as it is.
    @Test func takesAnEarlyEstimateAsItIs() {
        #expect(Duration.earliest(after: .seconds(1), upTo: .seconds(2)) { $0 >= .seconds(3) } == .seconds(2))
        #expect(Duration.earliest(after: .seconds(2), upTo: .seconds(2)) { _ in true } == .seconds(2))
        #expect(
            Duration.earliest(after: .seconds(1), upTo: .seconds(2)) { _ in true } == .seconds(1)
                + Duration(attosecondCount: 1))
    }

    /// A marquee's next column is never announced late, not by an attosecond: just before the answer the text
    /// has not moved. Most answers are where it moves; the rest are estimates a hair early (asked again, the
    /// caller gets the next).
    @Test func aMarqueeIsNeverAnnouncedLateByAnAttosecond() {
        let one = Duration(attosecondCount: 1)
        for style in [MarqueeStyle(speed: 30, pause: 1, gap: 20), MarqueeStyle(speed: 17, pause: 0.3, bounce: true)] {
            let motion = Marquee(textWidth: 100, zoneWidth: 50, style: style)
            var answers = 0
            var moved = 0
            for step in 0..<2_000 {
                let elapsed = Duration.microseconds(Int64(step) * 16_667)
                guard let next = motion.nextOffsetChange(after: elapsed) else { continue }
                let column = motion.columnOffset(at: elapsed)
                #expect(motion.columnOffset(at: next - one) == column, "after \(elapsed)")
                answers += 1
                if motion.columnOffset(at: next) != column { moved += 1 }
            }
            #expect(moved * 2 > answers, "\(moved) of \(answers) answers where the text moves")
        }
    }
}
