import TickerIO

/// What every follower shares: turns snapshots into feed commands (with lyrics for new tracks) and
/// writes them to every feed, re-sending the whole state to a feed whenever it was reopened.
final class FeedPublisher {
    /// One feed and what it has been told: a feed that opens late, or again, is sent the whole state while the
    /// others are sent only what changed.
    private struct Destination {
        let output: FeedOutput
        var planner = FeedPlanner()
    }

    private var destinations: [Destination]
    private let lyrics: LyricsLibrary
    private let online: OnlineLyrics?
    private let log: Logger
    private let clock: FollowerClock
    /// The track whose lyrics were looked up last, and what was found: every feed's planner asks when the track
    /// changes, and the files and the server are asked once.
    private var lookedUp: (track: Track, lrc: String?)?
    private(set) var last: PlayerSnapshot?

    /// A publisher writing to every feed of `settings.paths`, at times read from `clock`; with `settings.online`,
    /// it starts the lookups on the lyrics server, which end (without waiting for the server) when the publisher
    /// goes.
    init(settings: FeedSettings, log: Logger, clock: FollowerClock) {
        destinations = settings.paths.map { Destination(output: FeedOutput(path: $0, log: log)) }
        lyrics = settings.lyrics
        online = settings.online?.start(log: log)
        self.log = log
        self.clock = clock
    }

    deinit {
        online?.stop()
    }

    /// Sends every feed what `snapshot` changes (everything, after `resend()` or when that feed was reopened).
    func publish(_ snapshot: PlayerSnapshot, reason: FeedPlanner.Reason) {
        last = snapshot
        let now = clock.now
        for index in destinations.indices {
            let feed = destinations[index].output
            if feed.openIfDue(at: now) { destinations[index].planner.reset() }
            let commands = destinations[index].planner.commands(
                for: snapshot, reason: reason, now: now, lyrics: lyricsOnce)
            if !commands.isEmpty, !feed.send(commands, at: now) {
                destinations[index].planner.reset()
            }
        }
    }

    /// Makes the next `publish` send every feed the whole state.
    func resend() {
        for index in destinations.indices { destinations[index].planner.reset() }
    }

    /// How long a follower may wait before it must call `publish` again to retry a closed feed (at least 20 ms),
    /// or `nil` when every feed is open.
    func timeUntilFeedRetry() -> Duration? {
        let now = clock.now
        return destinations.compactMap { $0.output.timeUntilRetry(at: now) }.min().map { max($0, .milliseconds(20)) }
    }

    /// Readable when lyrics found online are waiting for `deliverLyrics()`; nil without online lookups.
    var lyricsWakeDescriptor: Int32? { online?.wakeDescriptor }

    /// Sends the lyrics that arrived from the server to every feed, for the tracks that are still playing.
    func deliverLyrics() {
        guard let online else { return }
        for arrival in online.takeArrivals() {
            if let lookedUp, FeedPlanner.sameTrack(lookedUp.track, arrival.track) {
                self.lookedUp = (arrival.track, arrival.lrc)
            }
            let now = clock.now
            for index in destinations.indices {
                let commands = destinations[index].planner.lyricsArrived(arrival.lrc, for: arrival.track)
                if !commands.isEmpty, !destinations[index].output.send(commands, at: now) {
                    destinations[index].planner.reset()
                }
            }
        }
    }

    /// The lyrics of `track`, looked up once however many feeds ask.
    private func lyricsOnce(_ track: Track) -> String? {
        if let lookedUp, FeedPlanner.sameTrack(lookedUp.track, track) { return lookedUp.lrc }
        let lrc = lookUpLyrics(track)
        lookedUp = (track, lrc)
        return lrc
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
