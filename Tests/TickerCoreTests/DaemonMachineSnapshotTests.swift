import Testing

@testable import TickerCore

/// The state file on the manual clock: written when the state changes, at most once per interval.
@Suite struct DaemonMachineSnapshotTests {
    static let origin = DaemonMachineTests.origin

    static func ms(_ value: Int64) -> Duration { DaemonMachineTests.ms(value) }

    static func machine(interval: Duration? = .milliseconds(250)) -> DaemonLoop {
        DaemonMachineTests.machine {
            $0.snapshotInterval = interval
            $0.brightness = 80
        }
    }

    static func snapshots(_ actions: [DaemonMachine.Action]) -> [StateSnapshot] {
        actions.compactMap { if case .writeSnapshot(let snapshot) = $0 { return snapshot } else { return nil } }
    }

    @Test func writesTheFirstSnapshotAtTheFirstWakeUp() {
        var machine = Self.machine()
        let written = Self.snapshots(machine.wake(at: Self.origin, linkDeadline: nil))
        #expect(written == [StateSnapshot(state: "stopped", brightness: 80)])
    }

    @Test func writesNothingWithoutAStateFile() {
        var machine = Self.machine(interval: nil)
        #expect(Self.snapshots(machine.wake(at: Self.origin, linkDeadline: nil)).isEmpty)
        _ = machine.feed(DaemonMachineTests.bytes("title Hi"), at: Self.ms(10))
        let (wakes, _) = DaemonMachineTests.run(&machine, from: Self.ms(10), until: Self.ms(2_000))
        for wake in wakes { #expect(Self.snapshots(machine.wake(at: wake, linkDeadline: nil)).isEmpty) }
    }

    @Test func aChangeIsWrittenAtOnceAfterAQuietSpell() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(DaemonMachineTests.bytes("title Night Run", "artist The Echoes", "play"), at: Self.ms(1_000))
        let next = machine.nextWake(after: Self.ms(1_000), linkDeadline: nil)
        #expect(next <= Self.ms(1_017))
        let written = Self.snapshots(machine.wake(at: next, linkDeadline: nil))
        #expect(written.map(\.title) == ["Night Run"])
        #expect(written.first?.artist == "The Echoes")
        #expect(written.first?.playing == true)
    }

    @Test func changesCloserThanTheIntervalAreWrittenTogetherAtItsEnd() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        var written: [(Duration, StateSnapshot)] = []
        var now = Self.origin
        // Ten changes 20 ms apart after a quiet second: the first at once, the rest only at the end of the
        // interval after it.
        for step in 1...10 {
            let at = Self.ms(1_000 + Int64(step) * 20)
            while true {
                let wake = machine.nextWake(after: now, linkDeadline: nil)
                guard wake <= at else { break }
                now = wake
                written += Self.snapshots(machine.wake(at: now, linkDeadline: nil)).map { (now, $0) }
            }
            _ = machine.feed(DaemonMachineTests.bytes("title Step \(step)"), at: at)
            now = at
        }
        for _ in 0..<40 {
            now = machine.nextWake(after: now, linkDeadline: nil)
            written += Self.snapshots(machine.wake(at: now, linkDeadline: nil)).map { (now, $0) }
        }
        #expect(written.map(\.1.title) == ["Step 1", "Step 10"])
        let times = written.map(\.0)
        #expect(times.count == 2 && times[1] - times[0] >= .milliseconds(250))
        #expect(times.count == 2 && times[1] - times[0] < .milliseconds(250) + DaemonMachineTests.frame)
    }

    @Test func thePanelComingAndTheBrightnessAreInTheSnapshot() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(DaemonMachineTests.bytes("brightness 30"), at: Self.ms(500))
        var written = Self.snapshots(machine.wake(at: Self.ms(500), linkDeadline: nil, linkStreaming: true))
        #expect(written == [StateSnapshot(state: "stopped", panel: true, brightness: 30, brightnessAuto: false)])
        written = Self.snapshots(machine.wake(at: Self.ms(1_000), linkDeadline: nil, linkStreaming: false))
        #expect(written == [StateSnapshot(state: "stopped", panel: false, brightness: 30, brightnessAuto: false)])
    }

    @Test func anUnchangedSnapshotIsNotWrittenAgain() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        // A comment changes nothing; `stop` on a stopped track neither.
        _ = machine.feed(DaemonMachineTests.bytes("stop"), at: Self.ms(500))
        #expect(Self.snapshots(machine.wake(at: Self.ms(500), linkDeadline: nil)).isEmpty)
    }

    @Test func aStopWritesALastSnapshotThatSaysTheDaemonStopped() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(DaemonMachineTests.bytes("title Night Run", "duration 200", "play"), at: Self.ms(1_000))
        _ = machine.wake(at: Self.ms(1_000), linkDeadline: nil, linkStreaming: true)
        let last = Self.snapshots(machine.finish(at: Self.ms(3_500)))
        #expect(
            last == [
                StateSnapshot(
                    state: "stopped", title: "Night Run", position: 2.5, duration: 200, panel: false, brightness: 80,
                    running: false)
            ])
        #expect(last.first?.json.contains(#""running":false"#) == true)
    }

    @Test func aStopWithoutAStateFileWritesNoSnapshot() {
        var machine = Self.machine(interval: nil)
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        #expect(machine.finish(at: Self.ms(10)).isEmpty)
    }
}
