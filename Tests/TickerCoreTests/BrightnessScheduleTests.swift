import Testing

@testable import TickerCore

@Suite struct BrightnessScheduleTests {
    static func entry(_ hours: Int, _ minutes: Int, _ percent: Int) -> BrightnessSchedule.Entry {
        .init(minuteOfDay: hours * 60 + minutes, percent: percent)
    }

    struct Good: CustomTestStringConvertible, Sendable {
        var text: String
        var entries: [BrightnessSchedule.Entry]
        var testDescription: String { "'\(text)'" }
    }

    static let good: [Good] = [
        Good(text: "", entries: []),
        Good(text: "   ", entries: []),
        Good(text: "07:00 100%, 22:00 10%", entries: [entry(7, 0, 100), entry(22, 0, 10)]),
        Good(text: "22:00 10%,7:00 100%", entries: [entry(7, 0, 100), entry(22, 0, 10)]),
        Good(text: " 06:30   40% ,  23:59 0% ", entries: [entry(6, 30, 40), entry(23, 59, 0)]),
        Good(text: "00:00 55%", entries: [entry(0, 0, 55)]),
    ]

    @Test(arguments: good)
    func readsSchedules(_ example: Good) throws {
        let schedule = try BrightnessSchedule.parse(example.text)
        #expect(schedule.entries == example.entries)
        // Its text reads back as the same schedule.
        #expect(try BrightnessSchedule.parse(schedule.text) == schedule)
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var text: String
        var message: String
        var testDescription: String { "'\(text)'" }
    }

    static let bad: [Bad] = [
        Bad(text: "25:00 10%", message: "column 1: '25:00' (expected a time from 00:00 to 23:59)"),
        Bad(text: "07:00 100%, 22:61 10%", message: "column 13: '22:61' (expected a time from 00:00 to 23:59)"),
        Bad(
            text: "07:00",
            message: "column 6: nothing (expected a level from 0% to 100% after the time, e.g. 22:00 10%)"),
        Bad(
            text: "07:00 110%",
            message: "column 7: '110%' (expected a level from 0% to 100% after the time, e.g. 22:00 10%)"),
        Bad(
            text: "07:00 50",
            message: "column 7: '50' (expected a level from 0% to 100% after the time, e.g. 22:00 10%)"),
        Bad(
            text: "07:00 50%x",
            message: "column 7: '50%x' (expected a level from 0% to 100% after the time, e.g. 22:00 10%)"),
        Bad(
            text: "07:00 50% 22:00 10%",
            message: "column 11: '22:00' (expected ',' between entries, e.g. '07:00 100%, 22:00 10%')"),
        Bad(text: "07:00 50%,", message: "column 11: nothing (expected a local time HH:MM, e.g. 22:00)"),
        Bad(text: "7 50%", message: "column 1: '7' (expected a local time HH:MM, e.g. 22:00)"),
        Bad(text: "07:5 50%", message: "column 1: '07:5' (expected a local time HH:MM, e.g. 22:00)"),
        Bad(text: "07:00:00 50%", message: "column 1: '07:00:00' (expected a local time HH:MM, e.g. 22:00)"),
        Bad(text: "night 10%", message: "column 1: 'night' (expected a local time HH:MM, e.g. 22:00)"),
        Bad(
            text: "07:00 50%, 7:00 10%",
            message: "column 12: '07:00' (expected each time once; it is set at column 1 already)"),
        Bad(text: "07:00\u{0}50%", message: "column 1: '07:00\\050%' (expected a local time HH:MM, e.g. 22:00)"),
        Bad(text: "０７:００ 50%", message: "column 1: '０７:００' (expected a local time HH:MM, e.g. 22:00)"),
        Bad(
            text: "07:00 99999999999999999999%",
            message: "column 7: '9999999999999999' (expected a level from 0% to 100% after the time, e.g. 22:00 10%)"),
    ]

    @Test(arguments: bad)
    func refusesBadSchedulesNamingTheColumn(_ example: Bad) {
        #expect(throws: (any Error).self) { try BrightnessSchedule.parse(example.text) }
        do {
            _ = try BrightnessSchedule.parse(example.text)
        } catch {
            #expect(error.description == example.message)
        }
    }

    @Test func refusesMoreThanFortyEightEntriesAndOverlongValues() {
        let many = (0..<49).map { "00:" + format2($0) + " 50%" }
        #expect(throws: BrightnessScheduleError.self) { try BrightnessSchedule.parse(many.joined(separator: ", ")) }
        #expect(throws: BrightnessScheduleError.self) {
            try BrightnessSchedule.parse(String(repeating: " ", count: 2_000) + "07:00 1%")
        }
    }

    private func format2(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }

    @Test func theLevelInForceIsTheLastEntryAtOrBeforeTheTimeOfDayTheLastOneHoldingPastMidnight() throws {
        let schedule = try BrightnessSchedule.parse("07:00 100%, 22:00 10%")
        let night = try #require(schedule.reading(atSecondOfDay: .seconds(2 * 3_600)))
        #expect(night.percent == 10 && night.nextPercent == 100 && night.untilNext == .seconds(5 * 3_600))
        let justBefore = try #require(schedule.reading(atSecondOfDay: .seconds(7 * 3_600) - .milliseconds(1)))
        #expect(justBefore.percent == 10 && justBefore.untilNext == .milliseconds(1))
        let at = try #require(schedule.reading(atSecondOfDay: .seconds(7 * 3_600)))
        #expect(at.percent == 100 && at.untilNext == .seconds(15 * 3_600))
        let late = try #require(schedule.reading(atSecondOfDay: .seconds(23 * 3_600)))
        #expect(late.percent == 10 && late.untilNext == .seconds(8 * 3_600))
        #expect(BrightnessSchedule().reading(atSecondOfDay: .zero) == nil)
    }

    @Test func aConfigurationWithABadScheduleNamesTheLineAndTheColumn() {
        let text = "[brightness]\nfade = 3\nschedule = 07:00 100%, 22:00 150%\n"
        guard case .failure(let errors) = Config.parse(text: text, file: "tickerd.conf") else {
            Issue.record("accepted")
            return
        }
        #expect(
            errors.description
                == "tickerd.conf:3: '150%' at column 19 of brightness.schedule "
                + "(expected a level from 0% to 100% after the time, e.g. 22:00 10%)")
    }

    @Test func aConfigurationReadsTheScheduleAndTheFade() throws {
        let text = "[brightness]\nschedule = 07:00 100%, 22:00 10%\nfade = 2.5\n"
        let config = try Config.parse(text: text, file: "tickerd.conf").get()
        #expect(config.brightness.schedule.entries == [Self.entry(7, 0, 100), Self.entry(22, 0, 10)])
        #expect(config.brightness.fade == .milliseconds(2_500))
        #expect(Config().brightness.fade == .seconds(5) && Config().brightness.schedule.entries.isEmpty)
    }
}

@Suite struct BrightnessFadeTests {
    @Test func aFadeMovesInAStraightLineAndSaysWhenEachStepComes() {
        var fade = BrightnessFade(percent: 100, length: .seconds(5))
        #expect(fade.level(at: .seconds(1)) == 255 && fade.nextChange(after: .seconds(1)) == nil)
        fade.aim(at: 10, at: .seconds(10))
        #expect(fade.level(at: .seconds(10)) == 255)
        #expect(fade.level(at: .milliseconds(12_500)) == UInt8((55.0 * 255 / 100).rounded(.down)))
        #expect(fade.level(at: .seconds(15)) == 25 && fade.nextChange(after: .seconds(15)) == nil)
        // Every step, from 255 down to 25, and never one missed or seen late.
        var now = Duration.seconds(10)
        var steps = 0
        while let next = fade.nextChange(after: now) {
            #expect(next > now)
            #expect(fade.level(at: next) != fade.level(at: now), "at \(next)")
            #expect(fade.level(at: next - .nanoseconds(1)) == fade.level(at: now), "before \(next)")
            now = next
            steps += 1
        }
        // No margin: the fade aimed at 10 s lasts 5 s, so its last step is at 15 s at the latest, on exact
        // `Duration` arithmetic.
        #expect(steps == 255 - 25 && now <= .seconds(15) && fade.level(at: now) == 25)
    }

    @Test func aNewTargetDuringAFadeStartsFromWhereTheLevelIs() {
        var fade = BrightnessFade(percent: 0, length: .seconds(4))
        fade.aim(at: 100, at: .zero)
        fade.aim(at: 0, at: .seconds(2))
        #expect(abs(fade.percent(at: .seconds(2)) - 50) < 1e-9)
        #expect(abs(fade.percent(at: .seconds(4)) - 25) < 1e-9)
        #expect(fade.percent(at: .seconds(6)) == 0)
    }

    @Test func withoutAFadeAChangeIsAtOnce() {
        var fade = BrightnessFade(percent: 80, length: .zero)
        fade.aim(at: 20, at: .seconds(3))
        #expect(fade.level(at: .seconds(3)) == 51 && fade.nextChange(after: .seconds(3)) == nil)
    }
}
