/// A schedule that cannot be read: what was found where, and what was expected there.
public struct BrightnessScheduleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based column in the value, counted in characters (Unicode scalars).
    public var column: Int
    /// The offending text, cut short.
    public var found: String
    /// What the schedule needs there.
    public var expected: String

    /// `column 9: '25:00' (expected …)`.
    public var description: String {
        "column \(column): " + (found.isEmpty ? "nothing" : "'\(found)'") + " (expected \(expected))"
    }
}

extension BrightnessSchedule {
    /// The longest value read, in Unicode scalars: 48 entries of `HH:MM NNN%, ` fit with room to spare.
    static let maxTextScalars = 1_024

    /// Reads `07:00 100%, 22:00 10%`: entries separated by commas, each a local time `H:MM` or `HH:MM`
    /// (00:00–23:59) and a level `N%` (0–100 %), with spaces around them as one likes; empty is no schedule.
    /// Every problem names its column in `text`.
    public static func parse(_ text: String) throws(BrightnessScheduleError) -> BrightnessSchedule {
        let scalars = Array(text.unicodeScalars.prefix(maxTextScalars + 1))
        guard scalars.count <= maxTextScalars else {
            throw BrightnessScheduleError(
                column: maxTextScalars + 1, found: "", expected: "at most \(maxTextScalars) characters")
        }
        var reader = Reader(scalars: scalars)
        reader.skipSpaces()
        if reader.atEnd { return BrightnessSchedule() }
        var entries: [Entry] = []
        var columns: [Int: Int] = [:]
        while true {
            reader.skipSpaces()
            let column = reader.column
            let entry = try reader.entry()
            if let first = columns[entry.minuteOfDay] {
                throw BrightnessScheduleError(
                    column: column, found: clockText(minuteOfDay: entry.minuteOfDay),
                    expected: "each time once; it is set at column \(first) already")
            }
            guard entries.count < maxEntries else {
                throw BrightnessScheduleError(
                    column: column, found: entry.text, expected: "at most \(maxEntries) entries")
            }
            columns[entry.minuteOfDay] = column
            entries.append(entry)
            reader.skipSpaces()
            if reader.atEnd { break }
            guard reader.take(",") else {
                throw reader.problem(expected: "',' between entries, e.g. '07:00 100%, 22:00 10%'")
            }
        }
        return BrightnessSchedule(entries)
    }

    /// Walks the value's scalars.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool { index >= scalars.count }
        var column: Int { index + 1 }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }

        /// Up to `limit` decimal digits, or nil when there are none.
        mutating func digits(limit: Int) -> (value: Int, count: Int)? {
            var value = 0
            var count = 0
            while index < scalars.count, count < limit, let digit = Self.digit(scalars[index]) {
                value = value * 10 + digit
                count += 1
                index += 1
            }
            return count > 0 ? (value, count) : nil
        }

        static func digit(_ scalar: Unicode.Scalar) -> Int? {
            ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
        }

        /// `HH:MM N%`.
        mutating func entry() throws(BrightnessScheduleError) -> Entry {
            let start = index
            let timeExpected = "a local time HH:MM, e.g. 22:00"
            guard let hours = digits(limit: 2), take(":"), let minutes = digits(limit: 2), minutes.count == 2,
                atEnd || !Self.isWordScalar(scalars[index])
            else {
                index = start
                throw problem(expected: timeExpected)
            }
            guard hours.value < 24, minutes.value < 60 else {
                index = start
                throw problem(expected: "a time from 00:00 to 23:59")
            }
            let afterTime = index
            skipSpaces()
            let levelStart = index
            let levelExpected = "a level from 0% to 100% after the time, e.g. 22:00 10%"
            guard index > afterTime, let percent = digits(limit: 4), take("%"),
                atEnd || !Self.isWordScalar(scalars[index])
            else {
                index = levelStart
                throw problem(expected: levelExpected)
            }
            guard percent.value <= 100 else {
                index = levelStart
                throw problem(expected: levelExpected)
            }
            return Entry(minuteOfDay: hours.value * 60 + minutes.value, percent: percent.value)
        }

        static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar != " " && scalar != "\t" && scalar != ","
        }

        /// What is at the current column, up to the next space or comma.
        func problem(expected: String) -> BrightnessScheduleError {
            var end = index
            while end < scalars.count, end - index < 16, Self.isWordScalar(scalars[end]) { end += 1 }
            var found = String(String.UnicodeScalarView(scalars[index..<end]))
            if found.isEmpty, index < scalars.count { found = String(Character(scalars[index])) }
            return BrightnessScheduleError(column: column, found: Excerpt.of(found), expected: expected)
        }
    }
}
