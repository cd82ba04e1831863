import Foundation
import TickerCore
import TickerIO

/// Why the event program could not pass an event on.
package enum LibrespotHookError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The environment did not hold a readable event.
    case event(LibrespotEventError)
    /// The feed could not be opened or written.
    case feed(FeedWriterError)

    /// The underlying sentence.
    package var description: String {
        switch self {
        case .event(let error): return error.description
        case .feed(let error): return error.description
        }
    }
}

/// librespot's (and spotifyd's) event program: turns the one event in its environment into feed commands,
/// writes them and returns. It never waits on the daemon for long: the feed is opened without blocking and a
/// full pipe is given up on after `fullPipeTimeoutMillis`, because librespot waits for its event program
/// before it passes on the next event. Nor does it wait on a lyrics server: lyrics the cache does not know
/// are left to `fetchLyrics`, which the caller runs in a process of its own, and which sends them only if
/// the track is still the one playing then (the hook marks each new track in the cache directory). The same
/// holds for the album cover (`COVERS`): one the cover cache knows is sent right after the title, any other
/// is left to `fetchCover`.
package struct LibrespotHook: Sendable {
    /// What one event led to.
    package struct Outcome: Equatable, Sendable {
        /// The event read from the environment.
        package var event: LibrespotEvent
        /// A track whose lyrics are to be asked of the server, by `fetchLyrics` in a process of its own.
        package var lyricsToFetch: Track?
        /// A track whose cover is to be fetched, by `fetchCover` in a process of its own.
        package var coverToFetch: Track?
    }

    /// The environment variables the hook reads; nothing else is looked at.
    package static let variables = [
        "PLAYER_EVENT", "NAME", "TRACK_NAME", "ARTISTS", "ALBUM", "ITEM_TYPE", "SHOW_NAME", "DURATION_MS",
        "TRACK_DURATION", "POSITION_MS", "COVERS",
    ]

    /// The option that makes `tickerctl follow librespot` the lyrics-fetching process rather than the hook.
    package static let fetchLyricsOption = "--fetch-lyrics"
    /// The option that makes `tickerctl follow librespot` the cover-fetching process rather than the hook.
    package static let fetchCoverOption = "--fetch-cover"

    /// The name the hook marks the playing track under in the lyrics cache.
    static let follower = "librespot"

    /// The feed FIFOs to write to, one per panel; each gets the same lines, whatever becomes of the others.
    package var feedPaths: [String]
    /// Where lyrics are looked up (`Artist - Title.lrc` in a lyrics directory; Spotify tracks have no files).
    package var lyrics: LyricsLibrary
    /// The lyrics server and its cache; nil for none. Without a cache directory no server is asked: the hook
    /// keeps nothing between events, so only the cache can say which track is playing.
    package var online: OnlineLyricsSettings?
    /// How long a full pipe is waited on, in milliseconds.
    package var fullPipeTimeoutMillis: Int32
    /// The covers' side and cache; nil for none. Without a cache directory no cover is fetched, as for lyrics.
    package var covers: CoverSettings?

    /// A hook writing to every feed of `feedPaths`.
    package init(
        feedPaths: [String], lyrics: LyricsLibrary = LyricsLibrary(), online: OnlineLyricsSettings? = nil,
        fullPipeTimeoutMillis: Int32 = 500, covers: CoverSettings? = nil
    ) {
        self.feedPaths = feedPaths
        self.lyrics = lyrics
        self.online = online?.cacheDirectory == nil ? nil : online
        self.fullPipeTimeoutMillis = fullPipeTimeoutMillis
        self.covers = covers?.cacheDirectory == nil ? nil : covers
    }

    /// Reads the event from `environment` and writes its commands to every feed (see `send`). An event that
    /// changes nothing opens no feed. Lyrics that cannot be read are logged to `log` and replaced by `lyrics clear`;
    /// lyrics not found locally come from the server's cached answer, or are to be fetched (`lyricsToFetch`).
    @discardableResult
    package func run(environment: [String: String], log: Logger) throws(LibrespotHookError) -> Outcome {
        let event = try Self.event(in: environment)
        var toFetch: Track?
        let commands = event.commands { track -> String? in
            do throws(LyricsLookupError) {
                return try lyrics.lyrics(for: track)
            } catch .notFound {
            } catch {
                log.warning(error.description)
            }
            guard let online, let cache = online.cache else { return nil }
            do {
                try cache.markNowPlaying(track, by: Self.follower)
            } catch {
                log.warning("lyrics cache: \(error); no lyrics server is asked")
                return nil
            }
            switch online.cachedAnswer(for: track) {
            case .synced(let lrc): return lrc
            case .instrumental, .notFound: return nil
            case nil:
                toFetch = track
                return nil
            }
        }
        var coverToFetch: Track?
        var cover: [FeedCommand] = []
        if case .trackChanged(let track) = event, let cache = covers?.cache {
            do {
                // Also a track without a cover, so that the one before's, arriving late, is not sent.
                try cache.markNowPlaying(track, by: Self.follower)
                if let source = track.cover {
                    // After the title lines, which make the daemon forget the cover before.
                    switch cache.answer(forKey: source.key, now: Date().timeIntervalSince1970) {
                    case .hit(let picture): cover = [.picture(picture)]
                    case .miss: break
                    case nil: coverToFetch = track
                    }
                }
            } catch {
                log.warning("cover cache: \(error); no cover is fetched")
            }
        }
        if !commands.isEmpty { try send(commands + cover, log: log) }
        return Outcome(event: event, lyricsToFetch: toFetch, coverToFetch: coverToFetch)
    }

    /// Fetches the cover of the track in `environment` (blocking, within the HTTP timeout), caches it (or
    /// that there is none), and sends it if the track is still the one playing. Returns whether it was sent.
    @discardableResult
    package func fetchCover(environment: [String: String], log: Logger) throws(LibrespotHookError) -> Bool {
        guard case .trackChanged(let track) = try Self.event(in: environment), let source = track.cover,
            let covers, let cache = covers.cache
        else { return false }
        var answer = cache.answer(forKey: source.key, now: Date().timeIntervalSince1970)
        if answer == nil {
            do {
                answer =
                    try CoverLoader(settings: covers).picture(of: source).map { CoverCache.Answer.hit($0) } ?? .miss
            } catch {
                log.warning(error.description)
                if error.isTransient { return false }
                answer = .miss
            }
            do {
                if let answer { try cache.store(answer, forKey: source.key, now: Date().timeIntervalSince1970) }
            } catch {
                log.warning("cover cache: \(error)")
            }
        }
        guard case .hit(let picture) = answer else { return false }
        guard cache.isNowPlaying(track, by: Self.follower) else {
            log.info("the cover of '\(track.title)' arrived after the track changed; not sent")
            return false
        }
        try send([.picture(picture)], log: log)
        return true
    }

    /// Asks the server for the lyrics of the track in `environment` (blocking, within the server's timeout),
    /// caches the answer, and sends the lyrics if they are timed and the track is still the one playing.
    /// Returns whether lyrics were sent.
    @discardableResult
    package func fetchLyrics(environment: [String: String], log: Logger) throws(LibrespotHookError) -> Bool {
        guard case .trackChanged(let track) = try Self.event(in: environment), !track.title.isEmpty,
            let online, let cache = online.cache
        else { return false }
        let answer: LRCLIBAnswer
        do {
            answer = try online.lookUpOnce(track, log: log)
        } catch {
            log.warning("lyrics server: \(error)")
            return false
        }
        guard case .synced(let lrc) = answer else { return false }
        guard cache.isNowPlaying(track, by: Self.follower) else {
            log.info("lyrics for '\(track.title)' arrived after the track changed; not sent")
            return false
        }
        try send([.lyricsBlock(lrc: lrc)], log: log)
        return true
    }

    private static func event(in environment: [String: String]) throws(LibrespotHookError) -> LibrespotEvent {
        do {
            return try LibrespotEvent.parse(environment: environment)
        } catch {
            throw .event(error)
        }
    }

    /// Writes `commands` to every feed, each whatever became of the ones before it. The first feed that could
    /// not take them is thrown, after the others are written; every later one is logged to `log`, so that each
    /// failure is told once.
    private func send(_ commands: [FeedCommand], log: Logger) throws(LibrespotHookError) {
        var first: FeedWriterError?
        for path in feedPaths {
            do {
                let writer = try FeedWriter(path: path, fullPipeTimeoutMillis: fullPipeTimeoutMillis)
                defer { writer.close() }
                try writer.send(commands)
            } catch {
                if first == nil { first = error } else { log.error(error.description) }
            }
        }
        if let first { throw .feed(first) }
    }
}
