extension Duration {
    /// The first instant in `start <.. candidate` at which `reached` holds, for a condition that does not hold
    /// at `start` and, once it holds, holds on: found by halving, to the attosecond, so that an instant computed
    /// in floating point (`candidate`) is never taken a hair too late. `candidate` itself when the condition
    /// does not hold there yet (the candidate is then early, which callers allow) or it is not after `start`.
    static func earliest(after start: Duration, upTo candidate: Duration, where reached: (Duration) -> Bool)
        -> Duration
    {
        guard candidate > start, reached(candidate) else { return candidate }
        var before = start.attosecondCount
        var after = candidate.attosecondCount
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if reached(Duration(attosecondCount: middle)) { after = middle } else { before = middle }
        }
        return Duration(attosecondCount: after)
    }
}
