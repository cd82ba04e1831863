/// What every follower shares: turns snapshots into feed lines (with lyrics for new tracks) and
/// writes them, re-sending the whole state whenever the feed was reopened.
final class FeedPublisher {
    let feed: FeedOutput
    private let lyrics: LyricsLibrary
    private let log: FollowLog
    private var planner = FeedPlanner()
    private(set) var last: PlayerSnapshot?

    init(feedPath: String, lyrics: LyricsLibrary, log: FollowLog) {
        feed = FeedOutput(path: feedPath, log: log)
        self.lyrics = lyrics
        self.log = log
    }

    /// Sends what `snapshot` changes (everything, after `resend()` or a reopened feed).
    func publish(_ snapshot: PlayerSnapshot, reason: FeedPlanner.Reason) {
        last = snapshot
        let now = MonotonicClock.now()
        if feed.openIfDue(now: now) { planner.reset() }
        let lines = planner.lines(for: snapshot, reason: reason, now: now, lyrics: lookUpLyrics)
        if !lines.isEmpty, !feed.send(lines, now: now) {
            planner.reset()
        }
    }

    /// Makes the next `publish` send the whole state.
    func resend() {
        planner.reset()
    }

    /// How long a follower may wait before it must call `publish` again to retry the feed, or
    /// `nil` when the feed is open.
    func millisUntilFeedRetry() -> Int32? {
        feed.millisUntilRetry(now: MonotonicClock.now()).map { max($0, 20) }
    }

    private func lookUpLyrics(_ track: Track) -> String? {
        do {
            return try lyrics.lyrics(for: track)
        } catch .notFound {
            return nil
        } catch {
            log(.warning, error.description)
            return nil
        }
    }
}

/// The smaller of two poll timeouts, where negative means "forever".
func earliest(_ a: Int32, _ b: Int32?) -> Int32 {
    guard let b else { return a }
    return a < 0 ? b : min(a, b)
}
