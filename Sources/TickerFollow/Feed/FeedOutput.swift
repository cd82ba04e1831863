import TickerCore
import TickerIO

/// The follower's side of the feed: opens the FIFO lazily, and when the daemon is missing or goes
/// away, logs it once, drops commands and retries with back-off (0.5 s doubling to 5 s).
final class FeedOutput {
    let path: String
    private let log: Logger
    private var writer: FeedWriter?
    private var retry = Retry()
    private var retryAt = Duration.zero

    /// How long a write waits for room in a full pipe, in milliseconds.
    private let fullPipeTimeoutMillis: Int32
    /// Whether a full pipe keeps the feed open (the caller holds the commands and tries again) rather than
    /// counting as a failure that closes it.
    private let holdsWhenFull: Bool
    /// Whether the pipe was found full, until a write goes through.
    private(set) var isFull = false

    /// A feed at `path`; by default a pipe that stays full for 2 s is a failure, and the feed is reopened later.
    init(path: String, log: Logger, fullPipeTimeoutMillis: Int32 = 2000, holdsWhenFull: Bool = false) {
        self.path = path
        self.log = log
        self.fullPipeTimeoutMillis = fullPipeTimeoutMillis
        self.holdsWhenFull = holdsWhenFull
    }

    var isOpen: Bool { writer != nil }

    /// How long until the next attempt to open (at monotonic time `now`), at most a minute, or `nil` when open.
    func timeUntilRetry(at now: Duration) -> Duration? {
        guard writer == nil else { return nil }
        return max(.zero, min(retryAt - now, .seconds(60)))
    }

    /// Opens the feed when it is closed and the retry time has come; returns whether it just opened
    /// (the caller then sends its whole state, since anything earlier was lost).
    func openIfDue(at now: Duration) -> Bool {
        guard writer == nil, now >= retryAt else { return false }
        do {
            writer = try FeedWriter(path: path, fullPipeTimeoutMillis: fullPipeTimeoutMillis)
            if retry.succeeded() {
                log.info("feed '\(path)' is open again; sending the current state")
            }
            return true
        } catch {
            failed(error, at: now)
            return false
        }
    }

    /// Sends `commands` when open; returns `false` when they were dropped (or, with `holdsWhenFull`, when the
    /// pipe is full and the caller should try again).
    func send(_ commands: [FeedCommand], at now: Duration) -> Bool {
        guard let writer else { return false }
        do {
            try writer.send(commands)
            if isFull {
                isFull = false
                log.info("feed '\(path)' takes lines again")
            }
            return true
        } catch .pipeFull where holdsWhenFull {
            if !isFull {
                isFull = true
                log.warning("feed '\(path)' is full (is tickerd stuck?); holding the lines until it reads")
            }
            return false
        } catch {
            self.writer = nil
            writer.close()
            failed(error, at: now)
            return false
        }
    }

    private func failed(_ error: FeedWriterError, at now: Duration) {
        let (delay, isNew) = retry.failed(error.description)
        retryAt = now + delay
        if isNew {
            log.warning("\(error); retrying (every \(retry.backoff.maximum.logDescription) at most)")
        }
    }
}
