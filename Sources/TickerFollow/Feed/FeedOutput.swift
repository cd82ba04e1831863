// The fuzz build compiles TickerIO into the same module.
#if canImport(TickerIO)
import TickerIO
#endif

/// The follower's side of the feed: opens the FIFO lazily, and when the daemon is missing or goes
/// away, logs it once, drops lines and retries with backoff (0.5 s doubling to 5 s).
final class FeedOutput {
    let path: String
    private let log: FollowLog
    private var writer: FeedWriter?
    private var backoff = Backoff()
    private var retryAt = 0.0
    private var lastProblem: String?

    init(path: String, log: FollowLog) {
        self.path = path
        self.log = log
    }

    var isOpen: Bool { writer != nil }

    /// Milliseconds until the next attempt to open, or `nil` when open.
    func millisUntilRetry(now: Double) -> Int32? {
        guard writer == nil else { return nil }
        return Int32(max(0, min((retryAt - now) * 1000, 60_000)).rounded(.up))
    }

    /// Opens the feed when it is closed and the retry time has come; returns whether it just opened
    /// (the caller then sends its whole state, since anything earlier was lost).
    func openIfDue(now: Double) -> Bool {
        guard writer == nil, now >= retryAt else { return false }
        do {
            writer = try FeedWriter(path: path)
            backoff.reset()
            if lastProblem != nil {
                log(.info, "feed '\(path)' is open again; sending the current state")
            }
            lastProblem = nil
            return true
        } catch {
            failed(error, now: now)
            return false
        }
    }

    /// Sends `lines` when open; returns `false` when they were dropped.
    func send(_ lines: [String], now: Double) -> Bool {
        guard let writer else { return false }
        do {
            try writer.send(lines)
            return true
        } catch {
            self.writer = nil
            writer.close()
            failed(error, now: now)
            return false
        }
    }

    private func failed(_ error: FeedWriterError, now: Double) {
        let delay = backoff.take()
        retryAt = now + delay
        let problem = error.description
        if problem != lastProblem {
            log(.warning, "\(problem); retrying (every \(FeedScript.seconds(backoff.maximum)) s at most)")
            lastProblem = problem
        }
    }
}
