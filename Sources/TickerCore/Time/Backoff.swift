/// Retry delays that double from `initial` up to `maximum`, and start over after a success: the one back-off
/// of every retry loop (the panel link, the followers' players and feed).
package struct Backoff: Sendable, Equatable {
    /// The first delay, and the delay after `reset()`.
    package let initial: Duration
    /// The longest delay; may be changed between tries.
    package var maximum: Duration
    /// The delay the next `take()` returns.
    package private(set) var next: Duration

    /// Delays from `initial`, doubling up to `maximum`.
    package init(initial: Duration, maximum: Duration) {
        self.initial = initial
        self.maximum = maximum
        next = min(initial, maximum)
    }

    /// The delay to wait now; the following one is twice as long, up to `maximum`.
    package mutating func take() -> Duration {
        let delay = min(next, maximum)
        next = min(delay * 2, maximum)
        return delay
    }

    /// Starts over from `initial` (after a success).
    package mutating func reset() {
        next = min(initial, maximum)
    }
}

/// What a retry loop remembers between tries: its back-off, and the last problem, so that trouble is logged
/// once per change rather than at every try. The one retry policy of the followers (player, feed, child
/// process); the sinks' `PortMachine` keeps a `Backoff` of its own.
package struct Retry: Sendable {
    /// The delays between tries.
    package var backoff: Backoff
    /// Why the last try failed, until one succeeds.
    package private(set) var problem = ProblemOnce()

    /// A loop that has not failed yet; delays from 0.5 s doubling to 5 s unless told otherwise.
    package init(backoff: Backoff = Backoff(initial: .milliseconds(500), maximum: .seconds(5))) {
        self.backoff = backoff
    }

    /// A try failed because of `problem`: the delay before the next try, and whether `problem` is news (a
    /// first failure, or another cause than the last), to be logged.
    package mutating func failed(_ problem: String) -> (delay: Duration, isNew: Bool) {
        let isNew = self.problem.failed(problem)
        return (backoff.take(), isNew)
    }

    /// A try succeeded: the delays start over. Returns whether tries had been failing, so the recovery can be
    /// logged.
    @discardableResult
    package mutating func succeeded() -> Bool {
        backoff.reset()
        return problem.recovered()
    }
}
