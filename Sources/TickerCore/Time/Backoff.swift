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
