import TickerCore

extension Duration {
    /// Whole milliseconds, rounded up, held to `0...Int32.max`: a `poll(2)` timeout.
    package var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        let millis = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(millis, 0))
    }
}
