import TickerWire

/// The connection to the panel as a pure state machine: it says what to do next, the shell (`PanelLink`) does
/// it and reports back. The port's life (waiting, opening, retrying) is a `PortMachine`'s; this adds the
/// handshake and the full frames on an open port. Time is passed in, so tests drive it on a manual clock.
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
    /// The port's life: waiting, open, retries, the last failure.
    public package(set) var port: PortMachine
    /// What the device said about itself, once it has.
    public private(set) var info: DeviceInfo?
    /// Where the link is while the port is open (never `.waiting`).
    private var session = State.streaming(lastFull: nil)

    /// A machine that tries to open the port at once.
    public init(policy: LinkPolicy = LinkPolicy()) {
        self.policy = policy
        port = PortMachine(policy: policy.retry)
    }

    /// Where the link is.
    public var state: State { port.retryAt.map(State.waiting) ?? session }

    /// What to do at `now`.
    public func next(at now: Duration) -> Action {
        switch state {
        case .waiting:
            return port.opensNow(at: now) ? .open : .idle
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

    /// Whether frames are going out.
    public var isStreaming: Bool { if case .streaming = state { true } else { false } }

    /// The port opened at `now`.
    public mutating func opened(at now: Duration) {
        port.opened(at: now)
        session = .handshaking(openedAt: now, lastHello: nil)
        info = nil
    }

    /// The device went away (hang-up, I/O error) at `now`: the port is closed; try again soon.
    public mutating func lost(at now: Duration) {
        port.lost(at: now)
        info = nil
    }

    /// A hello went out at `now`.
    public mutating func sentHello(at now: Duration) {
        if case .handshaking(let openedAt, _) = state { session = .handshaking(openedAt: openedAt, lastHello: now) }
    }

    /// The device described itself at `now`: start streaming with a full frame.
    public mutating func received(_ info: DeviceInfo, at now: Duration) {
        self.info = info
        if case .handshaking = state { session = .streaming(lastFull: nil) }
    }

    /// A frame went out at `now` (whole or in part).
    public mutating func sentFrame(full: Bool, at now: Duration) {
        switch state {
        case .handshaking:
            // The hello timed out: stream without the device's info.
            session = .streaming(lastFull: now)
        case .streaming(let lastFull):
            session = .streaming(lastFull: full ? now : lastFull)
        case .waiting:
            break
        }
    }

    /// The device must get a full frame next (it reset, or a frame was lost half written).
    public mutating func needFullFrame() {
        if case .streaming = state { session = .streaming(lastFull: nil) }
    }
}
