extension Config {
    /// `[brightness]`: the brightness by time of day, over `[panel] brightness`.
    public struct Brightness: Sendable, Equatable {
        /// Levels by local time of day; empty: `[panel] brightness` all day.
        public var schedule = BrightnessSchedule()
        /// How long a change of brightness takes: a scheduled one, or one the feed asks for.
        public var fade: Duration = .seconds(5)
    }
}
