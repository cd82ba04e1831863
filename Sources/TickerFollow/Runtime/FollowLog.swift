import Glibc

/// Where a follower reports what happens to it: connections made and lost, feed trouble. Library code
/// never writes to stderr itself; the caller picks the sink.
public struct FollowLog: Sendable {
    /// How much a line matters; maps to syslog priorities for journald.
    public enum Level: Int32, Sendable {
        /// Something failed and was given up on.
        case error = 3
        /// Something failed and will be retried.
        case warning = 4
        /// A state change worth a line (connected, reconnected).
        case info = 6
    }

    private let sink: @Sendable (Level, String) -> Void

    /// A log that hands every line to `sink`.
    public init(_ sink: @escaping @Sendable (Level, String) -> Void) {
        self.sink = sink
    }

    /// Writes one line.
    public func callAsFunction(_ level: Level, _ message: String) {
        sink(level, message)
    }

    /// Lines to stderr, prefixed `<N>` with the syslog priority when journald reads stderr
    /// (`JOURNAL_STREAM` set), and with `tickerctl follow:` otherwise.
    public static let standardError = FollowLog { level, message in
        let prefix = getenv("JOURNAL_STREAM") != nil ? "<\(level.rawValue)>" : "tickerctl follow: "
        let bytes = Array((prefix + message + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// A log that drops everything.
    public static let silent = FollowLog { _, _ in }
}
