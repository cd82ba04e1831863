import TickerIO

/// What every follower shares: turns snapshots into feed commands (with lyrics for new tracks) and
/// writes them, re-sending the whole state whenever the feed was reopened.
final class FeedPublisher {
    let feed: FeedOutput
    private let lyrics: LyricsLibrary
    private let online: OnlineLyrics?
    private let log: Logger
    private var planner = FeedPlanner()
    private(set) var last: PlayerSnapshot?

    /// A publisher writing to `feedPath`; with `online`, it starts the lookups on the lyrics server, which end
    /// (without waiting for the server) when the publisher goes.
    init(feedPath: String, lyrics: LyricsLibrary, online: OnlineLyricsSettings? = nil, log: Logger) {
        feed = FeedOutput(path: feedPath, log: log)
        self.lyrics = lyrics
        self.online = online?.start(log: log)
        self.log = log
    }

    deinit {
        online?.stop()
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

    /// Readable when lyrics found online are waiting for `deliverLyrics()`; nil without online lookups.
    var lyricsWakeDescriptor: Int32? { online?.wakeDescriptor }

    /// Sends the lyrics that arrived from the server, for the tracks that are still playing.
    func deliverLyrics() {
        guard let online else { return }
        for arrival in online.takeArrivals() {
            let commands = planner.lyricsArrived(arrival.lrc, for: arrival.track)
            if !commands.isEmpty, !feed.send(commands, now: Clock.now.inSeconds) { planner.reset() }
        }
    }

    /// `signals.wait(for:on:timeout:)` that also delivers lyrics arriving from the server meanwhile: the
    /// follower's loop keeps its one wait and never blocks on the network.
    func wait(for events: Int16, on descriptor: Int32?, signals: SignalSource, timeout: Duration?)
        -> SignalSource.WaitOutcome
    {
        guard let wake = lyricsWakeDescriptor else {
            return signals.wait(for: events, on: descriptor, timeout: timeout)
        }
        let deadline = timeout.map { Clock.now + $0 }
        while true {
            if signals.stopRequested { return .stopped }
            var entries = [
                Posix.PollEntry(signals.fileDescriptor, Posix.readable), Posix.PollEntry(wake, Posix.readable),
            ]
            if let descriptor { entries.append(Posix.PollEntry(descriptor, events)) }
            let remaining = deadline.map { max($0 - Clock.now, .zero).pollMilliseconds } ?? -1
            let count = (try? Posix.poll(&entries, timeoutMilliseconds: remaining)) ?? 0
            if entries[0].revents != 0, signals.stopRequested { return .stopped }
            if entries[1].revents != 0 { deliverLyrics() }
            if entries.count > 2, entries[2].revents != 0 { return .ready(revents: entries[2].revents) }
            if let deadline, count == 0 || Clock.now >= deadline { return .timeout }
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
