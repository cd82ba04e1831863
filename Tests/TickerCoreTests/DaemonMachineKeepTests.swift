import Testing

@testable import TickerCore

/// The kept state on the manual clock: when it is written, what it holds, what a stop writes, and a restore.
@Suite struct DaemonMachineKeepTests {
    static let origin = DaemonMachineTests.origin

    static func ms(_ value: Int64) -> Duration { DaemonMachineTests.ms(value) }

    static func machine(keep: Bool = true) -> DaemonLoop {
        DaemonMachineTests.machine {
            $0.keepInterval = keep ? .milliseconds(250) : nil
            $0.keepRefresh = .seconds(60)
            $0.snapshotInterval = .milliseconds(250)
            $0.brightness = 80
        }
    }

    static func kept(_ actions: [DaemonMachine.Action]) -> [[FeedCommand]] {
        actions.compactMap { if case .keepState(let commands) = $0 { return commands } else { return nil } }
    }

    /// Runs the machine from wake-up to wake-up until `end`; returns when it wrote the kept state, and what.
    static func keeps(_ machine: inout DaemonLoop, from start: Duration, until end: Duration) -> [(
        Duration, [FeedCommand]
    )] {
        var now = start
        var written: [(Duration, [FeedCommand])] = []
        while now < end {
            written += kept(machine.wake(at: now, linkDeadline: nil)).map { (now, $0) }
            now = machine.nextWake(after: now, linkDeadline: nil)
        }
        return written
    }

    @Test func aChangeIsKeptAtOnceAndChangesCloserThanTheIntervalTogether() {
        var machine = Self.machine()
        #expect(Self.kept(machine.wake(at: Self.origin, linkDeadline: nil)) == [[]], "the first wake-up writes")
        _ = machine.feed(DaemonMachineTests.bytes("title Night Run", "play"), at: Self.ms(1_000))
        var written = Self.keeps(&machine, from: Self.ms(1_000), until: Self.ms(1_050))
        _ = machine.feed(DaemonMachineTests.bytes("artist The Echoes"), at: Self.ms(1_050))
        _ = machine.feed(DaemonMachineTests.bytes("brightness 30"), at: Self.ms(1_100))
        written += Self.keeps(&machine, from: Self.ms(1_100), until: Self.ms(2_000))
        #expect(written.map(\.1.first) == [.title("Night Run"), .title("Night Run")])
        #expect(written.first.map { $0.0 - Self.ms(1_000) < DaemonMachineTests.frame } == true, "at once")
        #expect(written.last?.1.contains(.artist("The Echoes")) == true)
        #expect(written.last?.1.last == .brightness(30))
        let times = written.map(\.0)
        #expect(times.count == 2 && times[1] - times[0] >= .milliseconds(250))
        #expect(times.count == 2 && times[1] - times[0] < .milliseconds(250) + DaemonMachineTests.frame)
    }

    @Test func whileATrackStaysUpItIsKeptAgainEveryRefresh() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(DaemonMachineTests.bytes("title Long Song", "play"), at: Self.ms(1_000))
        let written = Self.keeps(&machine, from: Self.ms(1_001), until: Self.ms(130_000))
        let times = written.map(\.0)
        #expect(times.count == 3, "the change, then 60 s and 120 s later: \(times)")
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= .seconds(60) && later - earlier < .seconds(60) + DaemonMachineTests.frame)
        }
        // Each says where playback is when it is written.
        let positions = written.compactMap { entry in
            entry.1.compactMap { if case .position(let at) = $0 { return at } else { return nil } }.first
        }
        #expect(positions.count == 3)
        for ((time, _), position) in zip(written, positions) {
            #expect(position == time - Self.ms(1_000))
        }
    }

    @Test func aTrackItsPlayerStoppedIsNeitherKeptNorWrittenAgain() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(DaemonMachineTests.bytes("title Over", "play", "brightness 40"), at: Self.ms(1_000))
        var written = Self.keeps(&machine, from: Self.ms(1_000), until: Self.ms(5_000))
        _ = machine.feed(DaemonMachineTests.bytes("stop"), at: Self.ms(5_000))
        written += Self.keeps(&machine, from: Self.ms(5_000), until: Self.ms(200_000))
        #expect(written.map(\.1) == [[.title("Over"), .play, .brightness(40)], [.brightness(40)]])
        // Nothing owed and no track that stays up: a stop writes only the last snapshot.
        let last = machine.finish(at: Self.ms(200_000))
        #expect(Self.kept(last).isEmpty)
        #expect(last.count == 1 && last.allSatisfy { if case .writeSnapshot = $0 { true } else { false } })
    }

    @Test func aScriptsLineWithoutPlayStaysUpAndIsKeptAgain() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(DaemonMachineTests.bytes("text Radio Nowhere"), at: Self.ms(1_000))
        let written = Self.keeps(&machine, from: Self.ms(1_001), until: Self.ms(62_000))
        #expect(written.map(\.1) == [[.title(""), .text("Radio Nowhere")], [.title(""), .text("Radio Nowhere")]])
    }

    @Test func nothingIsKeptWithoutAKeepFile() {
        var machine = Self.machine(keep: false)
        _ = machine.feed(DaemonMachineTests.bytes("title Hi", "play"), at: Self.ms(10))
        #expect(Self.keeps(&machine, from: Self.origin, until: Self.ms(130_000)).isEmpty)
        #expect(Self.kept(machine.finish(at: Self.ms(130_000))).isEmpty)
    }

    @Test func aStopKeepsTheTrackAsOfTheStop() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(DaemonMachineTests.bytes("title Night Run", "duration 200", "play"), at: Self.ms(1_000))
        _ = Self.keeps(&machine, from: Self.ms(1_001), until: Self.ms(3_000))
        #expect(
            Self.kept(machine.finish(at: Self.ms(3_500)))
                == [[.title("Night Run"), .duration(.seconds(200)), .position(.milliseconds(2_500)), .play]])
    }

    @Test func aRestoredStateIsDrawnAtTheFirstWakeUpAndKeptAgain() {
        var machine = Self.machine()
        machine.restore(
            [.title("Back"), .lyrics(Lyrics.parse("[00:00.00]La la\n[10:00.00]End")), .position(.seconds(5)), .play],
            receivedAgo: .seconds(2), at: Self.origin)
        let actions = machine.wake(at: Self.origin, linkDeadline: nil)
        #expect(DaemonMachineTests.renders(actions) == [Self.origin])
        #expect(machine.state.title == "Back")
        #expect(machine.state.playbackPosition(at: Self.origin) == .seconds(7))
        #expect(machine.state.lyricLine(at: .seconds(7))?.line.text == "La la")
        let kept = Self.kept(actions).first ?? []
        #expect(kept.first == .title("Back") && kept.contains(.position(.seconds(7))))
        let snapshots = actions.compactMap {
            if case .writeSnapshot(let snapshot) = $0 { return snapshot } else { return nil }
        }
        #expect(snapshots.first?.title == "Back" && snapshots.first?.playing == true)
    }
}
