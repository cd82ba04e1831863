import TickerIO

/// What every follower shares: turns snapshots into feed commands (with lyrics for new tracks) and
/// writes them, re-sending the whole state whenever the feed was reopened.
final class FeedPublisher {
    let feed: FeedOutput
    private let lyrics: LyricsLibrary
    private let log: Logger
    private var planner = FeedPlanner()
    private(set) var last: PlayerSnapshot?

    init(feedPath: String, lyrics: LyricsLibrary, log: Logger) {
        feed = FeedOutput(path: feedPath, log: log)
        self.lyrics = lyrics
        self.log = log
    }

    /// Sends what `snapshot` changes (everything, after `resend()` or a reopened feed).
    func publish(_ snapshot: PlayerSnapshot, reason: FeedPlanner.Reason) {
        last = snapshot
        let now = Clock.now.inSeconds
        if feed.openIfDue(now: now) { planner.reset() }
        let commands = planner.commands(for: snapshot, reason: reason, now: now, lyrics: lookUpLyrics)
        if !commands.isEmpty, !feed.send(commands, now: now) {
            planner.reset()
        }
    }

    /// Makes the next `publish` send the whole state.
    func resend() {
        planner.reset()
    }

    /// How long a follower may wait before it must call `publish` again to retry the feed (at least 20 ms),
    /// or `nil` when the feed is open.
    func timeUntilFeedRetry() -> Duration? {
        feed.timeUntilRetry(now: Clock.now.inSeconds).map { max($0, .milliseconds(20)) }
    }

    private func lookUpLyrics(_ track: Track) -> String? {
        do {
            return try lyrics.lyrics(for: track)
        } catch .notFound {
            return nil
        } catch {
            log.warning(error.description)
            return nil
        }
    }
}

/// The sooner of two waits, where nil means "forever".
func earliest(_ a: Duration?, _ b: Duration?) -> Duration? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
}
