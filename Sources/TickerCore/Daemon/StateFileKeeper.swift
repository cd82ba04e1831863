/// The decider's two files, when each is due and what it says; the shell writes them. The state file (`[feed]
/// state`, a `StateSnapshot` for bridges): soon after a change, at most once per `snapshotInterval`, never
/// twice the same. The kept state (`[feed] keep`, the commands that rebuild the panel after a restart): soon
/// after a change, at most once per `keepInterval`, and again every `keepRefresh` while its track stays up, so
/// that after a crash its time is at most that long before the end. A small pure value on the caller's clock.
struct StateFileKeeper: Sendable {
    /// When the state file was last written, whether what it says changed since, and what it said.
    private var snapshots = Cadence()
    private var lastSnapshot: StateSnapshot?
    /// When the kept state was last written and whether a change is owed.
    private var keeping = Cadence()

    /// The player state changed: both files owe a write.
    mutating func stateChanged() {
        snapshots.changed()
        keeping.changed()
    }

    /// What only the state file says changed (the panel came or went, the brightness, a reload, a restore).
    mutating func snapshotChanged() { snapshots.changed() }

    /// When the state file and the kept state are due (nil: nothing owed, or no such file), counted from grid
    /// instant `start`, the last wake-up's, as `configuration` says; `quiet` as in `PictureOutlook`.
    func due(
        from start: Duration, _ state: PlayerState, quiet: Bool, _ configuration: DaemonMachine.Configuration
    ) -> (snapshot: Duration?, keep: Duration?) {
        let snapshot = configuration.snapshotInterval.flatMap { snapshots.due(from: start, interval: $0, refresh: nil) }
        guard let interval = configuration.keepInterval else { return (snapshot, nil) }
        let refresh = Self.keepsTrack(state, quiet: quiet) ? max(configuration.keepRefresh, interval) : nil
        return (snapshot, keeping.due(from: start, interval: interval, refresh: refresh))
    }

    /// At a wake-up at `now`, the files `due` (as `due(from:_:quiet:_:)` said) to `actions`: the snapshot of
    /// `state`, the panel streaming or not (`panel`), at `brightness`, unless it says what the last one said;
    /// then the kept state.
    mutating func write(
        at now: Duration, _ due: (snapshot: Duration?, keep: Duration?), _ state: PlayerState, panel: Bool,
        brightness: Int, quiet: Bool, into actions: inout [DaemonMachine.Action]
    ) {
        if let at = due.snapshot, now >= at {
            let snapshot = StateSnapshot(state, at: now, panel: panel, brightness: brightness)
            if snapshot != lastSnapshot {
                actions.append(.writeSnapshot(snapshot))
                lastSnapshot = snapshot
                snapshots.done(at: now)
            } else {
                snapshots.settled()
            }
        }
        if let at = due.keep, now >= at { actions.append(keep(state, at: now, quiet: quiet)) }
    }

    /// What to write as the daemon stops at `now`: the kept state, unless it already says all there is (a
    /// change is owed, or a track stays up and the file's time should be the stop's); and a last snapshot, at
    /// `brightness`, which says that the daemon stopped.
    mutating func finish(
        at now: Duration, _ state: PlayerState, brightness: Int, quiet: Bool,
        _ configuration: DaemonMachine.Configuration
    ) -> [DaemonMachine.Action] {
        var actions: [DaemonMachine.Action] = []
        if configuration.keepInterval != nil, keeping.owed || Self.keepsTrack(state, quiet: quiet) {
            actions.append(keep(state, at: now, quiet: quiet))
        }
        if configuration.snapshotInterval != nil {
            let last = StateSnapshot(state, at: now, panel: false, brightness: brightness)
            actions.append(.writeSnapshot(last.daemonStopped))
        }
        return actions
    }

    /// Whether the kept state holds the track, and is written again while nothing changes: not while the clock
    /// is stopped and the panel counts down to its idle screen or shows it (`quiet`).
    private static func keepsTrack(_ state: PlayerState, quiet: Bool) -> Bool {
        !(quiet && state.playback == .stopped)
    }

    private mutating func keep(_ state: PlayerState, at now: Duration, quiet: Bool) -> DaemonMachine.Action {
        keeping.done(at: now)
        return .keepState(KeptState.commands(for: state, at: now, keepingTrack: Self.keepsTrack(state, quiet: quiet)))
    }
}
