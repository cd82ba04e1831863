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
/// the track is still the one playing then (the hook marks each new track in the cache directory).
package struct LibrespotHook: Sendable {
    /// What one event led to.
    package struct Outcome: Equatable, Sendable {
        /// The event read from the environment.
        package var event: LibrespotEvent
        /// A track whose lyrics are to be asked of the server, by `fetchLyrics` in a process of its own.
        package var lyricsToFetch: Track?
    }

    /// The environment variables the hook reads; nothing else is looked at.
    package static let variables = [
        "PLAYER_EVENT", "NAME", "TRACK_NAME", "ARTISTS", "ALBUM", "ITEM_TYPE", "SHOW_NAME", "DURATION_MS",
        "TRACK_DURATION", "POSITION_MS",
    ]

    /// The option that makes `tickerctl follow librespot` the lyrics-fetching process rather than the hook.
    package static let fetchLyricsOption = "--fetch-lyrics"

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

    /// A hook writing to every feed of `feedPaths`.
    package init(
        feedPaths: [String], lyrics: LyricsLibrary = LyricsLibrary(), online: OnlineLyricsSettings? = nil,
        fullPipeTimeoutMillis: Int32 = 500
    ) {
        self.feedPaths = feedPaths
        self.lyrics = lyrics
        self.online = online?.cacheDirectory == nil ? nil : online
        self.fullPipeTimeoutMillis = fullPipeTimeoutMillis
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
        if !commands.isEmpty { try send(commands, log: log) }
        return Outcome(event: event, lyricsToFetch: toFetch)
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
