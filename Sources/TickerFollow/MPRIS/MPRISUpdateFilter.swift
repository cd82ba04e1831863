/// Decides which of playerctl's reports are worth a feed update. playerctl repeats the whole state every
/// second while a player plays (its format asks for the position); the daemon runs its own clock, so only
/// a change, a jump of the position (a seek) or a periodic refresh goes through.
///
/// Pure: time comes in as a parameter.
public struct MPRISUpdateFilter: Sendable {
    /// How far (seconds) the reported position may drift from where the feed's clock is before it is sent.
    public var toleranceSeconds: Double
    /// How often (seconds) a fresh position is sent while playing, even when it is where it should be.
    public var refreshSeconds: Double

    private var told: PlayerSnapshot?
    private var toldAt = 0.0

    /// A filter that has passed nothing yet.
    public init(toleranceSeconds: Double = 1, refreshSeconds: Double = 5) {
        self.toleranceSeconds = toleranceSeconds
        self.refreshSeconds = refreshSeconds
    }

    /// Forgets what was passed, so the next snapshot goes through as a change.
    public mutating func reset() {
        told = nil
    }

    /// Why `snapshot`, reported at monotonic time `now`, should go to the feed, or `nil` when the feed
    /// already knows all it says.
    public mutating func reason(for snapshot: PlayerSnapshot, now: Double) -> FeedPlanner.Reason? {
        let reason = decide(snapshot, now: now)
        if reason != nil {
            told = snapshot
            toldAt = now
        }
        return reason
    }

    private func decide(_ snapshot: PlayerSnapshot, now: Double) -> FeedPlanner.Reason? {
        guard let told else { return .change }
        if !FeedPlanner.sameTrack(told.track, snapshot.track) || told.state != snapshot.state
            || told.track?.durationSeconds != snapshot.track?.durationSeconds
        {
            return .change
        }
        guard snapshot.state != .stop, let reported = snapshot.positionSeconds(at: now) else { return nil }
        guard let expected = told.positionSeconds(at: now) else { return .change }
        if abs(reported - expected) > toleranceSeconds { return .change }
        if snapshot.state == .play, now - toldAt >= refreshSeconds { return .tick }
        return nil
    }
}
