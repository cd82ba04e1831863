import TickerCore

/// Reads the brightness schedule against the local wall clock, DST included: the schedule itself is pure and
/// counts in wall time; this says how much real time there is until its next entry. Where the UTC offset
/// changes before then (a DST change), the wall time ahead is longer or shorter than the real time by the
/// change, and an entry whose wall time the clock jumps over (02:30 on a spring-forward night) takes effect at
/// the jump.
package enum LocalClock {
    /// The schedule's reading at unix time `epoch` (nanoseconds; now by default), `untilNext` in real time.
    package static func reading(
        of schedule: BrightnessSchedule, atEpoch epoch: Duration = Clock.wallNow
    ) -> BrightnessSchedule.Reading? {
        let (seconds, attoseconds) = epoch.components
        let now = Int(seconds)
        let fraction = Duration(secondsComponent: 0, attosecondsComponent: attoseconds)
        let local = Posix.localTime(atEpochSeconds: now)
        guard var reading = schedule.reading(atSecondOfDay: .seconds(local.secondOfDay) + fraction) else {
            return nil
        }
        reading.untilNext = realTime(untilWall: reading.untilNext, from: now, offset: local.utcOffset, fraction)
        return reading
    }

    /// The real time from unix second `now` (plus `fraction`), at UTC offset `offset`, until the wall clock has
    /// moved on by `wall`.
    static func realTime(untilWall wall: Duration, from now: Int, offset: Int, _ fraction: Duration) -> Duration {
        let wallSeconds = Int((wall + fraction) / .seconds(1))
        let naive = now + wallSeconds
        let change = Posix.localTime(atEpochSeconds: naive).utcOffset - offset
        guard change != 0 else { return wall }
        let corrected = naive - change
        // The offset at the corrected instant is the one there: that wall time exists, and comes then.
        if corrected > now, Posix.localTime(atEpochSeconds: corrected).utcOffset == offset + change {
            return wall - .seconds(change)
        }
        // The clock jumps over it: the entry takes effect at the jump, the first second at the new offset.
        var before = min(naive, corrected)
        var after = max(naive, corrected)
        if Posix.localTime(atEpochSeconds: before).utcOffset != offset { before = now }
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if Posix.localTime(atEpochSeconds: middle).utcOffset == offset { before = middle } else { after = middle }
        }
        return .seconds(after - now) - fraction
    }
}
