/// The idle clock's text ("09:41") and when it next changes. Reading the local time costs more than a frame,
/// so the caller reads it only when `wantsTimeOfDay(at:)` says so: at start and once the minute has run out.
public struct IdleClock: Sendable, Equatable {
    /// The time of day shown, `HH:MM`; empty until the first update.
    public private(set) var text = ""
    /// When the minute shown runs out, or nil before the first update.
    public private(set) var nextMinute: Duration?

    /// A clock that has not been told the time yet.
    public init() {}

    /// Whether `update(timeOfDay:at:)` should be called at `now`.
    public func wantsTimeOfDay(at now: Duration) -> Bool {
        nextMinute.map { now >= $0 } ?? true
    }

    /// The wall clock's `timeOfDay` (since midnight) read at monotonic instant `now`; answers whether the text
    /// changed.
    public mutating func update(timeOfDay: Duration, at now: Duration) -> Bool {
        let (seconds, attoseconds) = timeOfDay.components
        let minuteOfDay = Int(seconds / 60) % (24 * 60)
        let hours = minuteOfDay / 60
        let minutes = minuteOfDay % 60
        let text = (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
        // The text changes when the next minute begins.
        let intoMinute = Duration.seconds(seconds % 60) + .nanoseconds(attoseconds / 1_000_000_000)
        nextMinute = now + (.seconds(60) - intoMinute)
        guard text != self.text else { return false }
        self.text = text
        return true
    }
}
