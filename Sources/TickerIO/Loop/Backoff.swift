import TickerCore

extension Duration {
    /// Whole milliseconds, rounded up, held to `0...Int32.max`: a `poll(2)` timeout.
    package var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        let millis = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(millis, 0))
    }

    /// Decimal seconds for a log line: `5 s`, `0.5 s`, `1.25 s` (to the millisecond).
    package var logDescription: String {
        let (seconds, attoseconds) = components
        let millis = attoseconds / 1_000_000_000_000_000
        guard millis != 0 else { return "\(seconds) s" }
        var fraction = String(millis)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction) s"
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
