import Foundation
import TickerCore
import TickerIO

/// The covers' worker thread, which keeps fetching and decoding off the follower's loop: `request` queues a
/// source, the worker reads it (the cover cache first for HTTP ones), decodes and scales it, and the result
/// comes back through `takeArrivals()` when `wakeDescriptor` turns readable. A cover that cannot be had is
/// logged and arrives as nil, so that it is not asked for again.
final class CoverFetcher: @unchecked Sendable {
    /// What one request gave.
    struct Arrival: Equatable, Sendable {
        /// The source's key (`CoverSource.key`).
        var key: String
        /// The cover, or nil when the source has none.
        var picture: FeedPicture?
    }

    private let loader: CoverLoader
    private let cache: CoverCache?
    private let log: Logger
    private let worker: FollowerWorker<(key: String, source: CoverSource), Arrival>

    /// Starts the worker thread.
    init(settings: CoverSettings, log: Logger) throws(SystemError) {
        loader = CoverLoader(settings: settings)
        cache = settings.cache
        self.log = log
        worker = try FollowerWorker(thread: "covers", wakePipe: "cover wake pipe", newest: 2) { $0.key }
        worker.start { [self] in worker.deliver(Arrival(key: $0.key, picture: load($0.source, key: $0.key))) }
    }

    /// Readable when `takeArrivals()` has something.
    var wakeDescriptor: Int32 { worker.wakeDescriptor }

    /// Queues `source`, known as `key`. Only the newest requests matter: a follower skipping through a
    /// playlist must not queue every cover.
    func request(_ source: CoverSource, key: String) {
        worker.request((key, source))
    }

    /// The covers that arrived since the last call.
    func takeArrivals() -> [Arrival] {
        worker.takeArrivals()
    }

    /// Makes the worker end after its current cover, without waiting for it.
    func stop() {
        worker.stop()
    }

    /// The cover of `source`: from the cache, or read, decoded and (when fetched over the network) cached.
    private func load(_ source: CoverSource, key: String) -> FeedPicture? {
        let remote = source.isRemote ? cache : nil
        switch remote?.answer(forKey: key, now: Date().timeIntervalSince1970) {
        case .hit(let picture): return picture
        case .miss: return nil
        case nil: break
        }
        let answer: CoverCache.Answer
        do {
            answer = try loader.picture(of: source).map { CoverCache.Answer.hit($0) } ?? .miss
        } catch {
            log.warning(error.description)
            // A server that is down may answer later; a file that cannot be decoded will not.
            if error.isTransient { return nil }
            answer = .miss
        }
        do {
            try remote?.store(answer, forKey: key, now: Date().timeIntervalSince1970)
        } catch {
            log.warning("cover cache: \(error)")
        }
        if case .hit(let picture) = answer { return picture }
        return nil
    }
}
