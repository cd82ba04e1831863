/// The idle clock's text ("09:41", or as its `ClockFormat` says) and when it next changes. Reading the local
/// time costs more than a frame, so the caller reads it only when `wantsTimeOfDay(at:)` says so: at start and
/// once the second or minute shown has run out.
public struct IdleClock: Sendable, Equatable {
    /// How the time is written.
    public let format: ClockFormat
    /// Whose names of days and months it uses.
    public let language: ClockLanguage
    /// The time shown; empty until the first update.
    public private(set) var text = ""
    /// When the second (with `%S`) or the minute shown runs out, or nil before the first update.
    public private(set) var nextChange: Duration?

    /// A clock that has not been told the time yet.
    public init(format: ClockFormat = .standard, language: ClockLanguage = .en) {
        self.format = format
        self.language = language
    }

    /// Whether `update(localTime:at:)` should be called at `now`.
    public func wantsTimeOfDay(at now: Duration) -> Bool {
        nextChange.map { now >= $0 } ?? true
    }

    /// The wall clock's local time `time`, read at monotonic instant `now`; answers whether the text changed.
    public mutating func update(localTime time: WallTime, at now: Duration) -> Bool {
        // The text changes when the next second or minute begins.
        nextChange = now + (format.showsSeconds ? time.untilNextSecond : time.untilNextMinute)
        let text = format.format(time, language: language)
        guard text != self.text else { return false }
        self.text = text
        return true
    }
}
