/// The connection to an LED controller as a pure state machine, like `LinkMachine` and on the same
/// `PortMachine`: no handshake, an optional baud switch after each open, then whole frames, at least one per
/// `keepalive`. `StripLink` carries it out.
public struct StripLinkMachine: Sendable {
    /// Where the link is.
    public enum State: Equatable, Sendable {
        /// No port open; the next try is due at `retryAt`.
        case waiting(retryAt: Duration)
        /// Port open; the switch byte went out at `sentAt` (nil: not yet).
        case switching(sentAt: Duration?)
        /// Sending frames; the last went out at `lastFrame`.
        case streaming(lastFrame: Duration?)
    }

    /// What the shell should do now.
    public enum Action: Equatable, Sendable {
        /// Nothing this time.
        case idle
        /// Open the port.
        case open
        /// Ask the controller to switch its baud rate.
        case switchBaud
        /// The controller did not confirm the switch in time: follow it anyway.
        case followSwitch
        /// Send the frame.
        case frame
    }

    /// Timings.
    public let policy: StripLinkPolicy
    /// Whether each connection starts with a baud switch.
    public let switchesBaud: Bool
    /// The port's life: waiting, open, retries, the last failure.
    public package(set) var port: PortMachine
    /// Where the link is while the port is open (never `.waiting`).
    private var session = State.streaming(lastFrame: nil)

    /// A machine that tries to open the port at once.
    public init(policy: StripLinkPolicy = StripLinkPolicy(), switchesBaud: Bool) {
        self.policy = policy
        self.switchesBaud = switchesBaud
        port = PortMachine(policy: policy.retry)
    }

    /// Where the link is.
    public var state: State { port.retryAt.map(State.waiting) ?? session }

    /// What to do at `now` with a picture to show. While streaming that is always a frame: the shell is asked
    /// only when the picture changed or `nextDeadline` came.
    public func next(at now: Duration) -> Action {
        switch state {
        case .waiting: port.opensNow(at: now) ? .open : .idle
        case .switching(let sentAt?): now - sentAt >= policy.switchTimeout ? .followSwitch : .idle
        case .switching(nil): .switchBaud
        case .streaming: .frame
        }
    }

    /// The instant the machine next has something to do without a new picture. At or before `now`: at once.
    public var nextDeadline: Duration {
        switch state {
        case .waiting(let retryAt): retryAt
        case .switching(let sentAt?): sentAt + policy.switchTimeout
        case .switching(nil): .zero
        case .streaming(let lastFrame?): lastFrame + policy.keepalive
        case .streaming(nil): .zero
        }
    }

    /// Whether frames are going out.
    public var isStreaming: Bool { if case .streaming = state { true } else { false } }

    /// The port opened at `now`.
    public mutating func opened(at now: Duration) {
        port.opened(at: now)
        session = switchesBaud ? .switching(sentAt: nil) : .streaming(lastFrame: nil)
    }

    /// The device went away at `now`: the port is closed; try again soon.
    public mutating func lost(at now: Duration) {
        port.lost(at: now)
    }

    /// The switch byte went out at `now`.
    public mutating func sentSwitch(at now: Duration) {
        if case .switching = state { session = .switching(sentAt: now) }
    }

    /// The line now runs at the new rate (confirmed, or the wait ran out): stream.
    public mutating func switched() {
        if case .switching = state { session = .streaming(lastFrame: nil) }
    }

    /// A frame went out at `now`.
    public mutating func sentFrame(at now: Duration) {
        if case .streaming = state { session = .streaming(lastFrame: now) }
    }
}
