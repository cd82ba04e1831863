/// Something wrong with a feed line. The line is skipped; the feed goes on.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first word is not a command.
    case unknownCommand(String)
    /// A command that needs an argument got none.
    case missingArgument(command: String, example: String)
    /// A command that takes no argument got one.
    case unexpectedArgument(command: String, argument: String)
    /// A number that does not parse (`expected` says what would).
    case badNumber(String, command: String, expected: String)
    /// A number that parses but lies outside what the command accepts.
    case outOfRange(String, command: String, expected: String)
    /// Text longer than `FeedCommand.maxTextScalars`.
    case textTooLong(command: String, length: Int, limit: Int)
    /// `lyrics` followed by something other than begin, end or clear.
    case unknownLyricsAction(String)
    /// A `message` option that does not exist.
    case unknownOption(String)
    /// A `page` option that does not exist.
    case unknownPageOption(String)
    /// A page name that is not 1 to 32 letters, digits, `-` or `_`.
    case badPageName(String)
    /// A `message --priority` value that does not exist.
    case badPriority(String)
    /// A colour (`--colors`, `--gradient`) that does not parse (`expected` says what would).
    case badColor(String, command: String, expected: String)
    /// Two options of a command that exclude each other (`--rainbow` with `--colors`).
    case conflictingOptions(command: String, String, with: String)
    /// `--colors` runs covering more characters than the text has.
    case colorsBeyondText(command: String, covered: Int, length: Int)
    /// A line longer than the decoder's limit; it was discarded up to the next newline.
    case lineTooLong(limitBytes: Int)
    /// A line that is not valid UTF-8; it was used with U+FFFD in place of the bad bytes.
    case invalidUTF8
    /// A line containing NUL bytes; it was discarded.
    case nulByte
    /// A partial line left by a writer that stopped mid-line; it was discarded.
    case staleFragment
    /// A lyrics block that got no `lyrics end`; it was discarded and the current lyrics kept.
    case lyricsUnterminated(reason: String)
    /// A lyrics block beyond the decoder's limits; it was discarded and the current lyrics kept.
    case lyricsTooLong(limitLines: Int, limitBytes: Int)
    /// `lyrics end` with no block open.
    case lyricsEndWithoutBegin
    /// A problem inside a lyrics block (the line is skipped; the block is still used).
    case lyrics(LyricsError)
    /// A problem with a `picture` command or block (the block is discarded).
    case picture(PictureBlockError)

    /// The message, naming the offending token in quotes and what was expected.
    public var description: String {
        switch self {
        case .unknownCommand(let word):
            "unknown command '\(word)' (expected one of: \(FeedCommand.names.joined(separator: ", ")))"
        case .missingArgument(let command, let example):
            "\(command) needs an argument (e.g. \(example))"
        case .unexpectedArgument(let command, let argument):
            "\(command) takes no argument (got '\(argument)')"
        case .badNumber(let token, let command, let expected):
            "bad number '\(token)' for \(command) (expected \(expected))"
        case .outOfRange(let token, let command, let expected):
            "\(command) '\(token)' out of range (expected \(expected))"
        case .textTooLong(let command, let length, let limit):
            "\(command) text too long (\(length) characters; at most \(limit))"
        case .unknownLyricsAction(let word):
            "unknown lyrics action '\(word)' (expected begin, end or clear)"
        case .unknownOption(let word):
            "unknown message option '\(word)' (expected --for, --priority, --icon, --colors, --rainbow, --gradient, "
                + "--blink, --dismiss or --)"
        case .unknownPageOption(let word):
            "unknown page option '\(word)' (expected --for, --icon, --colors, --rainbow, --gradient, --blink, "
                + "--remove, --show, --next, --previous or --)"
        case .badPageName(let word):
            "bad page name '\(word)' (expected 1 to \(IdlePage.maxNameCharacters) letters, digits, '-' or '_')"
        case .badPriority(let word):
            "bad priority '\(word)' (expected low, normal or high)"
        case .badColor(let token, let command, let expected):
            "bad colour '\(token)' for \(command) (expected \(expected))"
        case .conflictingOptions(let command, let option, let other):
            "\(command) \(option) cannot go with \(other) (one colouring a text)"
        case .colorsBeyondText(let command, let covered, let length):
            "\(command) --colors covers \(covered) characters; the text has \(length)"
        case .lineTooLong(let limit):
            "line longer than \(limit) bytes discarded"
        case .invalidUTF8:
            "invalid UTF-8 replaced with U+FFFD"
        case .nulByte:
            "line with NUL byte discarded"
        case .staleFragment:
            "incomplete line from a writer that stopped mid-line discarded"
        case .lyricsUnterminated(let reason):
            "lyrics block without 'lyrics end' discarded (\(reason)); current lyrics kept"
        case .lyricsTooLong(let lines, let bytes):
            "lyrics block longer than \(lines) lines or \(bytes) bytes discarded; current lyrics kept"
        case .lyricsEndWithoutBegin:
            "'lyrics end' without 'lyrics begin'"
        case .lyrics(let error):
            "lyrics: \(error)"
        case .picture(let error):
            "picture: \(error)"
        }
    }
}
