import Testing

@testable import TickerCore

/// The feed's intake on a manual clock: commands out of bytes, stale input reported when nothing more comes,
/// problems logged a minute's share at a time.
@Suite struct FeedIntakeTests {
    static let start: Duration = .seconds(1_000)

    static func logs(_ actions: [DaemonMachine.Action]) -> [String] {
        actions.compactMap { if case .log(_, let text) = $0 { text } else { nil } }
    }

    @Test func readsTheCommandsOfWholeLinesAndReportsAPartialOneOnceItGoesStale() {
        var intake = FeedIntake(problemsPerMinute: 10)
        var actions: [DaemonMachine.Action] = []
        #expect(intake.read(Array("title A\ntitle unfin".utf8), at: Self.start, into: &actions) == [.title("A")])
        #expect(actions.isEmpty)
        #expect(intake.due == Self.start + .milliseconds(501))
        intake.catchUp(at: Self.start + .milliseconds(500), into: &actions)
        #expect(actions.isEmpty, "not stale yet")
        intake.catchUp(at: Self.start + .milliseconds(501), into: &actions)
        #expect(Self.logs(actions).count == 1 && Self.logs(actions).first?.contains("title unfin") == true)
        #expect(intake.problems == 1)
        #expect(intake.due == nil)
    }

    @Test func logsAMinutesShareOfProblemsAndSumsUpTheRestWhenTheMinuteEnds() {
        var intake = FeedIntake(problemsPerMinute: 2)
        var actions: [DaemonMachine.Action] = []
        _ = intake.read(Array("titel a\ntitel b\ntitel c\ntitel d\n".utf8), at: Self.start, into: &actions)
        #expect(Self.logs(actions).count == 2)
        #expect(intake.problems == 4)
        #expect(intake.due == Self.start + .milliseconds(501))
        actions = []
        intake.catchUp(at: Self.start + .milliseconds(501), into: &actions)
        #expect(actions.isEmpty)
        #expect(intake.due == Self.start + .seconds(60))
        intake.catchUp(at: Self.start + .seconds(60), into: &actions)
        #expect(Self.logs(actions) == ["2 more feed errors in the last minute were not logged"])
        #expect(intake.due == nil)
    }
}
