import Foundation
import TickerCore
import TickerIO

/// The online end of the lyrics chain, kept off the follower's loop: `request` answers at once from the
/// cache, or queues the track for a worker thread that asks the LRCLIB server; the answer comes back through
/// `takeArrivals()` when `wakeDescriptor` turns readable. Every answer (hit, instrumental, miss) is cached, so
/// a track is asked for once; a server that answers 429 or 5xx, or not at all, is left alone for a while
/// (by default doubling from 30 s up to an hour).
package final class OnlineLyrics: @unchecked Sendable {
    /// Timed lyrics that arrived for a track.
    package struct Arrival: Equatable, Sendable {
        /// The track they belong to.
        package var track: Track
        /// The lyrics, as LRC.
        package var lrc: String
    }

    private let client: LRCLIBClient
    private let cache: LyricsCache?
    private let log: Logger
    private let worker: FollowerWorker<Track, Arrival>
    // Guarded by the worker's lock (`withQueue`, `deliver`).
    private var answered: [String: LRCLIBAnswer] = [:]
    /// The pause after trouble, and the trouble last logged.
    private var retry: Retry

    /// Starts the worker thread; `cache` may be nil (answers are then remembered until the process ends).
    /// `backoff` spaces the requests after trouble.
    package init(
        client: LRCLIBClient, cache: LyricsCache?, log: Logger,
        backoff: Backoff = Backoff(initial: .seconds(30), maximum: .seconds(3600))
    ) throws(SystemError) {
        self.client = client
        retry = Retry(backoff: backoff)
        self.cache = cache
        self.log = log
        // Only the newest tracks matter: a follower skipping through a playlist must not queue every song.
        worker = try FollowerWorker(thread: "lyrics", wakePipe: "lyrics wake pipe", newest: 4) {
            LyricsCache.key(for: $0)
        }
        worker.start { [self] in lookUp($0) }
    }

    /// Readable when `takeArrivals()` has something.
    package var wakeDescriptor: Int32 { worker.wakeDescriptor }

    /// The lyrics already known for `track` (from the cache), or `nil`: then the track is queued for the
    /// server, unless it is known to have none. Never blocks on the network.
    package func request(_ track: Track) -> String? {
        let key = LyricsCache.key(for: track)
        return worker.withQueue { queue in
            var known = answered[key]
            if known == nil, let cached = cache?.answer(for: track, now: Date().timeIntervalSince1970) {
                remember(cached, for: key)
                known = cached
            }
            switch known {
            case .synced(let lrc): return lrc
            case .instrumental, .notFound: return nil
            case nil: break
            }
            queue.add(track)
            return nil
        }
    }

    /// The lyrics that arrived since the last call.
    package func takeArrivals() -> [Arrival] {
        worker.takeArrivals()
    }

    /// Makes the worker thread end after its current request, without waiting for it: a follower asked to
    /// stop exits at once, whatever the server is doing.
    package func stop() {
        worker.stop()
    }

    /// Asks the server for `track` (on the worker thread).
    private func lookUp(_ track: Track) {
        let answer: LRCLIBAnswer
        do {
            answer = try client.lookUp(track)
        } catch {
            trouble(error, asking: track)
            return
        }
        do {
            try cache?.store(answer, for: track, now: Date().timeIntervalSince1970)
        } catch {
            log.warning("lyrics cache: \(error)")
        }
        var arrival: Arrival?
        if case .synced(let lrc) = answer { arrival = Arrival(track: track, lrc: lrc) }
        worker.deliver(arrival) {
            remember(answer, for: LyricsCache.key(for: track))
            if retry.succeeded() { log.info("lyrics server '\(client.server)' answers again") }
        }
    }

    /// Keeps `answer` in memory (with the worker's lock held), forgetting everything beyond 256 tracks: the
    /// cache directory still has them, and a long-running follower must not grow without bound.
    private func remember(_ answer: LRCLIBAnswer, for key: String) {
        if answered.count >= 256 { answered.removeAll() }
        answered[key] = answer
    }

    /// Logs `error` (once per change of trouble) and, when the server is in trouble, leaves it alone for a
    /// while and asks for `track` again after the pause, unless newer tracks have taken its place.
    private func trouble(_ error: OnlineLyricsError, asking track: Track) {
        worker.withQueue { queue in
            let problem = "lyrics server '\(client.server)': \(error)"
            guard error.backsOff else {
                log.warning(problem)
                return
            }
            queue.putBack(track)
            let (delay, isNew) = retry.failed(problem)
            queue.quietUntil = Clock.now.inSeconds + delay.inSeconds
            if isNew { log.warning("\(problem); asking again in \(delay.logDescription) at the earliest") }
        }
    }
}
