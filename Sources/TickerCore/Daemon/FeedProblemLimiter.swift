/// Feed problems logged at most `limit` a minute: a minute opens with the first problem after the last one
/// closed, and when it ends with problems not logged, one line sums them up — when the next problem comes, or
/// at `summaryDue` if none does. A small pure value; time is passed in. (The link's `ProblemLogLimiter` logs
/// the first few of each kind ever and then summaries, with other lines.)
public struct FeedProblemLimiter: Sendable, Equatable {
    /// Problems logged per minute; the rest are counted and summed up.
    public var limit: Int
    private var inWindow = 0
    private var windowStart: Duration?

    /// A limiter that logs `limit` problems a minute.
    public init(limit: Int) {
        self.limit = limit
    }

    /// A problem at `now`: the summary of the minute before when that minute has ended with problems not
    /// logged, and whether to log this one.
    public mutating func record(at now: Duration) -> (summary: String?, log: Bool) {
        var summary: String?
        if windowStart.map({ now - $0 >= Self.window }) ?? true {
            summary = close()
            windowStart = now
        }
        inWindow += 1
        return (summary, inWindow <= limit)
    }

    /// When the minute of problems ends with some not logged; nil when there is nothing to sum up.
    public var summaryDue: Duration? {
        guard inWindow > limit, let windowStart else { return nil }
        return windowStart + Self.window
    }

    /// Ends the minute: the line that sums up the problems not logged in it, if any.
    public mutating func close() -> String? {
        defer {
            windowStart = nil
            inWindow = 0
        }
        guard inWindow > limit else { return nil }
        return "\(inWindow - limit) more feed errors in the last minute were not logged"
    }

    private static let window = Duration.seconds(60)
}
