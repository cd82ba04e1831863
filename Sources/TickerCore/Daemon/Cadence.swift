/// When to do again something that follows the state or the clock — ping the watchdog, send the status, write
/// the state file or the kept state, redraw the terminal: soon after a change, but not sooner than an interval
/// after the last time; and, when asked, again after a refresh time although nothing changed. A small pure
/// value on the caller's clock.
public struct Cadence: Sendable, Equatable {
    /// Whether a change has not been acted on yet.
    public private(set) var owed: Bool
    /// When it was last done.
    public private(set) var last: Duration?

    /// A cadence that has never acted; `owed` (the default) makes the first `due` the start.
    public init(owed: Bool = true) {
        self.owed = owed
    }

    /// Something changed.
    public mutating func changed() { owed = true }

    /// It was done at `now`.
    public mutating func done(at now: Duration) {
        owed = false
        last = now
    }

    /// The change owed needed nothing doing after all (what would be written was written last time): nothing
    /// is owed, and the next time is counted from the last one done.
    public mutating func settled() { owed = false }

    /// When it is due next: at `start` the first time (when owed), then `interval` after the last while a
    /// change is owed, else `refresh` after the last (nil: nothing is due until something changes).
    public func due(from start: Duration, interval: Duration, refresh: Duration?) -> Duration? {
        guard let last else { return owed ? start : nil }
        return owed ? last + interval : refresh.map { last + $0 }
    }
}
