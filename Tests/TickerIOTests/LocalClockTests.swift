import Glibc
import Testing
import TickerCore

@testable import TickerIO

/// The schedule against the real local clock (`localtime_r` and the zone files of `tzdata`), in a zone with
/// DST, just before and after its changes. The zone is set through `TZ` for the process while each test runs.
@Suite(.serialized) struct LocalClockTests {
    /// Runs `body` with `TZ` set to `zone`, then puts it back.
    static func inZone<T>(_ zone: String, _ body: () throws -> T) rethrows -> T {
        let old = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        Posix.resetTimeZone()
        defer {
            if let old { setenv("TZ", old, 1) } else { unsetenv("TZ") }
            Posix.resetTimeZone()
        }
        return try body()
    }

    static let schedule = BrightnessSchedule([
        .init(minuteOfDay: 2 * 60 + 30, percent: 30), .init(minuteOfDay: 7 * 60, percent: 100),
        .init(minuteOfDay: 22 * 60, percent: 10),
    ])

    /// 2026-03-29 01:00 UTC: Berlin goes from 02:00 CET to 03:00 CEST.
    static let springForward = 1_774_746_000
    /// 2026-10-25 01:00 UTC: Berlin goes from 03:00 CEST back to 02:00 CET.
    static let fallBack = 1_792_890_000

    static func reading(at epoch: Int) throws -> BrightnessSchedule.Reading {
        try #require(LocalClock.reading(of: schedule, atEpoch: .seconds(epoch)))
    }

    @Test func theNightBeforeClocksGoForwardTheMorningComesAnHourSooner() throws {
        try Self.inZone("Europe/Berlin") {
            // 00:30 UTC is 01:30 CET: 22:00's level; 02:30 does not exist that night, so its level comes at the
            // jump, 30 minutes on.
            let before = try Self.reading(at: Self.springForward - 1_800)
            #expect(before.percent == 10 && before.nextPercent == 30)
            #expect(before.untilNext == .seconds(1_800))
            // At 03:00 CEST 02:30 has passed; 07:00 CEST (05:00 UTC) is four hours on.
            let after = try Self.reading(at: Self.springForward)
            #expect(after.percent == 30 && after.nextPercent == 100)
            #expect(after.untilNext == .seconds(4 * 3_600))
            // At 01:59:59.5 CET the wall clock says 5 h to 07:00; it is 4 h.
            let fraction = try #require(
                LocalClock.reading(of: Self.schedule, atEpoch: .seconds(Self.springForward) - .milliseconds(500)))
            #expect(fraction.percent == 10)
            #expect(fraction.untilNext == .milliseconds(500))
        }
    }

    @Test func theNightClocksGoBackTheMorningComesAnHourLater() throws {
        try Self.inZone("Europe/Berlin") {
            // 00:00 UTC is 02:00 CEST: 02:30 CEST comes in 30 minutes (its first time).
            let before = try Self.reading(at: Self.fallBack - 3_600)
            #expect(before.percent == 10 && before.untilNext == .seconds(1_800))
            // 00:45 UTC is 02:45 CEST: 07:00 CET is 06:00 UTC, 5 h 15 min on, not the 4 h 15 the wall says.
            let next = try Self.reading(at: Self.fallBack - 900)
            #expect(next.percent == 30 && next.nextPercent == 100)
            #expect(next.untilNext == .seconds(5 * 3_600 + 900))
            // Just after, at 02:00 CET, the hour comes again, and with it 02:30: the wall clock rules.
            let after = try Self.reading(at: Self.fallBack)
            #expect(after.percent == 10 && after.untilNext == .seconds(1_800))
            // After it, at 03:00 CET, 07:00 CET is four hours on.
            let morning = try Self.reading(at: Self.fallBack + 3_600)
            #expect(morning.percent == 30 && morning.untilNext == .seconds(4 * 3_600))
        }
    }

    @Test func inUTCTheWallClockIsTheRealOne() throws {
        try Self.inZone("UTC") {
            let reading = try Self.reading(at: Self.springForward - 1_800)
            // 00:30 UTC: two hours to 02:30.
            #expect(reading.percent == 10 && reading.untilNext == .seconds(2 * 3_600))
        }
    }
}
