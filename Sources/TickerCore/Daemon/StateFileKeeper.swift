/// The decider's two files: the state file (`[feed] state`, a `StateSnapshot` for bridges, written soon after
/// a change, at most once per `snapshotInterval`, and not again while it would say the same) and the kept
/// state (`[feed] keep`, the commands that rebuild the panel after a restart: soon after a change, at most
/// once per `keepInterval`, and again every `keepRefresh` while its track stays up). It says when each is due
/// and what to write; the shell writes them. A small pure value on the caller's clock.
struct StateFileKeeper: Sendable {
    /// When the state file was last written, whether what it says changed since, and what it said.
    private var snapshots = Cadence()
    private var lastSnapshot: StateSnapshot?
    /// When the kept state was last written and whether a change is owed.
    private var keeping = Cadence()

    /// A keeper that owes both files their first write.
    init() {}

    /// The player state changed: both files owe a write.
    mutating func stateChanged() {
        snapshots.changed()
        keeping.changed()
    }

    /// What only the state file says changed (the panel came or went, the brightness, a reload, a restore).
    mutating func snapshotChanged() { snapshots.changed() }

    /// When the next file is due, counted from grid instant `start` (the last wake-up's), as
    /// `configuration` says, for `state`; `quiet` as in `PictureOutlook` (nil: nothing due).
    func due(
        from start: Duration, state: PlayerState, quiet: Bool, _ configuration: DaemonMachine.Configuration
    ) -> Duration? {
        let snapshot = snapshotDue(from: start, configuration)
        guard let keep = keepDue(from: start, state: state, quiet: quiet, configuration) else { return snapshot }
        return snapshot.map { min($0, keep) } ?? keep
    }

    /// At a wake-up at `now` (the last grid instant `start`): the files due, to `actions` — the snapshot of
    /// `state` with the panel streaming or not (`panel`) and the `brightness` in force, unless it says what the
    /// last one said, then the kept state.
    mutating func write(
        at now: Duration, from start: Duration, state: PlayerState, panel: Bool, brightness: Int, quiet: Bool,
        _ configuration: DaemonMachine.Configuration, into actions: inout [DaemonMachine.Action]
    ) {
        if let due = snapshotDue(from: start, configuration), now >= due {
            let snapshot = StateSnapshot(state, at: now, panel: panel, brightness: brightness)
            if snapshot != lastSnapshot {
                actions.append(.writeSnapshot(snapshot))
                lastSnapshot = snapshot
                snapshots.done(at: now)
            } else {
                snapshots.settled()
            }
        }
        if let due = keepDue(from: start, state: state, quiet: quiet, configuration), now >= due {
            actions.append(keep(state, at: now, quiet: quiet))
        }
    }

    /// What to write as the daemon stops at `now`: the kept state, unless it already says all there is (a
    /// change is owed, or a track stays up and the file's time should be the stop's); and a last snapshot
    /// saying that the daemon stopped.
    mutating func finish(
        at now: Duration, state: PlayerState, brightness: Int, quiet: Bool,
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

    /// As soon as the state changed, but not sooner than `snapshotInterval` after the last time (nil: nothing
    /// owed, or no state file).
    private func snapshotDue(from start: Duration, _ configuration: DaemonMachine.Configuration) -> Duration? {
        configuration.snapshotInterval.flatMap { snapshots.due(from: start, interval: $0, refresh: nil) }
    }

    /// Soon after a change, at most once per `keepInterval`; while its track stays up, again every
    /// `keepRefresh`, so that after a crash the file's time is at most that long before the end (nil: no kept
    /// state, or nothing due).
    private func keepDue(
        from start: Duration, state: PlayerState, quiet: Bool, _ configuration: DaemonMachine.Configuration
    ) -> Duration? {
        guard let interval = configuration.keepInterval else { return nil }
        let refresh = Self.keepsTrack(state, quiet: quiet) ? max(configuration.keepRefresh, interval) : nil
        return keeping.due(from: start, interval: interval, refresh: refresh)
    }

    /// Whether the kept state holds the track, and is written again while nothing changes: not while the clock
    /// is stopped and the panel counts down to its idle screen or shows it (`quiet`: the player stopped the
    /// track, or there is none).
    private static func keepsTrack(_ state: PlayerState, quiet: Bool) -> Bool {
        !(quiet && state.playback == .stopped)
    }

    private mutating func keep(_ state: PlayerState, at now: Duration, quiet: Bool) -> DaemonMachine.Action {
        keeping.done(at: now)
        return .keepState(KeptState.commands(for: state, at: now, keepingTrack: Self.keepsTrack(state, quiet: quiet)))
    }
}
