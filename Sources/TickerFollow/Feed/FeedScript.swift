// The fuzz build compiles TickerIO into the same module.
#if canImport(TickerIO)
import TickerIO
#endif

/// Spells feed commands: pure functions from values to the text of feed lines.
public enum FeedScript {
    /// `title`, `artist`, `album` (each sanitised to one line) and `duration` when known.
    public static func trackLines(_ track: Track) -> [String] {
        var lines = [
            "title " + FeedLines.sanitize(track.title),
            "artist " + FeedLines.sanitize(track.artist),
            "album " + FeedLines.sanitize(track.album),
        ]
        if let duration = track.durationSeconds, duration.isFinite, duration > 0 {
            lines.append("duration " + seconds(duration))
        }
        return lines
    }

    /// A `lyrics begin` … `lyrics end` block holding the non-empty lines of `lrc`, or `lyrics clear`
    /// when there are none. Lines that would end the block early (`lyrics end`) are left out.
    public static func lyricsLines(_ lrc: String?) -> [String] {
        guard let lrc else { return ["lyrics clear"] }
        var body: [String] = []
        for raw in lrc.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = FeedLines.sanitize(String(raw))
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.isEmpty || trimmed.hasPrefix("lyrics ") { continue }
            body.append(line)
        }
        if body.isEmpty { return ["lyrics clear"] }
        return ["lyrics begin"] + body + ["lyrics end"]
    }

    /// `position S` with millisecond precision.
    public static func positionLine(_ positionSeconds: Double) -> String {
        "position " + seconds(positionSeconds)
    }

    /// Formats non-negative seconds with at most three decimals and no trailing zeros: `12.5`, `3`, `0.042`.
    public static func seconds(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        // Beyond a few years a position is nonsense anyway; the cap keeps the integer conversion safe.
        let millis = Int((min(value, 1e9) * 1000).rounded())
        let whole = millis / 1000
        var fraction = millis % 1000
        if fraction == 0 { return String(whole) }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return String(whole) + "." + String(repeating: "0", count: digits - text.count) + text
    }
}
