import Testing

@testable import TickerCore

/// When the state file and the kept state are written, and what, on a manual clock.
@Suite struct StateFileKeeperTests {
    static let start: Duration = .seconds(1_000)

    static var configuration: DaemonMachine.Configuration {
        var configuration = DaemonMachine.Configuration(framesPerSecond: 60)
        configuration.snapshotInterval = .milliseconds(250)
        configuration.keepInterval = .milliseconds(250)
        return configuration
    }

    static func kinds(_ actions: [DaemonMachine.Action]) -> [String] {
        actions.map {
            switch $0 {
            case .writeSnapshot(let snapshot): snapshot.running ? "snapshot" : "last snapshot"
            case .keepState: "kept state"
            default: "\($0)"
            }
        }
    }

    /// What `files` writes at a wake-up at `now` (on the grid) for `state`, the panel dark, at full brightness.
    static func write(_ files: inout StateFileKeeper, at now: Duration, _ state: PlayerState = PlayerState())
        -> [DaemonMachine.Action]
    {
        var actions: [DaemonMachine.Action] = []
        let due = files.due(from: now, state, quiet: true, configuration)
        files.write(at: now, due, state, panel: false, brightness: 100, quiet: true, into: &actions)
        return actions
    }

    @Test func writesBothAtTheStartThenAnIntervalAfterAChange() {
        var files = StateFileKeeper()
        var state = PlayerState()
        #expect(files.due(from: Self.start, state, quiet: true, Self.configuration) == (Self.start, Self.start))
        #expect(Self.kinds(Self.write(&files, at: Self.start, state)) == ["snapshot", "kept state"])
        // A stopped panel owes nothing more until a change.
        #expect(files.due(from: Self.start, state, quiet: true, Self.configuration) == (nil, nil))
        state.apply(.title("Night Run"), at: Self.start + .milliseconds(10))
        files.stateChanged()
        let later = Self.start + .milliseconds(250)
        #expect(files.due(from: Self.start, state, quiet: true, Self.configuration) == (later, later))
    }

    @Test func aSnapshotThatWouldSayTheSameIsNotWrittenAgain() {
        var files = StateFileKeeper()
        _ = Self.write(&files, at: Self.start)
        files.snapshotChanged()
        #expect(Self.write(&files, at: Self.start + .seconds(1)).isEmpty)
        #expect(files.due(from: Self.start + .seconds(1), PlayerState(), quiet: true, Self.configuration) == (nil, nil))
    }

    @Test func aStopWritesTheKeptStateOnlyWhenItOwesOneAndALastSnapshot() {
        var files = StateFileKeeper()
        _ = Self.write(&files, at: Self.start)
        let stop = files.finish(at: Self.start, PlayerState(), brightness: 100, quiet: true, Self.configuration)
        #expect(Self.kinds(stop) == ["last snapshot"])
        files.stateChanged()
        let owed = files.finish(at: Self.start, PlayerState(), brightness: 100, quiet: true, Self.configuration)
        #expect(Self.kinds(owed) == ["kept state", "last snapshot"])
    }
}
