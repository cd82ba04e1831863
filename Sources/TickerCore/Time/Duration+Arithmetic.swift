// `Duration`'s own division and scaling go through a 128-bit integer type of the standard library that is not
// inlined, and `Double(Int128)` through its generic, unspecialised conversion: dozens of calls into the
// runtime each. The scene converts between durations and seconds several times per frame, on every wake-up of
// an otherwise sleeping daemon, so it converts 64-bit halves instead, with the processor's own conversions.
// The results differ from `Duration`'s by a few units in the last place of a `Double`: far below the
// microsecond by which the scene's next-change instants are taken early.

extension Duration {
    /// The duration in seconds (`self / .seconds(1)`, to within a few units in the last place), for code that
    /// keeps time as a `Double`.
    @inlinable package var inSeconds: Double {
        Self.double(attosecondCount) / 1e18
    }

    /// `self / other`, to within a few units in the last place.
    @inlinable package func ratio(to other: Duration) -> Double {
        Self.double(attosecondCount) / Self.double(other.attosecondCount)
    }

    /// The duration in attoseconds. Swift 6.2 reads them straight from the duration (SE-0457); older
    /// toolchains have only the components, through a call into the runtime (about 40 ns on the build
    /// machine), which give the same count.
    @inlinable package var attosecondCount: Int128 {
        #if compiler(>=6.2)
            return attoseconds
        #else
            let (seconds, attoseconds) = components
            return Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
        #endif
    }

    /// A duration of `count` attoseconds (its seconds clamped to a 64-bit count before Swift 6.2).
    @inlinable package init(attosecondCount count: Int128) {
        #if compiler(>=6.2)
            self.init(attoseconds: count)
        #else
            let (seconds, attoseconds) = count.quotientAndRemainder(dividingBy: 1_000_000_000_000_000_000)
            self.init(secondsComponent: Int64(clamping: seconds), attosecondsComponent: Int64(attoseconds))
        #endif
    }

    /// `.seconds(seconds)`, to within a few units in the last place of `seconds`.
    @inlinable package static func fromSeconds(_ seconds: Double) -> Duration {
        let whole = seconds.rounded(.towardZero)
        return Duration(secondsComponent: Int64(whole), attosecondsComponent: Int64((seconds - whole) * 1e18))
    }

    /// `self * factor`, to within a few units in the last place.
    @inlinable package func scaled(by factor: Double) -> Duration {
        .fromSeconds(inSeconds * factor)
    }

    /// A 128-bit count as a `Double`: exact up to 2⁵³, otherwise within a unit in the last place.
    @usableFromInline static func double(_ value: Int128) -> Double {
        let magnitude = value.magnitude
        let high = UInt64(truncatingIfNeeded: magnitude >> 64)
        let low = UInt64(truncatingIfNeeded: magnitude)
        let result = high == 0 ? Double(low) : Double(high) * 0x1p64 + Double(low)
        return value < 0 ? -result : result
    }
}
