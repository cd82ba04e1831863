/// The link to a chain of MAX7219 chips on an SPI bus, as a pure machine on a `PortMachine`: no handshake
/// (the chips never answer), so once the device opens the chips are set up at once, then frames; and the chips
/// are set up again every `reinitialiseEvery`, because a glitch on the line can leave a chip in display test
/// or shut down, and nothing reads them back to notice. `MAX7219Link` carries it out.
public struct MAX7219LinkMachine: Sendable, PortLifecycle {
    /// What the shell should do now.
    public enum Action: Equatable, Sendable {
        /// Nothing this time.
        case idle
        /// Open the device.
        case open
        /// Set every chip up again, then send every row of the picture.
        case initialise
        /// Send the rows of the picture that changed.
        case frame
    }

    /// How often the chips are set up again.
    public let reinitialiseEvery: Duration
    /// The port's life: waiting, open, retries, the last failure.
    public package(set) var port: PortMachine
    /// When the chips were last set up on this connection; nil: not yet.
    public private(set) var initialisedAt: Duration?

    /// A machine that tries to open the device at once.
    public init(reinitialiseEvery: Duration = .seconds(5), retry: RetryPolicy = RetryPolicy()) {
        self.reinitialiseEvery = reinitialiseEvery
        port = PortMachine(policy: retry)
    }

    /// What to do at `now` with a picture to show.
    public func next(at now: Duration) -> Action {
        guard port.isOpen else { return port.opensNow(at: now) ? .open : .idle }
        guard let initialisedAt, now - initialisedAt < reinitialiseEvery else { return .initialise }
        return .frame
    }

    /// The instant the machine next has something to do without a new picture: the retry, or the next
    /// re-initialisation. At or before `now`: at once.
    public var nextDeadline: Duration {
        if let retryAt = port.retryAt { return retryAt }
        return initialisedAt.map { $0 + reinitialiseEvery } ?? .zero
    }

    /// The device opened at `now`: the chips are to be set up.
    public mutating func opened(at now: Duration) {
        port.opened(at: now)
        initialisedAt = nil
    }

    /// The device went away at `now`: closed; try again soon.
    public mutating func lost(at now: Duration) {
        port.lost(at: now)
        initialisedAt = nil
    }

    /// What the chips show is no longer known (a transaction did not go out): set them up again at once.
    public mutating func lostStep() {
        initialisedAt = nil
    }

    /// The chips were set up at `now`.
    public mutating func initialised(at now: Duration) {
        if port.isOpen { initialisedAt = now }
    }
}
