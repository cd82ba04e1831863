/// The one way to log a problem once: remembers the problem last reported for one thing (a file, a server, a
/// port), so that a problem that keeps happening is logged when it starts or changes, and its end once.
/// Pure; the caller logs.
public struct ProblemOnce: Sendable, Equatable {
    /// The problem in force, as last reported; nil while all is well.
    public private(set) var current: String?

    /// Nothing has gone wrong yet.
    public init() {}

    /// The thing failed with `problem`: whether that is news to log (the first failure, or another cause than
    /// the last).
    public mutating func failed(_ problem: String) -> Bool {
        defer { current = problem }
        return problem != current
    }

    /// The thing worked: whether it had been failing, so that the recovery is logged.
    public mutating func recovered() -> Bool {
        defer { current = nil }
        return current != nil
    }
}
