/// What the feed decoder makes of the bytes it is given: commands, and problems reported as values.
public enum FeedEvent: Sendable, Equatable {
    /// A command, and the line it ended on (counted from 1 since the decoder started).
    case command(FeedCommand, line: Int)
    /// A problem; the input it concerns was skipped (or, for invalid UTF-8, repaired).
    case problem(FeedProblem)
}

/// A feed problem, where it happened, and the input it was about.
public struct FeedProblem: Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var error: FeedError
    /// The line it concerns, counted from 1 since the decoder started.
    public var line: Int
    /// The start of the offending input, control characters escaped, at most 40 characters; may be empty.
    public var excerpt: String

    /// Creates a problem report.
    public init(_ error: FeedError, line: Int, excerpt: String) {
        self.error = error
        self.line = line
        self.excerpt = excerpt
    }

    /// `feed line N: message (in 'excerpt')`.
    public var description: String {
        "feed line \(line): \(error)" + (excerpt.isEmpty ? "" : " (in '\(excerpt)')")
    }
}
