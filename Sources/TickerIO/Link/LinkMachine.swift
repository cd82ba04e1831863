import TickerWire

/// Timings of the serial link.
public struct LinkPolicy: Sendable, Equatable {
    /// Between two hellos while waiting for the device's info.
    public var helloInterval: Duration
    /// How long to wait for the info before streaming anyway (boards that reset on open need 1.5–2 s).
    public var helloTimeout: Duration
    /// A full frame at least this often, so a device that reset on its own recovers.
    public var fullFrameInterval: Duration
    /// The first retry after a failed open or a lost device.
    public var firstRetry: Duration
    /// The longest wait between tries once the device has been seen (so a replug is noticed quickly).
    public var maxRetrySeen: Duration
    /// The longest wait between tries for a device never seen since start.
    public var maxRetryUnseen: Duration

    /// The defaults: hello every 250 ms for up to 2.5 s, a full frame every second, retries from 100 ms
    /// doubling up to 500 ms (2 s for a device never seen).
    public init(
        helloInterval: Duration = .milliseconds(250), helloTimeout: Duration = .milliseconds(2_500),
        fullFrameInterval: Duration = .seconds(1), firstRetry: Duration = .milliseconds(100),
        maxRetrySeen: Duration = .milliseconds(500), maxRetryUnseen: Duration = .seconds(2)
    ) {
        self.helloInterval = helloInterval
        self.helloTimeout = helloTimeout
        self.fullFrameInterval = fullFrameInterval
        self.firstRetry = firstRetry
        self.maxRetrySeen = maxRetrySeen
        self.maxRetryUnseen = maxRetryUnseen
    }
}

/// The connection to the panel as a pure state machine: it says what to do next, the shell (`PanelLink`) does
/// it and reports back. Time is passed in, so tests drive it on a manual clock.
public struct LinkMachine: Sendable {
    /// Where the link is.
    public enum State: Equatable, Sendable {
        /// No port open; the next try is due at `retryAt`.
        case waiting(retryAt: Duration)
        /// Port open, waiting for the device's info.
        case handshaking(openedAt: Duration, lastHello: Duration?)
        /// Sending frames.
        case streaming(lastFull: Duration?)
    }

    /// What the shell should do now.
    public enum Action: Equatable, Sendable {
        /// Nothing this tick.
        case idle
        /// Open the port.
        case open
        /// Send a hello.
        case hello
        /// Send the frame: whole, or only what changed.
        case frame(full: Bool)
    }

    /// Timings.
    public let policy: LinkPolicy
    /// Where the link is.
    public private(set) var state: State = .waiting(retryAt: .zero)
    /// What the device said about itself, once it has.
    public private(set) var info: DeviceInfo?
    /// Whether the device has been seen since start.
    public private(set) var seen = false
    private var retry: Backoff

    /// A machine that tries to open the port at once.
    public init(policy: LinkPolicy = LinkPolicy()) {
        self.policy = policy
        self.retry = Backoff(initial: policy.firstRetry, maximum: policy.maxRetryUnseen)
    }

    /// Whether a port is open.
    public var isOpen: Bool {
        if case .waiting = state { return false }
        return true
    }

    /// What to do at `now`.
    public func next(at now: Duration) -> Action {
        switch state {
        case .waiting(let retryAt):
            return now >= retryAt ? .open : .idle
        case .handshaking(let openedAt, let lastHello):
            if now - openedAt >= policy.helloTimeout { return .frame(full: true) }
            if let lastHello, now - lastHello < policy.helloInterval { return .idle }
            return .hello
        case .streaming(let lastFull):
            guard let lastFull else { return .frame(full: true) }
            return .frame(full: now - lastFull >= policy.fullFrameInterval)
        }
    }

    /// The instant the machine next has something to do without a new frame: the next try to open, the next
    /// hello or the end of the wait for the device's info, the next full frame that keeps the device in step.
    /// At or before `now` means at once.
    public var nextDeadline: Duration {
        switch state {
        case .waiting(let retryAt):
            return retryAt
        case .handshaking(let openedAt, let lastHello):
            let timeout = openedAt + policy.helloTimeout
            guard let lastHello else { return openedAt }
            return min(timeout, lastHello + policy.helloInterval)
        case .streaming(let lastFull):
            guard let lastFull else { return .zero }
            return lastFull + policy.fullFrameInterval
        }
    }

    /// The port opened at `now`.
    public mutating func opened(at now: Duration) {
        state = .handshaking(openedAt: now, lastHello: nil)
        info = nil
        seen = true
        retry.reset()
    }

    /// Opening failed at `now`: try again later, backing off.
    public mutating func openFailed(at now: Duration) {
        retry.maximum = seen ? policy.maxRetrySeen : policy.maxRetryUnseen
        state = .waiting(retryAt: now + retry.take())
    }

    /// The device went away (hang-up, I/O error) at `now`: the port is closed; try again soon.
    public mutating func lost(at now: Duration) {
        retry.reset()
        state = .waiting(retryAt: now + retry.initial)
        info = nil
    }

    /// A hello went out at `now`.
    public mutating func sentHello(at now: Duration) {
        if case .handshaking(let openedAt, _) = state { state = .handshaking(openedAt: openedAt, lastHello: now) }
    }

    /// The device described itself at `now`: start streaming with a full frame.
    public mutating func received(_ info: DeviceInfo, at now: Duration) {
        self.info = info
        if case .handshaking = state { state = .streaming(lastFull: nil) }
    }

    /// A frame went out at `now` (whole or in part).
    public mutating func sentFrame(full: Bool, at now: Duration) {
        switch state {
        case .handshaking:
            // The hello timed out: stream without the device's info.
            state = .streaming(lastFull: now)
        case .streaming(let lastFull):
            state = .streaming(lastFull: full ? now : lastFull)
        case .waiting:
            break
        }
    }

    /// The device must get a full frame next (it reset, or a frame was lost half written).
    public mutating func needFullFrame() {
        if case .streaming = state { state = .streaming(lastFull: nil) }
    }
}
