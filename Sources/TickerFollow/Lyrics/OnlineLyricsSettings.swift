import Foundation
import TickerIO

/// Where a follower looks for lyrics online, when it does (`--lyrics-server`, `[lyrics] online`).
package struct OnlineLyricsSettings: Equatable, Sendable {
    /// The default cache directory (the follower units' `CacheDirectory=tickerd`).
    package static let defaultCacheDirectory = "/var/cache/tickerd/lyrics"

    /// The LRCLIB server's base URL, e.g. `https://lrclib.net`.
    package var server: String
    /// Where answers are cached; nil keeps them in memory only.
    package var cacheDirectory: String?
    /// How long one request may take in all, in seconds (half of it for the connection or any silence).
    package var timeoutSeconds: Double

    /// Settings for `server`.
    package init(server: String, cacheDirectory: String? = defaultCacheDirectory, timeoutSeconds: Double = 10) {
        self.server = server
        self.cacheDirectory = cacheDirectory
        self.timeoutSeconds = timeoutSeconds
    }

    /// The client these settings describe.
    package var client: LRCLIBClient {
        LRCLIBClient(server: server, idleTimeoutSeconds: timeoutSeconds / 2, totalTimeoutSeconds: timeoutSeconds)
    }

    /// The cache these settings describe.
    package var cache: LyricsCache? { cacheDirectory.map { LyricsCache(directory: $0) } }

    /// What the cache knows about `track`, without asking the server; nil when it knows nothing.
    package func cachedAnswer(for track: Track) -> LRCLIBAnswer? {
        cache?.answer(for: track, now: Date().timeIntervalSince1970)
    }

    /// Asks once, blocking: the cache first, then the server (whose answer is cached; a cache that cannot be
    /// written is logged).
    package func lookUpOnce(_ track: Track, log: Logger) throws(OnlineLyricsError) -> LRCLIBAnswer {
        if let cached = cachedAnswer(for: track) { return cached }
        let now = Date().timeIntervalSince1970
        let answer = try client.lookUp(track)
        do {
            try cache?.store(answer, for: track, now: now)
        } catch {
            log.warning("lyrics cache: \(error)")
        }
        return answer
    }

    /// Starts the online lookups; logs and returns nil when they cannot start (the follower goes on without).
    package func start(log: Logger) -> OnlineLyrics? {
        do {
            let online = try OnlineLyrics(client: client, cache: cache, log: log)
            log.info(
                "lyrics not found locally are asked of '\(server)'"
                    + (cacheDirectory.map { ", cached in '\($0)'" } ?? ""))
            return online
        } catch {
            log.warning("online lyrics disabled: \(error)")
            return nil
        }
    }
}
