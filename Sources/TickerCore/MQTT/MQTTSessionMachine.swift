/// The MQTT bridge's session as a pure machine, from start to exit: when to connect, when an attempt has taken
/// too long, when to look at the daemon's state file, how long the loop may sleep, and how to back off when the
/// broker is away or `poll(2)` itself fails; how a clean stop says offline and waits for the broker to take it;
/// and, for `--forget`, the marker asked for and the removals sent and acknowledged in turn. It says what to do;
/// the shell (`MQTTBridgeSession`) does it with libmosquitto and the feed, and reports back. Time is passed in,
/// so tests drive it on a manual clock.
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
        /// How long a clean stop waits for the broker to take the "offline".
        package var leaveTimeout: Duration = .seconds(1)
        /// How long `--forget` may take, from its connection attempt to the last acknowledgement.
        package var forgetTimeout: Duration = .seconds(10)

        /// The timings above.
        package init() {}
    }

    /// Where the session is.
    package enum State: Equatable {
        /// Not connected; the next attempt is due at `retryAt`.
        case waiting(retryAt: Duration)
        /// An attempt is under way, to be answered by `deadline`.
        case connecting(deadline: Duration)
        /// The broker accepted the connection: bridging.
        case connected
        /// Forgetting: the marker was asked for; `previous` is the discovery prefix it named, if it came.
        case askingMarker(previous: String?)
        /// Forgetting: the broker is yet to take the emptied configs under `prefixes`.
        case clearingConfigs(under: [String])
        /// Forgetting: the configs are gone; the broker is yet to take the emptied topics they read.
        case clearingTopics(configsUnder: [String])
        /// Stopping: "offline" is said; the broker has until `deadline` to take it.
        case leaving(deadline: Duration)
        /// Over: the process exits with `status`, logging `line` (an error unless `status` is 0).
        case finished(status: Int32, line: String?)
    }

    /// What the shell does now.
    package enum Action: Equatable {
        /// Start connecting (`first`: for the first time, with the host and port; later, again).
        case connect(first: Bool)
        /// The attempt under way went unanswered: drop it, then report `lost`.
        case abandon(problem: String)
        /// Look at the state file, and publish what changed.
        case publishState
        /// Say that the broker accepted (`again`: after it had been away), then subscribe and publish.
        case announce(again: Bool)
        /// Subscribe to the marker, and publish an empty message that comes back behind it.
        case askForMarker
        /// Empty the discovery configs under each of `prefixes` (retained), reporting each to `sent`.
        case clearConfigs(under: [String])
        /// Empty the topics the entities read and the marker (retained), reporting each to `sent`.
        case clearTopics
        /// Publish "offline" on the availability topic (retained), reporting it to `sent`.
        case sayOffline
        /// Say goodbye to the broker.
        case disconnect
        /// Log `line`, if any (an error unless `status` is 0), and exit with `status`.
        case finish(status: Int32, line: String?)
    }

    /// Timings.
    package let policy: Policy
    /// Where the session is.
    package private(set) var state: State = .waiting(retryAt: .zero)
    private var firstConnect = true
    private var retry: Retry
    private var nextStatePoll = Duration.zero
    /// Why `poll(2)` last failed, and when the loop may poll again.
    private var pollRetry: Retry
    private var pollAgainAt: Duration?
    /// The publications the broker is yet to take (QoS 1 message ids), before the session goes on.
    private var awaited: Set<Int32> = []
    /// The broker, for the log lines.
    package let server: String
    /// For `--forget`: the topic prefix whose traces are cleared, and the discovery prefix of its configs.
    private let forgetting: (topicPrefix: String, discoveryPrefix: String)?
    /// When `--forget` gives up.
    private var giveUpAt: Duration?

    /// A machine that connects at once to the broker named `server`, to bridge, or to clear what the bridge
    /// under `forgetting.topicPrefix` left there.
    package init(
        server: String, policy: Policy = Policy(), forgetting: (topicPrefix: String, discoveryPrefix: String)? = nil
    ) {
        self.server = server
        self.policy = policy
        self.forgetting = forgetting
        retry = Retry(backoff: policy.backoff)
        pollRetry = Retry(backoff: policy.pollBackoff)
    }

    /// Whether the broker accepted the connection (and has not gone since), to bridge.
    package var isConnected: Bool { state == .connected }

    /// Whether the session clears what the bridge left rather than bridging.
    package var isForgetting: Bool { forgetting != nil }

    /// What is due at `now`, in order.
    package mutating func actions(at now: Duration) -> [Action] {
        if let giveUpAt, now >= giveUpAt, !isOver {
            let removals = "did not acknowledge the removals in \(policy.forgetTimeout.logDescription)"
            state = .finished(status: 1, line: "the MQTT broker at '\(server)' \(removals)")
        }
        var actions: [Action] = []
        switch state {
        case .waiting(let retryAt) where now >= retryAt:
            actions.append(.connect(first: firstConnect))
            // After a failed first attempt, libmosquitto still knows the host and port: reconnecting works.
            firstConnect = false
            state = .connecting(deadline: now + policy.connectTimeout)
            if isForgetting { giveUpAt = giveUpAt ?? now + policy.forgetTimeout }
        case .connecting(let deadline) where now >= deadline:
            actions.append(.abandon(problem: "the MQTT broker at '\(server)' did not answer the connection in time"))
        case .leaving(let deadline) where now >= deadline:
            actions = goOn()
        default:
            break
        }
        if case .finished(let status, let line) = state { return actions + [.finish(status: status, line: line)] }
        if now >= nextStatePoll {
            nextStatePoll = now + policy.statePollInterval
            if isConnected { actions.append(.publishState) }
        }
        return actions
    }

    /// The broker accepted the connection: returns whether it had been away (then "again" is logged).
    package mutating func connected() -> Bool {
        switch state {
        case .waiting, .connecting, .connected: state = isForgetting ? .askingMarker(previous: nil) : .connected
        default: return false  // A late answer: the session has moved on.
        }
        return retry.succeeded()
    }

    /// The broker accepted the connection: what to do about it (announce the bridge, or ask for the marker).
    package mutating func accepted() -> [Action] {
        let again = connected()
        switch state {
        case .connected: return [.announce(again: again)]
        case .askingMarker: return [.askForMarker]
        default: return []
        }
    }

    /// The connection is gone (or never came) at `now` because of `problem`: the next attempt comes after the
    /// back-off. Returns the line to log when the problem is news, nil otherwise (or when a retry is already
    /// scheduled). Stopping, the session ends without a word (the last will says offline); forgetting, it fails.
    package mutating func lost(_ problem: String, at now: Duration) -> String? {
        switch state {
        case .waiting, .finished: return nil
        case .leaving: state = .finished(status: 0, line: nil)
        case _ where isForgetting: state = .finished(status: 1, line: problem)
        default:
            let (delay, isNew) = retry.failed(problem)
            state = .waiting(retryAt: now + delay)
            return isNew ? "\(problem); retrying (every \(retry.backoff.maximum.logDescription) at most)" : nil
        }
        return nil
    }

    /// Something retrying cannot mend went wrong (the broker refused the login): the session ends with 1.
    package mutating func failed(_ problem: String) {
        if !isOver { state = .finished(status: 1, line: problem) }
    }

    /// SIGTERM or SIGINT at `now`: a connected bridge says offline first; anything else ends (a `--forget` cut
    /// short fails).
    package mutating func stop(at now: Duration) -> [Action] {
        switch state {
        case .connected:
            state = .leaving(deadline: now + policy.leaveTimeout)
            return [.sayOffline]
        case .leaving, .finished: return []
        default:
            state = .finished(status: isForgetting ? 1 : 0, line: nil)
            return []
        }
    }

    /// A message came on the marker while forgetting: a discovery prefix the bridge published under, or (empty)
    /// the message asked for, which comes back behind the marker, if any. Then the configs are cleared.
    package mutating func markerArrived(_ payload: [UInt8]) -> [Action] {
        guard case .askingMarker(let previous) = state, let forgetting else { return [] }
        if !payload.isEmpty, payload.count <= 256 {
            state = .askingMarker(previous: String(decoding: payload, as: UTF8.self))
            return []
        }
        let prefixes = Set([forgetting.discoveryPrefix, previous ?? ""]).filter { !$0.isEmpty }.sorted()
        state = .clearingConfigs(under: prefixes)
        return prefixes.isEmpty ? goOn() : [.clearConfigs(under: prefixes)]
    }

    /// The shell published `id`, which the session waits for the broker to take.
    package mutating func sent(_ id: Int32) {
        awaited.insert(id)
    }

    /// The broker took the publication `id`: once it took all the session waits for, the session goes on.
    package mutating func acknowledged(_ id: Int32) -> [Action] {
        guard awaited.remove(id) != nil, awaited.isEmpty else { return [] }
        return goOn()
    }

    /// The broker took every publication awaited (or the wait for it is over): the next step.
    private mutating func goOn() -> [Action] {
        switch state {
        case .clearingConfigs(let prefixes):
            state = .clearingTopics(configsUnder: prefixes)
            return [.clearTopics]
        case .clearingTopics(let prefixes):
            var line = "cleared what '\(forgetting?.topicPrefix ?? "")' left on the MQTT broker at '\(server)'"
            let configs = prefixes.joined(separator: "' and '")
            if !configs.isEmpty { line += " and its Home Assistant configs under '\(configs)'" }
            state = .finished(status: 0, line: line)
        case .leaving:
            state = .finished(status: 0, line: "disconnected from the MQTT broker at '\(server)'")
        default:
            return []
        }
        return [.disconnect]
    }

    private var isOver: Bool { if case .finished = state { true } else { false } }

    /// `poll(2)` failed at `now` with `problem`: the loop sleeps (polling nothing but the signals) for the
    /// back-off rather than spinning. Returns the line to log when the problem is news. A `--forget`, bounded as
    /// its wait is, fails instead.
    package mutating func pollFailed(_ problem: String, at now: Duration) -> String? {
        if isForgetting {
            failed(problem)
            return nil
        }
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
    /// back-off, or a deadline of stopping or forgetting, and at most `keepAliveWake`; nothing once it is over.
    package func timeout(at now: Duration) -> Duration {
        var wake = min(now + policy.keepAliveWake, nextStatePoll, giveUpAt ?? nextStatePoll)
        switch state {
        case .waiting(let at), .leaving(let at): wake = min(wake, at)
        case .finished: return .zero
        default: break
        }
        if let pollAgainAt, now < pollAgainAt { wake = pollAgainAt }
        return max(wake - now, .zero)
    }
}
