/// The brightness by time of day (`[brightness] schedule`): each entry sets a level from its local wall time
/// on, until the next entry; the last one holds past midnight until the first. Written
/// `07:00 100%, 22:00 10%`. Pure: the caller says what time of day it is (see `reading(atSecondOfDay:)`).
public struct BrightnessSchedule: Sendable, Equatable {
    /// One change: from `minuteOfDay` (0 ..< 1440, local wall time) on, `percent` (0–100).
    public struct Entry: Sendable, Equatable {
        /// Minutes since local midnight.
        public var minuteOfDay: Int
        /// The brightness from then on, in percent.
        public var percent: Int

        /// Creates an entry.
        public init(minuteOfDay: Int, percent: Int) {
            self.minuteOfDay = minuteOfDay
            self.percent = percent
        }

        /// `HH:MM N%`.
        public var text: String {
            BrightnessSchedule.clockText(minuteOfDay: minuteOfDay) + " \(percent)%"
        }
    }

    /// The entries, earliest in the day first, no two at the same minute; empty: no schedule.
    public let entries: [Entry]

    /// At most this many entries: one every half hour.
    public static let maxEntries = 48

    /// A schedule of `entries`, sorted by time of day (later entries at a minute already taken are dropped).
    public init(_ entries: [Entry] = []) {
        var sorted: [Entry] = []
        for entry in entries.sorted(by: { $0.minuteOfDay < $1.minuteOfDay })
        where sorted.last?.minuteOfDay != entry.minuteOfDay {
            sorted.append(entry)
        }
        self.entries = sorted
    }

    /// What the schedule says at a local time of day: the level in force, and the next entry and its wall time.
    public struct Reading: Sendable, Equatable {
        /// The level in force, in percent.
        public var percent: Int
        /// The next entry's level.
        public var nextPercent: Int
        /// Local wall time from the time of day read to the next entry (up to a day; a DST change in between
        /// is the caller's to allow for, see `TickerIO`'s local clock).
        public var untilNext: Duration
    }

    /// The reading at `secondOfDay` (local wall time since midnight, 0 ..< 86 400; fractions allowed), or nil
    /// when there is no schedule.
    public func reading(atSecondOfDay secondOfDay: Duration) -> Reading? {
        guard let first = entries.first, let last = entries.last else { return nil }
        let day = Duration.seconds(86_400)
        let now = min(max(secondOfDay, .zero), day)
        var current = last
        var next = first
        var nextAt = Duration.seconds(first.minuteOfDay * 60) + day
        for entry in entries {
            let at = Duration.seconds(entry.minuteOfDay * 60)
            if at <= now {
                current = entry
            } else {
                next = entry
                nextAt = at
                break
            }
        }
        return Reading(percent: current.percent, nextPercent: next.percent, untilNext: nextAt - now)
    }

    /// `HH:MM` of `minuteOfDay`.
    static func clockText(minuteOfDay: Int) -> String {
        let hours = minuteOfDay / 60
        let minutes = minuteOfDay % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }

    /// The schedule as its configuration value: `07:00 100%, 22:00 10%`.
    public var text: String { entries.map(\.text).joined(separator: ", ") }
}
