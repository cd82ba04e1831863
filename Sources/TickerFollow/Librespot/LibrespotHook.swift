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
/// writes them and returns. It keeps no state between events and never waits on the daemon for long: the
/// feed is opened without blocking and a full pipe is given up on after `fullPipeTimeoutMillis`, because
/// librespot waits for its event program before it passes on the next event.
package struct LibrespotHook: Sendable {
    /// The environment variables the hook reads; nothing else is looked at.
    package static let variables = [
        "PLAYER_EVENT", "NAME", "TRACK_NAME", "ARTISTS", "ALBUM", "ITEM_TYPE", "SHOW_NAME", "DURATION_MS",
        "TRACK_DURATION", "POSITION_MS",
    ]

    /// The feed FIFO to write to.
    package var feedPath: String
    /// Where lyrics are looked up (`Artist - Title.lrc` in a lyrics directory; Spotify tracks have no files).
    package var lyrics: LyricsLibrary
    /// How long a full pipe is waited on, in milliseconds.
    package var fullPipeTimeoutMillis: Int32

    /// A hook writing to `feedPath`.
    package init(feedPath: String, lyrics: LyricsLibrary = LyricsLibrary(), fullPipeTimeoutMillis: Int32 = 500) {
        self.feedPath = feedPath
        self.lyrics = lyrics
        self.fullPipeTimeoutMillis = fullPipeTimeoutMillis
    }

    /// Reads the event from `environment`, writes its commands to the feed and returns the event. An event
    /// that changes nothing does not open the feed. Lyrics that cannot be read are logged to `log` and
    /// replaced by `lyrics clear`.
    @discardableResult
    package func run(environment: [String: String], log: Logger) throws(LibrespotHookError) -> LibrespotEvent {
        let event: LibrespotEvent
        do {
            event = try LibrespotEvent.parse(environment: environment)
        } catch {
            throw .event(error)
        }
        let commands = event.commands { track -> String? in
            do throws(LyricsLookupError) {
                return try lyrics.lyrics(for: track)
            } catch .notFound {
                return nil
            } catch {
                log.warning(error.description)
                return nil
            }
        }
        guard !commands.isEmpty else { return event }
        do {
            let writer = try FeedWriter(path: feedPath, fullPipeTimeoutMillis: fullPipeTimeoutMillis)
            defer { writer.close() }
            try writer.send(commands)
        } catch {
            throw .feed(error)
        }
        return event
    }
}
