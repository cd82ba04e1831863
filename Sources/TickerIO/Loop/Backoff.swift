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

extension Duration {
    /// The duration in seconds, for code that keeps time as a `Double`.
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

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
