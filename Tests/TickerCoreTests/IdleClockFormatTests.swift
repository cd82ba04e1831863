import Testing

@testable import TickerCore

@Suite struct IdleClockFormatTests {
    /// Thursday 24 December 2026, 07:05:09.25 in the morning.
    static let morning = WallTime(
        year: 2026, month: 12, day: 24, weekday: 4, hour: 7, minute: 5, second: 9, nanosecond: 250_000_000)
    /// Sunday 1 March 2026, 23:59:59, the last second of the day.
    static let evening = WallTime(year: 2026, month: 3, day: 1, weekday: 0, hour: 23, minute: 59, second: 59)

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let format: String
        let language: ClockLanguage
        let time: WallTime
        let text: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        Case(id: "hours and minutes", format: "%H:%M", language: .en, time: morning, text: "07:05"),
        Case(id: "with seconds", format: "%H:%M:%S", language: .en, time: morning, text: "07:05:09"),
        Case(id: "12 hours before noon", format: "%I:%M %p", language: .en, time: morning, text: "07:05 AM"),
        Case(id: "12 hours before midnight", format: "%I:%M %p", language: .en, time: evening, text: "11:59 PM"),
        Case(
            id: "midnight is 12 AM", format: "%I %p", language: .en,
            time: WallTime(year: 2026, month: 1, day: 1, weekday: 4, hour: 0, minute: 0), text: "12 AM"),
        Case(id: "numeric date", format: "%d.%m.%Y", language: .de, time: morning, text: "24.12.2026"),
        Case(id: "day without zero, short year", format: "%e/%m/%y", language: .en, time: evening, text: "1/03/26"),
        Case(id: "English names", format: "%a %d %b", language: .en, time: morning, text: "Thu 24 Dec"),
        Case(id: "English full names", format: "%A, %B %e", language: .en, time: evening, text: "Sunday, March 1"),
        Case(id: "German names", format: "%A, %e. %B", language: .de, time: evening, text: "Sonntag, 1. März"),
        Case(id: "French names", format: "%a %e %b", language: .fr, time: morning, text: "jeu 24 déc"),
        Case(id: "Spanish names", format: "%A %e de %B", language: .es, time: morning, text: "jueves 24 de diciembre"),
        Case(id: "Dutch names", format: "%a %e %b", language: .nl, time: evening, text: "zo 1 mrt"),
        Case(id: "Italian names", format: "%A %e %B", language: .it, time: morning, text: "giovedì 24 dicembre"),
        Case(id: "a percent sign", format: "100%% %H", language: .en, time: morning, text: "100% 07"),
        Case(id: "no fields at all", format: "Hello", language: .en, time: morning, text: "Hello"),
        Case(
            id: "parts out of range are kept in range", format: "%H:%M %a %b", language: .en,
            time: WallTime(year: 2026, month: 13, day: 40, weekday: 9, hour: 25, minute: 61), text: "23:59 Sat Dec"),
    ])
    func formatsTheWallTime(_ test: Case) throws {
        let format = try ClockFormat(test.format)
        #expect(format.format(test.time, language: test.language) == test.text)
        #expect(format.description == test.format)
    }

    @Test(arguments: ClockLanguage.allCases)
    func everyLanguageNamesSevenDaysTwelveMonthsAndTwoHalves(_ language: ClockLanguage) {
        let names = language.names
        #expect(names.weekdays.count == 7 && names.shortWeekdays.count == 7)
        #expect(names.months.count == 12 && names.shortMonths.count == 12)
        #expect(names.halves.count == 2)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let id: String
        let format: String
        let error: ClockFormatError
        var testDescription: String { id }
    }

    @Test(arguments: [
        Refusal(id: "unknown field", format: "%H:%Q", error: .unknownField("%Q", position: 4)),
        Refusal(id: "field of a combining mark", format: "%e\u{301}", error: .unknownField("%e\u{301}", position: 1)),
        Refusal(id: "percent at the end", format: "%H:%M %", error: .danglingPercent(position: 7)),
        Refusal(id: "a tab", format: "%H\t%M", error: .controlCharacter(position: 3)),
        Refusal(id: "a line break", format: "%H\n", error: .controlCharacter(position: 3)),
        Refusal(
            id: "too long", format: String(repeating: "%H", count: 33), error: .tooLong(characters: 66, limit: 64)),
    ])
    func refusesHostileFormatsNamingWhere(_ test: Refusal) {
        #expect(throws: test.error) { try ClockFormat(test.format) }
    }

    @Test func aBadFormatInTheConfigNamesTheKeyTheLineAndThePosition() {
        guard case .failure(let errors) = Config.parse(text: "[display]\nclock-format = %H:%k\n", file: "t.conf")
        else {
            Issue.record("a clock format with %k was taken")
            return
        }
        let text = "\(errors)"
        #expect(text.contains("t.conf:2"), "\(text)")
        #expect(text.contains("display.clock-format"), "\(text)")
        #expect(text.contains("'%k' at character 4"), "\(text)")
    }

    @Test func theClockFormatLanguageAndPagesAreRead() throws {
        let text = "[display]\nclock-format = %a %H:%M\nclock-language = fr\npages = off\npage-time = 4.5\n"
        let config = try Config.parse(text: text, file: "t.conf").get()
        #expect(config.display.clockFormat == (try ClockFormat("%a %H:%M")))
        #expect(config.display.clockLanguage == .fr)
        #expect(config.display.pages == .off)
        #expect(config.display.pageTime == .milliseconds(4_500))
    }

    @Test func withSecondsTheClockAsksEverySecondElseEveryMinute() throws {
        let start = Duration.seconds(500)
        var seconds = IdleClock(format: try ClockFormat("%H:%M:%S"), language: .en)
        let secondsChanged = seconds.update(localTime: Self.morning, at: start)
        #expect(secondsChanged)
        #expect(seconds.text == "07:05:09")
        #expect(seconds.nextChange == start + .milliseconds(750))
        var minutes = IdleClock(format: try ClockFormat("%a %H:%M"), language: .de)
        let minutesChanged = minutes.update(localTime: Self.morning, at: start)
        #expect(minutesChanged)
        #expect(minutes.text == "Do 07:05")
        #expect(minutes.nextChange == start + .milliseconds(50_750))
    }

    @Test func wallTimeAdvancesOverMidnightMonthsAndLeapDays() {
        let leap = WallTime(year: 2028, month: 2, day: 28, weekday: 1, hour: 23, minute: 59, second: 30)
        let next = leap.advanced(bySeconds: 45)
        #expect((next.year, next.month, next.day, next.hour, next.minute, next.second) == (2028, 2, 29, 0, 0, 15))
        #expect(next.weekday == 2)
        let newYear = Self.evening.advanced(bySeconds: 86_400 * 305 + 1)
        #expect((newYear.year, newYear.month, newYear.day, newYear.hour, newYear.minute) == (2027, 1, 1, 0, 0))
        #expect(newYear.weekday == 5)
        let back = Self.morning.advanced(bySeconds: -86_400 * 365)
        #expect((back.year, back.month, back.day, back.weekday) == (2025, 12, 24, 3))
        #expect(WallTime.weekday(year: 2026, month: 12, day: 24) == 4)
        #expect(WallTime.weekday(year: 2000, month: 2, day: 29) == 2)
    }
}
