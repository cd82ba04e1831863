import TickerCore
import TickerIO

extension ParsedArguments.Given {
    /// The value as a local time of day `H:MM` or `HH:MM` (00:00–23:59), since midnight.
    func timeOfDay() throws(UsageError) -> Duration {
        let parts = (value ?? "").split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else {
            throw UsageError(
                "option '\(name)' got '\(value ?? "")' (expected a local time from 00:00 to 23:59, e.g. 22:30)")
        }
        return .seconds(hours * 3_600 + minutes * 60)
    }
}

/// `brightness 10% at 22:30`: what `render --time-of-day` prints after the picture.
func brightnessLine(_ percent: Int, at timeOfDay: Duration) -> String {
    let minutes = Int(timeOfDay / .seconds(60))
    let clock = (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    return "brightness \(percent)% at \(clock)"
}
