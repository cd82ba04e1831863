import TickerCore
import TickerIO

/// What every follower shares: turns snapshots into feed commands (with lyrics and the album cover for new
/// tracks) and writes them to every feed, re-sending the whole state to a feed whenever it was reopened.
///
/// A cover goes right after the track's title lines (the daemon forgets the cover when a new title starts a
/// track): at once when it is known, else when `CoverFetcher` has it (`deliverCovers()`), so that fetching
/// holds up neither the title nor the position.
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
    /// The covers' worker; nil when covers are off.
    private let covers: CoverFetcher?
    /// The current track's cover, and the covers seen.
    private var cover = CoverState()
    /// A cover only the follower can read (an MPD song's), until `takePlayerCoverRequest()`.
    private var playerCoverRequest: CoverSource?

    /// A publisher writing to every feed of `settings.paths`, at times read from `clock`; with `settings.online`,
    /// it starts the lookups on the lyrics server, which end (without waiting for the server) when the publisher
    /// goes.
    init(settings: FeedSettings, log: Logger, clock: FollowerClock) {
        destinations = settings.paths.map { Destination(output: FeedOutput(path: $0, log: log)) }
        lyrics = settings.lyrics
        online = settings.online?.start(log: log)
        covers = settings.covers.flatMap { Self.startCovers($0, log: log) }
        self.log = log
        self.clock = clock
    }

    deinit {
        online?.stop()
        covers?.stop()
    }

    private static func startCovers(_ settings: CoverSettings, log: Logger) -> CoverFetcher? {
        do {
            let fetcher = try CoverFetcher(settings: settings, log: log)
            log.info(
                "album covers are sent at \(settings.side)×\(settings.side)"
                    + (settings.cacheDirectory.map { ", those fetched over HTTP cached in '\($0)'" } ?? ""))
            return fetcher
        } catch {
            log.warning("album covers disabled: \(error)")
            return nil
        }
    }

    /// Sends every feed what `snapshot` changes (everything, after `resend()` or when that feed was reopened).
    func publish(_ snapshot: PlayerSnapshot, reason: FeedPlanner.Reason) {
        last = snapshot
        let now = clock.now
        let coverChange = covers == nil ? CoverState.Change.unchanged : cover.update(snapshot.track)
        for index in destinations.indices {
            let feed = destinations[index].output
            if feed.openIfDue(at: now) { destinations[index].planner.reset() }
            var commands = destinations[index].planner.commands(
                for: snapshot, reason: reason, now: now, lyrics: lyricsOnce)
            // After the title lines, which make the daemon forget the cover of the track before.
            let titled = commands.contains { if case .title = $0 { true } else { false } }
            if let picture = cover.picture, titled || coverChange == .current {
                commands.append(.picture(picture))
            } else if coverChange == .removed, !titled {
                commands.append(.pictureRemove(FeedPicture.coverName))
            }
            if !commands.isEmpty, !feed.send(commands, at: now) {
                destinations[index].planner.reset()
            }
        }
        if case .ask(let source) = coverChange {
            if case .mpd = source { playerCoverRequest = source } else { covers?.request(source, key: source.key) }
        }
    }

    /// A cover the follower is to read itself (an MPD song's, with `readpicture` and `albumart`), once; then
    /// `playerCoverRead` is told what it found.
    func takePlayerCoverRequest() -> CoverSource? {
        defer { playerCoverRequest = nil }
        return playerCoverRequest
    }

    /// The cover file the follower read for `source` (nil: it has none): decoded off the loop, then sent.
    func playerCoverRead(_ file: [UInt8]?, for source: CoverSource) {
        guard let covers else { return }
        if let file {
            covers.request(.bytes(file), key: source.key)
        } else {
            coverArrived(nil, forKey: source.key)
        }
    }

    /// The follower could not read the cover `takePlayerCoverRequest()` gave (its connection was lost): it is
    /// asked for again with the next snapshot.
    func abandonPlayerCoverRequest(_ source: CoverSource) {
        cover.abandon(forKey: source.key)
    }

    /// Readable when covers are waiting for `deliverCovers()`; nil without covers.
    var coverWakeDescriptor: Int32? { covers?.wakeDescriptor }

    /// Sends the covers that arrived to every feed that was told of their track.
    func deliverCovers() {
        guard let covers else { return }
        for arrival in covers.takeArrivals() { coverArrived(arrival.picture, forKey: arrival.key) }
    }

    private func coverArrived(_ picture: FeedPicture?, forKey key: String) {
        guard cover.arrived(picture, forKey: key), let picture else { return }
        let now = clock.now
        for index in destinations.indices
        where FeedPlanner.sameTrack(destinations[index].planner.sentTrack, cover.track)
            && !destinations[index].output.send([.picture(picture)], at: now)
        {
            destinations[index].planner.reset()
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
