import TickerCore
import TickerIO

/// The one loop of every player follower (MPD, MPRIS, shairport-sync, Lyrion): connects, polls what the
/// follower asks for, hands it what a readiness gives, and when the player goes away or cannot be reached,
/// logs it once per change of trouble and tries again with back-off, until SIGTERM or SIGINT. Meanwhile it
/// retries the feed and passes on the lyrics that the server finds.
///
/// Also the follower's context: its feed (`publisher`), clock, log and signals.
final class FollowerRunner {
    /// The feed.
    let publisher: FeedPublisher
    /// The time.
    let clock: FollowerClock
    /// Where the trouble and the news go.
    let log: Logger
    /// SIGTERM and SIGINT.
    let signals: SignalSource
    /// The player's back-off, and its problem (logged once).
    private(set) var retry = Retry()

    /// A runner writing to `feed`.
    init(feed: FeedSettings, signals: SignalSource, log: Logger, clock: FollowerClock) {
        publisher = FeedPublisher(settings: feed, log: log, clock: clock)
        self.clock = clock
        self.log = log
        self.signals = signals
    }

    /// Now, on the follower's clock.
    var now: Duration { clock.now }

    /// The player reported again after trouble: whether it had been failing (then the recovery is logged).
    func recovered() -> Bool {
        retry.succeeded()
    }

    /// Follows with `follower` until a stop is requested.
    func run<F: Follower>(_ follower: inout F) {
        follower.begin(self)
        while !signals.stopRequested {
            var session: F.Session
            do throws(FollowerEnd) {
                session = try follower.connect(self)
            } catch {
                if ended(follower, error) { return }
                continue
            }
            if F.connectingRecovers { retry.succeeded() }
            let end = follow(&follower, &session)
            follower.close(&session, self)
            if ended(follower, end) { return }
        }
    }

    private func follow<F: Follower>(_ follower: inout F, _ session: inout F.Session) -> FollowerEnd {
        do throws(FollowerEnd) {
            try follower.start(&session, self)
            while true {
                let wait = try follower.poll(&session, self)
                try follower.ready(try self.wait(wait), in: &session, self)
            }
        } catch {
            return error
        }
    }

    /// Carries out `end`; returns whether the run is over.
    private func ended<F: Follower>(_ follower: F, _ end: FollowerEnd) -> Bool {
        switch end {
        case .stopped:
            return true
        case .reconnect(let warning, let stopsClock):
            if let warning { log.warning(warning) }
            if stopsClock { stopClock() }
            return signals.stopRequested
        case .failed(let problem):
            let (delay, isNew) = retry.failed(problem)
            if isNew { log.warning(follower.retryLine(for: problem, delay: delay, retry: retry)) }
            if F.lostStopsClock { stopClock() }
            return !backOff(until: now + delay)
        }
    }

    /// Nothing reports the player's state any more: a stopped clock is the honest picture.
    private func stopClock() {
        if var last = publisher.last, last.state != .stop {
            last.state = .stop
            publisher.publish(last, reason: .change)
        }
    }

    /// Waits until `instant`, retrying the feed meanwhile; returns false when a stop was requested.
    private func backOff(until instant: Duration) -> Bool {
        while now < instant {
            do throws(FollowerEnd) {
                _ = try wait(FollowerWait([], until: instant))
            } catch {
                return false
            }
            if publisher.timeUntilFeedRetry() != nil, let last = publisher.last {
                publisher.publish(last, reason: .tick)
            }
        }
        return true
    }

    /// Waits for `wait`, for the feed's retry, or for a stop; delivers lyrics and covers arriving meanwhile. A
    /// poll that fails ends the session (`.failed`), to be tried again after the back-off, rather than spinning.
    func wait(_ wait: FollowerWait) throws(FollowerEnd) -> FollowerReadiness {
        let deadline = earliest(wait.deadline, publisher.timeUntilFeedRetry().map { now + $0 })
        var wakes: [(descriptor: Int32, deliver: () -> Void)] = []
        if let lyrics = publisher.lyricsWakeDescriptor { wakes.append((lyrics, publisher.deliverLyrics)) }
        if let covers = publisher.coverWakeDescriptor { wakes.append((covers, publisher.deliverCovers)) }
        let first = 1 + wakes.count
        while true {
            if signals.stopRequested { throw .stopped }
            var entries = [Posix.PollEntry(signals.fileDescriptor, Posix.readable)]
            entries += wakes.map { Posix.PollEntry($0.descriptor, Posix.readable) }
            entries += wait.entries
            let remaining = deadline.map { max($0 - now, .zero).pollMilliseconds } ?? -1
            let count: Int
            do {
                count = try Posix.poll(&entries, timeoutMilliseconds: remaining)
            } catch {
                throw .failed(error.description)
            }
            if entries[0].revents != 0, signals.stopRequested { throw .stopped }
            for (index, wake) in wakes.enumerated() where entries[1 + index].revents != 0 { wake.deliver() }
            let revents = entries[first...].map(\.revents)
            if revents.contains(where: { $0 != 0 }) { return .ready(revents) }
            if let deadline, count == 0 || now >= deadline { return .timeout }
        }
    }
}
