/// A problem in the configuration. The file parser collects every one it finds.
public enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A line that is neither `[section]`, `key = value`, blank nor a comment.
    case syntax(String)
    /// A `"` with no closing `"`, or text after the closing one.
    case badQuoting(String)
    /// A `[section]` that does not exist.
    case unknownSection(String, suggestion: String?)
    /// A key that its section does not have.
    case unknownKey(section: String, key: String, suggestion: String?)
    /// A key before any `[section]`.
    case keyOutsideSection(String)
    /// A key given twice in the same file.
    case duplicateKey(section: String, key: String, firstLine: Int)
    /// A value the key does not accept.
    case badValue(section: String, key: String, value: String, expected: String)
    /// A part of a value the key does not accept: `found` at `column` (1-based, in characters of the value).
    case badPart(section: String, key: String, column: Int, found: String, expected: String)
    /// Settings that cannot work together.
    case conflict(String)
    /// A file longer than `Config.maxFileBytes`.
    case fileTooLong(limitBytes: Int)
    /// A command-line override not of the form `section.key=value`.
    case badOverride(String)

    /// The message, naming the offending text in quotes and what was allowed.
    public var description: String {
        switch self {
        case .syntax(let text):
            "expected '[section]', 'key = value' or a comment, got '\(text)'"
        case .badQuoting(let text):
            "bad quoting in '\(text)' (expected \"text\" with \\\" and \\\\ inside, then nothing but a comment)"
        case .unknownSection(let name, let suggestion):
            "unknown section '[\(name)]'" + Self.hint(suggestion.map { "[\($0)]" })
                + " (expected one of: \(ConfigKeys.sections.map { "[\($0)]" }.joined(separator: ", ")))"
        case .unknownKey(let section, let key, let suggestion):
            "unknown key '\(key)' in [\(section)]" + Self.hint(suggestion)
                + " (expected one of: \(ConfigKeys.keys(in: section).joined(separator: ", ")))"
        case .keyOutsideSection(let key):
            "key '\(key)' before any [section]"
        case .duplicateKey(let section, let key, let firstLine):
            "duplicate key '\(key)' in [\(section)] (first set on line \(firstLine))"
        case .badValue(let section, let key, let value, let expected):
            "bad value '\(value)' for \(section).\(key) (expected \(expected))"
        case .badPart(let section, let key, let column, let found, let expected):
            (found.isEmpty ? "nothing" : "'\(found)'")
                + " at column \(column) of \(section).\(key) (expected \(expected))"
        case .conflict(let text):
            text
        case .fileTooLong(let limit):
            "file longer than \(limit) bytes"
        case .badOverride(let text):
            "bad override '\(text)' (expected section.key=value, e.g. marquee.speed=40)"
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}

/// A configuration problem and where it was found.
public struct ConfigIssue: Sendable, Equatable, CustomStringConvertible {
    /// The file name as given to the parser, or `command line` for overrides.
    public var file: String
    /// The 1-based line; 0 for the file as a whole or an override.
    public var line: Int
    /// What was wrong.
    public var error: ConfigError

    /// `file:line: message`.
    public var description: String { line > 0 ? "\(file):\(line): \(error)" : "\(file): \(error)" }
}

/// Every problem found in a configuration, in file order.
public struct ConfigErrors: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems; never empty when thrown or returned as a failure.
    public var issues: [ConfigIssue]

    /// Creates the list.
    public init(_ issues: [ConfigIssue]) {
        self.issues = issues
    }

    /// One problem per line.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
