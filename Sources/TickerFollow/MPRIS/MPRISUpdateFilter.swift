/// Decides which of playerctl's reports are worth a feed update. playerctl repeats the whole state every
/// second while a player plays (its format asks for the position); the daemon runs its own clock, so only
/// a change, a jump of the position (a seek) or a periodic refresh goes through.
///
/// A new track that cannot be believed yet is held back for up to `holdSeconds`: a placeholder
/// (`MPRISSnapshot.isPlaceholder`: mpv names a file by its file name until it has read the tags, a tenth of
/// a second later), or another file under the names of the track the feed was told (mpv has moved to the
/// next file but not yet to its tags). The report with the title replaces it; only a player that never
/// tells more gets it shown.
///
/// Pure: time comes in as a parameter.
package struct MPRISUpdateFilter: Sendable {
    /// How far (seconds) the reported position may drift from where the feed's clock is before it is sent.
    package var toleranceSeconds: Double
    /// How often (seconds) a fresh position is sent while playing, even when it is where it should be.
    package var refreshSeconds: Double
    /// How long (seconds) a placeholder track waits for the report that names it.
    package var holdSeconds: Double

    private var told: PlayerSnapshot?
    private var toldAt = Duration.zero
    private var held: (snapshot: PlayerSnapshot, since: Duration)?

    /// A filter that has passed nothing yet.
    package init(toleranceSeconds: Double = 1, refreshSeconds: Double = 5, holdSeconds: Double = 1) {
        self.toleranceSeconds = toleranceSeconds
        self.refreshSeconds = refreshSeconds
        self.holdSeconds = holdSeconds
    }

    /// When the placeholder held back is due (monotonic time; `release(now:)` then passes it), or nil.
    package var heldUntil: Duration? { held.map { $0.since + .seconds(holdSeconds) } }

    /// Forgets what was passed and what is held, so the next snapshot goes through as a change.
    package mutating func reset() {
        told = nil
        held = nil
    }

    /// Why `snapshot`, reported at monotonic time `now`, should go to the feed, or `nil` when the feed
    /// already knows all it says (or it is a placeholder, held back).
    package mutating func reason(for snapshot: PlayerSnapshot, now: Duration) -> FeedPlanner.Reason? {
        if let track = snapshot.track, !FeedPlanner.sameTrack(told?.track, track), isUnsettled(track) {
            held = (snapshot, held?.since ?? now)
            return nil
        }
        held = nil
        return pass(snapshot, now: now)
    }

    /// The placeholder held back and why it goes to the feed, once `holdSeconds` passed without a report
    /// that names the track; nil before then or when nothing is held.
    package mutating func release(now: Duration) -> (snapshot: PlayerSnapshot, reason: FeedPlanner.Reason)? {
        guard let held, now >= held.since + .seconds(holdSeconds) else { return nil }
        self.held = nil
        return pass(held.snapshot, now: now).map { (held.snapshot, $0) }
    }

    /// Whether `track`, another than the feed was told, only names its file, or names another file with the
    /// old track's names.
    private func isUnsettled(_ track: Track) -> Bool {
        if MPRISSnapshot.isPlaceholder(track) { return true }
        guard let shown = told?.track else { return false }
        return track.file != shown.file && track.title == shown.title && track.artist == shown.artist
            && track.album == shown.album
    }

    private mutating func pass(_ snapshot: PlayerSnapshot, now: Duration) -> FeedPlanner.Reason? {
        let reason = decide(snapshot, now: now)
        if reason != nil {
            told = snapshot
            toldAt = now
        }
        return reason
    }

    private func decide(_ snapshot: PlayerSnapshot, now: Duration) -> FeedPlanner.Reason? {
        guard let told else { return .change }
        if !FeedPlanner.sameTrack(told.track, snapshot.track) || told.state != snapshot.state
            || told.track?.durationSeconds != snapshot.track?.durationSeconds
        {
            return .change
        }
        guard snapshot.state != .stop, let reported = snapshot.positionSeconds(at: now) else { return nil }
        guard let expected = told.positionSeconds(at: now) else { return .change }
        if abs(reported - expected) > toleranceSeconds { return .change }
        if snapshot.state == .play, now - toldAt >= .seconds(refreshSeconds) { return .tick }
        return nil
    }
}
