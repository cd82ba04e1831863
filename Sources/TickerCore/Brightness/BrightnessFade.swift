/// The brightness the panel is at, moving to each new target over `length` in a straight line (in percent):
/// what the sinks are given at an instant, and when that next changes, so that a daemon wakes as often as a
/// fade needs and sleeps otherwise. Pure; time is passed in.
public struct BrightnessFade: Sendable, Equatable {
    /// How long a change takes; zero changes at once.
    public let length: Duration
    /// The level it is going to, in percent.
    public private(set) var target: Int
    /// The level at `start`, in percent.
    private var from: Double
    /// When the fade to `target` began.
    private var start: Duration = .zero

    /// At `percent` from the start, settled; changes take `length`.
    public init(percent: Int, length: Duration) {
        self.length = max(length, .zero)
        target = Self.clamped(percent)
        from = Double(target)
    }

    /// Sets a new target at `now`: the fade starts from where the level is then. The same target changes nothing.
    public mutating func aim(at percent: Int, at now: Duration) {
        let percent = Self.clamped(percent)
        guard percent != target else { return }
        from = self.percent(at: now)
        target = percent
        start = now
    }

    /// The level at `now`, in percent (0–100, fractions during a fade).
    public func percent(at now: Duration) -> Double {
        let progress = fraction(at: now)
        return from + (Double(target) - from) * progress
    }

    /// The level at `now` on the sinks' scale, 0–255.
    public func level(at now: Duration) -> UInt8 {
        Self.level(percent: percent(at: now))
    }

    /// The first instant after `now` at which `level(at:)` differs from its value at `now`, nil once settled.
    public func nextChange(after now: Duration) -> Duration? {
        guard length > .zero, now < start + length else { return nil }
        let current = level(at: now)
        let end = Self.level(percent: Double(target))
        // A fade only ever moves one way: at the target's level, it stays there.
        guard current != end else { return nil }
        // The percent at which the level (rounded down) leaves the current one, towards the target.
        let boundary = Double(end > current ? Int(current) + 1 : Int(current)) * 100 / 255
        let span = Double(target) - from
        guard span != 0 else { return nil }
        let at = start + length * min(max((boundary - from) / span, 0), 1)
        let candidate = min(max(at, now) + .nanoseconds(1), start + length)
        return Duration.earliest(after: now, upTo: candidate) { level(at: $0) != current }
    }

    /// Where the fade is at `now`: 0 at its start, 1 once done.
    private func fraction(at now: Duration) -> Double {
        guard length > .zero, now < start + length else { return 1 }
        guard now > start else { return 0 }
        return (now - start) / length
    }

    private static func clamped(_ percent: Int) -> Int { min(max(percent, 0), 100) }

    /// 0–100 % as 0–255, rounded down (as a whole percentage always was).
    static func level(percent: Double) -> UInt8 {
        UInt8(min(max((percent * 255 / 100).rounded(.down), 0), 255))
    }
}
