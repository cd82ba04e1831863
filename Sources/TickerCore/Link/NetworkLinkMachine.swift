/// The link to an LED controller on the network as a pure state machine, on the same `PortMachine` as the
/// serial links: resolve the name (again at every retry: DHCP moves devices), open a socket, then frames
/// paced by the device's cap, at least one per keepalive, the newest picture winning. A failed send (nothing
/// listening, no route) closes the socket and starts over from the lookup; a full buffer drops the frame. Each
/// problem is news once, and over once frames have gone out cleanly for `policy.recovery`, however often the
/// socket was reopened meanwhile. `NetworkLink` carries it out.
public struct NetworkLinkMachine: Sendable {
    /// Where the link is.
    public enum State: Equatable, Sendable {
        /// No socket; the next lookup is due at `retryAt`.
        case waiting(retryAt: Duration)
        /// The name is being looked up.
        case resolving
        /// Sending frames; the last went out at `lastFrame`.
        case streaming(lastFrame: Duration?)
    }

    /// What the shell should do now.
    public enum Action: Equatable, Sendable {
        /// Nothing this time.
        case idle
        /// Start looking the name up; call `resolved` or `resolveFailed` with the answer.
        case resolve
        /// Send the picture.
        case frame
    }

    /// Timings.
    public let policy: NetworkLinkPolicy
    /// The socket's life: waiting, open, retries.
    public private(set) var port: PortMachine
    /// The problem of the moment, logged once.
    public private(set) var problem = ProblemOnce()
    private var resolving = false
    private var lastFrame: Duration?
    /// A picture came too soon after the last frame, or found the buffer full: it goes out at `frameDueAt`.
    private var frameDueAt: Duration?
    /// Since when frames have gone out without an error, while a problem stands.
    private var cleanSince: Duration?

    /// A machine that looks the name up at once.
    public init(policy: NetworkLinkPolicy = NetworkLinkPolicy()) {
        self.policy = policy
        port = PortMachine(policy: policy.retry)
    }

    /// Where the link is.
    public var state: State {
        if resolving { return .resolving }
        if let retryAt = port.retryAt { return .waiting(retryAt: retryAt) }
        return .streaming(lastFrame: lastFrame)
    }

    /// What to do at `now` with a picture to show: the shell asks when the picture changed or `nextDeadline`
    /// came. A picture too soon after the last frame waits for the cap (and the newest then goes).
    public mutating func next(at now: Duration) -> Action {
        switch state {
        case .resolving: return .idle
        case .waiting: return port.opensNow(at: now) ? .resolve : .idle
        case .streaming(let last?):
            if let due = frameDueAt, now < due { return .idle }
            if now < last + policy.minInterval {
                frameDueAt = last + policy.minInterval
                return .idle
            }
            return .frame
        case .streaming(nil): return .frame
        }
    }

    /// The instant the machine next has something to do without a new picture. At or before `now`: at once.
    /// While the name is being looked up: never (the answer wakes the loop).
    public var nextDeadline: Duration {
        switch state {
        case .waiting(let retryAt): retryAt
        case .resolving: .seconds(Int64.max / 4)
        case .streaming(let last?): frameDueAt ?? last + policy.keepalive
        case .streaming(nil): .zero
        }
    }

    /// Whether frames are going out.
    public var isStreaming: Bool { if case .streaming = state { true } else { false } }

    /// The lookup started.
    public mutating func startedResolving() {
        resolving = true
    }

    /// The name resolved and a socket is open at `now`: stream.
    public mutating func resolved(at now: Duration) {
        resolving = false
        port.opened(at: now)
        lastFrame = nil
        frameDueAt = nil
    }

    /// The lookup or the socket failed at `now` for `problem`: try again later, backing off. Returns whether
    /// `problem` is news to log.
    public mutating func resolveFailed(at now: Duration, because problem: String) -> Bool {
        resolving = false
        port.openFailed(at: now)
        cleanSince = nil
        return self.problem.failed(problem)
    }

    /// A whole frame went out at `now`. Returns whether a standing problem is now over (to log once).
    public mutating func sentFrame(at now: Duration) -> Bool {
        lastFrame = now
        frameDueAt = nil
        guard problem.current != nil else { return false }
        guard let since = cleanSince else {
            cleanSince = now
            return false
        }
        return now - since >= policy.recovery ? problem.recovered() : false
    }

    /// The send buffer was full at `now`: the frame is dropped, and the newest picture tried again shortly.
    /// Returns whether that is news to log.
    public mutating func sendBlocked(at now: Duration, because problem: String) -> Bool {
        frameDueAt = now + policy.busyRetry
        cleanSince = nil
        return self.problem.failed(problem)
    }

    /// A send failed at `now` for `problem` (nothing listening, no route): the socket is closed and the name
    /// looked up again after a back-off, so a device that moved to another address is found there. Returns
    /// whether `problem` is news to log.
    public mutating func sendFailed(at now: Duration, because problem: String) -> Bool {
        cleanSince = nil
        port.lost(at: now)
        lastFrame = nil
        frameDueAt = nil
        return self.problem.failed(problem)
    }
}
