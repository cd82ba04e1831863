/// The MQTT bridge's session as a pure machine: when to connect, when an attempt has taken too long, when to
/// look at the daemon's state file, how long the loop may sleep, and how to back off when the broker is away
/// or `poll(2)` itself fails. It says what to do; the shell (`MQTTBridge`) does it with libmosquitto and the
/// feed, and reports back. Time is passed in, so tests drive it on a manual clock.
package struct MQTTSessionMachine {
    /// Timings.
    package struct Policy: Equatable {
        /// How often the state file's metadata is looked at.
        package var statePollInterval: Duration = .milliseconds(250)
        /// How long a connection attempt may go unanswered.
        package var connectTimeout: Duration = .seconds(10)
        /// The longest sleep: libmosquitto's keep-alive wants a call at least this often.
        package var keepAliveWake: Duration = .seconds(1)
        /// The delays between two connection attempts.
        package var backoff = Backoff(initial: .milliseconds(500), maximum: .seconds(30))
        /// The delays between two polls after `poll(2)` failed.
        package var pollBackoff = Backoff(initial: .milliseconds(100), maximum: .seconds(5))

        /// The timings above.
        package init() {}
    }

    /// Where the connection is.
    package enum State: Equatable {
        /// Not connected; the next attempt is due at `retryAt`.
        case waiting(retryAt: Duration)
        /// An attempt is under way, to be answered by `deadline`.
        case connecting(deadline: Duration)
        /// The broker accepted the connection.
        case connected
    }

    /// What the shell does now.
    package enum Action: Equatable {
        /// Start connecting (`first`: for the first time, with the host and port; later, again).
        case connect(first: Bool)
        /// The attempt under way went unanswered: drop it, then report `lost`.
        case abandon(problem: String)
        /// Look at the state file, and publish what changed.
        case publishState
    }

    /// Timings.
    package let policy: Policy
    /// Where the connection is.
    package private(set) var state: State = .waiting(retryAt: .zero)
    private var firstConnect = true
    private var retry: Retry
    private var nextStatePoll = Duration.zero
    /// Why `poll(2)` last failed, and when the loop may poll again.
    private var pollRetry: Retry
    private var pollAgainAt: Duration?
    /// The broker, for the log lines.
    package let server: String

    /// A machine that connects at once to the broker named `server`.
    package init(server: String, policy: Policy = Policy()) {
        self.server = server
        self.policy = policy
        retry = Retry(backoff: policy.backoff)
        pollRetry = Retry(backoff: policy.pollBackoff)
    }

    /// Whether the broker accepted the connection (and has not gone since).
    package var isConnected: Bool { state == .connected }

    /// What is due at `now`, in order.
    package mutating func actions(at now: Duration) -> [Action] {
        var actions: [Action] = []
        switch state {
        case .waiting(let retryAt) where now >= retryAt:
            actions.append(.connect(first: firstConnect))
            // After a failed first attempt, libmosquitto still knows the host and port: reconnecting works.
            firstConnect = false
            state = .connecting(deadline: now + policy.connectTimeout)
        case .connecting(let deadline) where now >= deadline:
            actions.append(.abandon(problem: "the MQTT broker at '\(server)' did not answer the connection in time"))
        default:
            break
        }
        if now >= nextStatePoll {
            nextStatePoll = now + policy.statePollInterval
            if isConnected { actions.append(.publishState) }
        }
        return actions
    }

    /// The broker accepted the connection: returns whether it had been away (then "again" is logged).
    package mutating func connected() -> Bool {
        state = .connected
        return retry.succeeded()
    }

    /// The connection is gone (or never came) at `now` because of `problem`: the next attempt comes after the
    /// back-off. Returns the line to log when the problem is news, nil otherwise (or when a retry is already
    /// scheduled).
    package mutating func lost(_ problem: String, at now: Duration) -> String? {
        if case .waiting = state { return nil }
        let (delay, isNew) = retry.failed(problem)
        state = .waiting(retryAt: now + delay)
        return isNew ? "\(problem); retrying (every \(retry.backoff.maximum.logDescription) at most)" : nil
    }

    /// `poll(2)` failed at `now` with `problem`: the loop sleeps (polling nothing but the signals) for the
    /// back-off rather than spinning. Returns the line to log when the problem is news.
    package mutating func pollFailed(_ problem: String, at now: Duration) -> String? {
        let (delay, isNew) = pollRetry.failed(problem)
        pollAgainAt = now + delay
        return isNew ? "\(problem); polling again in \(delay.logDescription)" : nil
    }

    /// `poll(2)` worked: returns whether it had been failing (then its recovery is logged).
    package mutating func polled() -> Bool {
        pollAgainAt = nil
        return pollRetry.succeeded()
    }

    /// Whether the loop polls the broker's socket at `now` (not while backing off from a failed poll).
    package func pollsSocket(at now: Duration) -> Bool {
        guard let pollAgainAt else { return true }
        return now >= pollAgainAt
    }

    /// How long the loop may sleep from `now`: until the next attempt or state poll, the end of a poll's
    /// back-off, and at most `keepAliveWake`.
    package func timeout(at now: Duration) -> Duration {
        var wake = min(now + policy.keepAliveWake, nextStatePoll)
        if case .waiting(let retryAt) = state { wake = min(wake, retryAt) }
        if let pollAgainAt, now < pollAgainAt { wake = pollAgainAt }
        return max(wake - now, .zero)
    }
}
