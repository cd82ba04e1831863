import TickerIO

/// What every follower shares: turns snapshots into feed commands (with lyrics for new tracks) and
/// writes them, re-sending the whole state whenever the feed was reopened.
final class FeedPublisher {
    let feed: FeedOutput
    private let lyrics: LyricsLibrary
    private let online: OnlineLyrics?
    private let log: Logger
    private let clock: FollowerClock
    private var planner = FeedPlanner()
    private(set) var last: PlayerSnapshot?

    /// A publisher writing to `settings.path`, at times read from `clock`; with `settings.online`, it starts
    /// the lookups on the lyrics server, which end (without waiting for the server) when the publisher goes.
    init(settings: FeedSettings, log: Logger, clock: FollowerClock) {
        feed = FeedOutput(path: settings.path, log: log)
        lyrics = settings.lyrics
        online = settings.online?.start(log: log)
        self.log = log
        self.clock = clock
    }

    deinit {
        online?.stop()
    }

    /// Sends what `snapshot` changes (everything, after `resend()` or a reopened feed).
    func publish(_ snapshot: PlayerSnapshot, reason: FeedPlanner.Reason) {
        last = snapshot
        let now = clock.now
        if feed.openIfDue(at: now) { planner.reset() }
        let commands = planner.commands(for: snapshot, reason: reason, now: now, lyrics: lookUpLyrics)
        if !commands.isEmpty, !feed.send(commands, at: now) {
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
        feed.timeUntilRetry(at: clock.now).map { max($0, .milliseconds(20)) }
    }

    /// Readable when lyrics found online are waiting for `deliverLyrics()`; nil without online lookups.
    var lyricsWakeDescriptor: Int32? { online?.wakeDescriptor }

    /// Sends the lyrics that arrived from the server, for the tracks that are still playing.
    func deliverLyrics() {
        guard let online else { return }
        for arrival in online.takeArrivals() {
            let commands = planner.lyricsArrived(arrival.lrc, for: arrival.track)
            if !commands.isEmpty, !feed.send(commands, at: clock.now) { planner.reset() }
        }
    }

    /// The chain: the `.lrc` files, the music file's tags, then the server (whose answer comes later,
    /// through `deliverLyrics()`, unless the cache already has it).
    private func lookUpLyrics(_ track: Track) -> String? {
        do {
            return try lyrics.localLyrics(for: track)
        } catch .notFound {
            return online?.request(track)
        } catch {
            log.warning(error.description)
            return online?.request(track)
        }
    }
}

/// The sooner of two waits, where nil means "forever".
func earliest(_ a: Duration?, _ b: Duration?) -> Duration? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
}
