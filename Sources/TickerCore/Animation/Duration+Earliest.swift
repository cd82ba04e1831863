extension Duration {
    /// The sooner of two instants, either of which may be nil (none); nil when both are.
    package static func sooner(_ a: Duration?, _ b: Duration?) -> Duration? {
        guard let a, let b else { return a ?? b }
        return min(a, b)
    }

    /// The first instant in `start <.. candidate` at which `reached` holds, for a condition that does not hold
    /// at `start` and, once it holds, holds on: found to the attosecond, so that an instant computed in floating
    /// point (`candidate`) is never taken a hair too late. `candidate` itself when the condition does not hold
    /// there yet (the candidate is then early, which callers allow) or it is not after `start`.
    ///
    /// The candidate lies within a few rounding steps of the answer, so the answer is looked for just before it,
    /// in steps that double from about a femtosecond until one falls short, and that last step is then halved:
    /// the condition is asked a dozen times or so, where halving all the way from `start` asks it some fifty.
    static func earliest(after start: Duration, upTo candidate: Duration, where reached: (Duration) -> Bool)
        -> Duration
    {
        guard candidate > start, reached(candidate) else { return candidate }
        var before = start.attosecondCount
        var after = candidate.attosecondCount
        var step: Int128 = 1 << 10
        while after - before > step {
            let probe = after - step
            guard reached(Duration(attosecondCount: probe)) else {
                before = probe
                break
            }
            after = probe
            step *= 2
        }
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if reached(Duration(attosecondCount: middle)) { after = middle } else { before = middle }
        }
        return Duration(attosecondCount: after)
    }
}
