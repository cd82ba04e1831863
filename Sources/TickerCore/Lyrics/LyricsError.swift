/// A problem in one line of a lyrics file. Lyrics problems are never fatal: the line (or the part of it named)
/// is skipped and the rest of the file is used.
public enum LyricsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text was longer than the byte limit; everything after it was ignored.
    case fileTooLong(limitBytes: Int)
    /// The file had more lines than the limit; the rest were ignored.
    case tooManyLines(limit: Int)
    /// A line was longer than the raw-line limit and was skipped.
    case lineTooLong(limitScalars: Int)
    /// A line's text was longer than the text limit and was cut.
    case textTruncated(limitScalars: Int)
    /// A line had more word tags than the limit; the rest were treated as plain text.
    case tooManyWords(limit: Int)
    /// A line had more leading timestamps than the limit; the rest were ignored.
    case tooManyTimestamps(limit: Int)
    /// A line had text but no leading timestamp or tag, so it has no place on the timeline.
    case untimedLine(excerpt: String)
    /// A `[..]` or `<..>` that looks like a time but is not one.
    case badTimestamp(String)
    /// An `[offset:]` tag whose value is not a whole number of milliseconds within ±1 day.
    case badOffset(String)
    /// A `[length:]` tag whose value is not `mm:ss` or `mm:ss.xx`.
    case badLength(String)

    /// The message, naming the offending text in quotes and what was expected.
    public var description: String {
        switch self {
        case .fileTooLong(let limit):
            "lyrics longer than \(limit) bytes; the rest is ignored"
        case .tooManyLines(let limit):
            "more than \(limit) lines; the rest are ignored"
        case .lineTooLong(let limit):
            "line longer than \(limit) characters skipped"
        case .textTruncated(let limit):
            "text longer than \(limit) characters cut"
        case .tooManyWords(let limit):
            "more than \(limit) word times; the rest are shown as plain text"
        case .tooManyTimestamps(let limit):
            "more than \(limit) timestamps on one line; the rest are ignored"
        case .untimedLine(let excerpt):
            "line '\(excerpt)' has no timestamp (expected e.g. [00:12.50] before the text)"
        case .badTimestamp(let token):
            "bad timestamp '\(token)' (expected mm:ss, mm:ss.xx or mm:ss.xxx)"
        case .badOffset(let token):
            "bad offset '\(token)' (expected whole milliseconds within ±86400000, e.g. +250)"
        case .badLength(let token):
            "bad length '\(token)' (expected mm:ss or mm:ss.xx)"
        }
    }
}

/// A lyrics problem and the 1-based line of the text it was found on (0 for the text as a whole).
public struct LyricsWarning: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number; 0 when the problem concerns the whole text.
    public var line: Int
    /// What was wrong.
    public var error: LyricsError

    /// Creates a warning.
    public init(line: Int, error: LyricsError) {
        self.line = line
        self.error = error
    }

    /// `line N: message`.
    public var description: String { line > 0 ? "line \(line): \(error)" : "\(error)" }
}
