/// When to write a file that follows the state (the kept state): soon after a change, but not sooner than an
/// interval after the last write; and, when asked, again after a refresh time although nothing changed, so
/// that the file's time stays close to now. A small pure value on the caller's clock.
struct WriteCadence: Sendable, Equatable {
    /// Whether a change has not been written yet; true at first, so the first wake-up writes.
    private(set) var owed = true
    /// When the last write was.
    private(set) var last: Duration?

    /// The state changed.
    mutating func changed() { owed = true }

    /// The file was written at `now`.
    mutating func wrote(at now: Duration) {
        owed = false
        last = now
    }

    /// When the next write is due: at `start` for the first, then `interval` after the last when a change is
    /// owed, else `refresh` after it (nil: nothing is due until the state changes).
    func due(from start: Duration, interval: Duration, refresh: Duration?) -> Duration? {
        guard let last else { return start }
        if owed { return last + interval }
        return refresh.map { last + max($0, interval) }
    }
}
