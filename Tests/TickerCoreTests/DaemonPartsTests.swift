import Testing
import TickerCore

/// The small values the daemon's decider is made of — the cadence, the idle clock, the feed-problem limiter —
/// on a manual clock.
@Suite struct DaemonPartsTests {
    static let start: Duration = .seconds(1_000)

    @Test func aCadenceIsDueAtTheStartThenAnIntervalAfterAChangeAndARefreshAfterNone() {
        var cadence = Cadence()
        #expect(cadence.due(from: Self.start, interval: .seconds(1), refresh: .seconds(60)) == Self.start)
        cadence.done(at: Self.start)
        #expect(
            cadence.due(from: Self.start, interval: .seconds(1), refresh: .seconds(60)) == Self.start + .seconds(60))
        #expect(cadence.due(from: Self.start, interval: .seconds(1), refresh: nil) == nil)
        cadence.changed()
        #expect(cadence.due(from: Self.start, interval: .seconds(1), refresh: nil) == Self.start + .seconds(1))
        // Nothing needed doing after all: the next time counts from the last one done.
        cadence.settled()
        #expect(!cadence.owed)
        #expect(cadence.due(from: Self.start, interval: .seconds(1), refresh: .seconds(5)) == Self.start + .seconds(5))
    }

    @Test func aCadenceThatOwesNothingAtFirstWaitsForAChange() {
        var cadence = Cadence(owed: false)
        #expect(cadence.due(from: Self.start, interval: .seconds(1), refresh: nil) == nil)
        cadence.changed()
        #expect(cadence.due(from: Self.start, interval: .seconds(1), refresh: nil) == Self.start)
    }

    @Test func theIdleClockShowsHoursAndMinutesAndAsksAgainWhenTheMinuteRunsOut() {
        var clock = IdleClock()
        #expect(clock.wantsTimeOfDay(at: Self.start))
        // 09:41:15.5 at the start.
        let time = WallTime(
            year: 2026, month: 12, day: 1, weekday: 2, hour: 9, minute: 41, second: 15, nanosecond: 500_000_000)
        let first = clock.update(localTime: time, at: Self.start)
        #expect(first)
        #expect(clock.text == "09:41")
        #expect(clock.nextChange == Self.start + .milliseconds(44_500))
        #expect(!clock.wantsTimeOfDay(at: Self.start + .seconds(44)))
        #expect(clock.wantsTimeOfDay(at: Self.start + .milliseconds(44_500)))
        // The same minute again changes nothing.
        var later = time
        later.second = 16
        let again = clock.update(localTime: later, at: Self.start + .seconds(1))
        #expect(!again)
        let late = clock.update(
            localTime: WallTime(year: 2026, month: 12, day: 1, weekday: 2, hour: 23, minute: 59, second: 59),
            at: Self.start + .seconds(2))
        #expect(late)
        #expect(clock.text == "23:59")
    }

    @Test func theLimiterLogsAMinutesShareAndSumsUpTheRestWhenTheMinuteEnds() {
        var limiter = FeedProblemLimiter(limit: 2)
        let logged = (0..<5).map { limiter.record(at: Self.start + .seconds($0)).log }
        #expect(logged == [true, true, false, false, false])
        #expect(limiter.summaryDue == Self.start + .seconds(60))
        let summary = limiter.close()
        #expect(summary == "3 more feed errors in the last minute were not logged")
        #expect(limiter.summaryDue == nil)
        // A problem after the minute opens a new one, and brings the summary of the old one with it.
        _ = (0..<3).map { limiter.record(at: Self.start + .seconds(100 + $0)) }
        let next = limiter.record(at: Self.start + .seconds(160))
        #expect(next.summary == "1 more feed errors in the last minute were not logged")
        #expect(next.log)
    }
}
