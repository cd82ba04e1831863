/// How a sink retries its port: the first wait after a failed open or a lost device, and the longest waits
/// between tries once the device has been seen since start and while it has not.
public struct RetryPolicy: Sendable, Equatable {
    /// The first retry after a failed open or a lost device.
    public var firstRetry: Duration
    /// The longest wait between tries once the device has been seen (so a replug is noticed quickly).
    public var maxRetrySeen: Duration
    /// The longest wait between tries for a device never seen since start.
    public var maxRetryUnseen: Duration

    /// The defaults: retries from 100 ms doubling up to 500 ms (2 s for a device never seen).
    public init(
        firstRetry: Duration = .milliseconds(100), maxRetrySeen: Duration = .milliseconds(500),
        maxRetryUnseen: Duration = .seconds(2)
    ) {
        self.firstRetry = firstRetry
        self.maxRetrySeen = maxRetrySeen
        self.maxRetryUnseen = maxRetryUnseen
    }
}

/// The life of a sink's port, the same for every kind of device: waiting for the port, opening it, retrying
/// with back-off while it cannot be opened, and remembering why it could not, so that each failure is logged
/// once. What happens on an open port (a handshake, a baud switch, streaming) is the composing machine's:
/// `LinkMachine`, `StripLinkMachine`. Pure; time is passed in.
public struct PortMachine: Sendable {
    /// Timings.
    public let policy: RetryPolicy
    /// When the next try to open the port is due; nil while it is open.
    public private(set) var retryAt: Duration? = .zero
    /// Whether the device has been seen since start.
    public private(set) var seen = false
    /// Why the port last failed to open, until it opens.
    public private(set) var failure = ProblemOnce()
    private var retry: Backoff

    /// A machine that tries to open the port at once.
    public init(policy: RetryPolicy = RetryPolicy()) {
        self.policy = policy
        retry = Backoff(initial: policy.firstRetry, maximum: policy.maxRetryUnseen)
    }

    /// Whether the port is open.
    public var isOpen: Bool { retryAt == nil }

    /// Whether the port is closed and the next try to open it is due at `now`.
    public func opensNow(at now: Duration) -> Bool {
        guard let retryAt else { return false }
        return now >= retryAt
    }

    /// The port opened at `now`: the retries start over.
    public mutating func opened(at now: Duration) {
        retryAt = nil
        seen = true
        retry.reset()
        _ = failure.recovered()
    }

    /// Opening failed at `now`, for `problem` when the caller knows it: try again later, backing off. Returns
    /// whether `problem` is news to log (the first failure, or another cause than the last).
    @discardableResult
    public mutating func openFailed(at now: Duration, because problem: String? = nil) -> Bool {
        retry.maximum = seen ? policy.maxRetrySeen : policy.maxRetryUnseen
        retryAt = now + retry.take()
        guard let problem else { return false }
        return failure.failed(problem)
    }

    /// The device went away (hang-up, I/O error) at `now`: the port is closed; try again soon.
    public mutating func lost(at now: Duration) {
        retry.reset()
        retryAt = now + retry.initial
    }
}

/// A machine built on a `PortMachine`, as a serial sink's shell drives its port: the three things that happen
/// to the port. `LinkMachine`, `StripLinkMachine` and `MAX7219LinkMachine` are ones.
package protocol PortLifecycle {
    /// The port's life: waiting, open, retries, the last failure. Settable within the package, so that what
    /// every machine does alike with it is written once, below.
    var port: PortMachine { get set }
    /// The instant the machine next has something to do without a new picture. At or before `now`: at once.
    var nextDeadline: Duration { get }
    /// The port opened at `now`.
    mutating func opened(at now: Duration)
    /// The device went away at `now`: the port is closed.
    mutating func lost(at now: Duration)
}

extension PortLifecycle {
    /// Whether a port is open.
    package var isOpen: Bool { port.isOpen }

    /// Whether the device has been seen since start.
    package var seen: Bool { port.seen }

    /// Opening failed at `now`, for `problem` when the caller knows it: try again later, backing off. Returns
    /// whether `problem` is news to log.
    @discardableResult
    package mutating func openFailed(at now: Duration, because problem: String? = nil) -> Bool {
        port.openFailed(at: now, because: problem)
    }
}

extension LinkMachine: PortLifecycle {}
extension StripLinkMachine: PortLifecycle {}
