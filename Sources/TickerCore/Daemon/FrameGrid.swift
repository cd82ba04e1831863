/// The instants the daemon draws at: `origin + k / fps` for every whole `k`, so that motion stays evenly paced
/// whatever woke the loop before. A small pure value; instants are monotonic `Duration`s.
public struct FrameGrid: Sendable, Equatable {
    /// Grid instant number 0.
    public let origin: Duration
    /// Frames per second: the grid's pitch (at least 1 is used).
    public let framesPerSecond: Int

    /// The grid instant number `index`: `origin + index / fps` seconds, to the attosecond (rounded toward
    /// zero, as `Duration`'s division does).
    public func instant(_ index: Int64) -> Duration {
        origin + Duration(attosecondCount: Int128(index) * Self.attosecondsPerSecond / rate)
    }

    /// The last grid instant at or before `instant`.
    public func floor(_ instant: Duration) -> Duration {
        self.instant(index(atOrBefore: instant))
    }

    /// The first grid instant at or after `instant`.
    public func ceiling(_ instant: Duration) -> Duration {
        let index = index(atOrBefore: instant)
        let floor = self.instant(index)
        return floor == instant ? floor : self.instant(index + 1)
    }

    /// The first grid instant at or after `target` and after the grid instant `now` falls in: where a loop that
    /// woke at `now` wakes next to meet `target`.
    public func instant(atOrAfter target: Duration, after now: Duration) -> Duration {
        let index = index(atOrBefore: now)
        let instant = ceiling(max(target, now))
        return instant > self.instant(index) ? instant : self.instant(index + 1)
    }

    /// The grid's arithmetic is done on whole attoseconds (`Int128`), in a few instructions. It runs several
    /// times on every wake-up; done with `Duration`'s own division and conversion to `Double` (calls into the
    /// runtime), it took a sixth of the daemon's time in user space.
    private func index(atOrBefore instant: Duration) -> Int64 {
        let offset = (instant - origin).attosecondCount
        let fps = rate
        // index × 10¹⁸ / fps ≤ offset: the quotient below, rounded toward minus infinity, then settled against
        // the rounding of `instant(_:)`.
        var product = offset * fps
        if product < 0 { product -= Self.attosecondsPerSecond - 1 }
        var index = Int64(clamping: product / Self.attosecondsPerSecond)
        while self.instant(index) > instant { index -= 1 }
        while self.instant(index + 1) <= instant { index += 1 }
        return index
    }

    private static let attosecondsPerSecond: Int128 = 1_000_000_000_000_000_000

    private var rate: Int128 { Int128(max(framesPerSecond, 1)) }
}
