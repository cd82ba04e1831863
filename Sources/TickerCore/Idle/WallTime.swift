/// A local time of the wall clock, broken down as `localtime_r` gives it (daylight saving time applied): what
/// the idle clock formats. The shell reads it; the core only formats it.
public struct WallTime: Sendable, Equatable {
    /// The year, e.g. 2026.
    public var year: Int
    /// The month, 1 (January) to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int
    /// The day of the week, 0 (Sunday) to 6.
    public var weekday: Int
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 60 (60 being a leap second).
    public var second: Int
    /// Nanoseconds into the second, 0 to 999 999 999.
    public var nanosecond: Int

    /// A wall time of these parts; each is taken as it is (`ClockFormat` keeps any out-of-range part to its
    /// range when it formats it).
    public init(
        year: Int, month: Int, day: Int, weekday: Int, hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// The weekday of a date of the Gregorian calendar, 0 (Sunday) to 6: for a wall time made from a date
    /// alone, as `tickerctl render --now` does.
    public static func weekday(year: Int, month: Int, day: Int) -> Int {
        // 1970-01-01 was a Thursday.
        ((daysFromCivil(year, min(max(month, 1), 12), day) % 7) + 11) % 7
    }

    /// How long until the next whole second begins.
    public var untilNextSecond: Duration {
        .nanoseconds(1_000_000_000 - min(max(nanosecond, 0), 999_999_999))
    }

    /// How long until the next whole minute begins (a leap second counted as part of its minute).
    public var untilNextMinute: Duration {
        .seconds(max(59 - min(max(second, 0), 59), 0)) + untilNextSecond
    }
}

extension WallTime {
    /// The wall time `seconds` later (or earlier, when negative) on a clock that keeps one offset from UTC, the
    /// nanoseconds kept: for previews that play a stretch of time from a given instant.
    public func advanced(bySeconds seconds: Int) -> WallTime {
        let secondOfDay = hour * 3_600 + minute * 60 + min(max(second, 0), 59)
        let total = Self.daysFromCivil(year, month, day) * 86_400 + secondOfDay + seconds
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let rest = total - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        return WallTime(
            year: year, month: month, day: day, weekday: ((days % 7) + 11) % 7, hour: rest / 3_600,
            minute: rest / 60 % 60, second: rest % 60, nanosecond: nanosecond)
    }

    /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (eras of 400 years of 146 097 days).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01, the inverse of `daysFromCivil`.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
