import TickerCore
import TickerIO

/// The idle screen's options of `tickerctl render`: `--page NAME=TEXT` and `--now YYYY-MM-DDTHH:MM[:SS]`.
enum RenderIdle {
    /// A page from `NAME=TEXT`, read as the daemon reads `page NAME TEXT`.
    static func page(_ value: String) throws(UsageError) -> IdlePage {
        guard let equals = value.firstIndex(of: "=") else {
            throw UsageError("option '--page': '\(value)' is not NAME=TEXT")
        }
        let line = "page " + value[..<equals] + " " + value[value.index(after: equals)...]
        let command: FeedCommand?
        do {
            command = try FeedCommand.parse(line)
        } catch {
            throw UsageError("option '--page': \(error)")
        }
        guard case .page(let page)? = command else { throw UsageError("option '--page': '\(value)' is not NAME=TEXT") }
        return page
    }

    /// A feed line sent some seconds in, from `S=LINE`: the line read as the daemon reads it.
    static func feed(_ value: String) throws(UsageError) -> Preview.TimedCommand {
        let problem = UsageError("option '--feed': '\(value.prefix(40))' is not SECONDS=LINE, e.g. 2='message Tea'")
        guard let equals = value.firstIndex(of: "=") else { throw problem }
        guard let at = Duration(decimalSeconds: String(value[..<equals])), at >= .zero, at <= .seconds(86_400) else {
            throw problem
        }
        let command: FeedCommand?
        do {
            command = try FeedCommand.parse(String(value[value.index(after: equals)...]))
        } catch {
            throw UsageError("option '--feed': \(error)")
        }
        guard let command else { throw problem }
        return Preview.TimedCommand(at: at, command: command)
    }

    /// A local wall time from `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`, each part in its range.
    static func wallTime(_ value: String) throws(UsageError) -> WallTime {
        let problem = UsageError(
            "option '--now': '\(value)' is not a local date and time YYYY-MM-DDTHH:MM[:SS], e.g. 2026-12-24T07:30")
        let parts = value.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw problem }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        func number(_ text: Substring, digits: Int, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
            guard text.utf8.count == digits, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text),
                range.contains(value)
            else { throw problem }
            return value
        }
        guard date.count == 3, time.count == 2 || time.count == 3 else { throw problem }
        let year = try number(date[0], digits: 4, 1...9_999)
        let month = try number(date[1], digits: 2, 1...12)
        let day = try number(date[2], digits: 2, 1...31)
        // The day must exist in its month: the 31st of April reads as the 1st of May otherwise.
        let moved = WallTime(year: year, month: month, day: day, weekday: 0, hour: 0, minute: 0).advanced(bySeconds: 0)
        guard moved.month == month, moved.day == day else { throw problem }
        return WallTime(
            year: year, month: month, day: day, weekday: WallTime.weekday(year: year, month: month, day: day),
            hour: try number(time[0], digits: 2, 0...23), minute: try number(time[1], digits: 2, 0...59),
            second: time.count == 3 ? try number(time[2], digits: 2, 0...59) : 0)
    }
}
