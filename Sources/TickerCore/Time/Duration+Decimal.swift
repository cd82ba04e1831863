extension Duration {
    /// The duration in decimal seconds, cut (not rounded) to `fractionDigits` places (0 to 18), with no
    /// trailing zeros and no point when nothing follows it: `12`, `12.5`, `0.00025`. The feed writes times this
    /// way with 6 places, the logs with 3.
    package func decimalSeconds(fractionDigits: Int) -> String {
        let (wholeSeconds, attoseconds) = components
        var unit: Int64 = 1_000_000_000_000_000_000
        for _ in 0..<fractionDigits { unit /= 10 }
        let fraction = attoseconds / unit
        guard fraction != 0 else { return "\(wholeSeconds)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: fractionDigits - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(wholeSeconds).\(digits)"
    }

    /// Reads decimal seconds (`12`, `4.6`, `.25`, no sign) to the microsecond, as the feed and the configuration
    /// read times; nil for anything else. Exact where `.seconds(4.6)` is not: a `Double` holds 4.6 a few hundred
    /// attoseconds short.
    package init?(decimalSeconds text: String) {
        guard let micros = FeedScan.micros(Array(text.unicodeScalars)[...]) else { return nil }
        self = .microseconds(micros)
    }

    /// Decimal seconds for a log line: `5 s`, `0.5 s`, `1.25 s` (to the millisecond).
    package var logDescription: String { "\(decimalSeconds(fractionDigits: 3)) s" }
}
