/// One command of the feed, as written on one line of the named pipe (see docs/FEED.md).
///
/// Times are `Duration`s from the start of the track; on the wire they are decimal seconds with up to six
/// fraction digits.
public enum FeedCommand: Sendable, Equatable {
    /// `title <text>`: starts a new track with this title (empty text: no title).
    case title(String)
    /// `artist <text>`.
    case artist(String)
    /// `album <text>`.
    case album(String)
    /// `duration <seconds>`: the track's length.
    case duration(Duration)
    /// `text <text>`: a free line shown instead of artist and title (empty text removes it).
    case text(String)
    /// `position <seconds>`: where playback is now.
    case position(Duration)
    /// `play`.
    case play
    /// `pause`.
    case pause
    /// `stop`: position back to zero.
    case stop
    /// `lyrics begin`: the start of an LRC block (handled by `FeedDecoder`).
    case lyricsBegin
    /// `lyrics end`: the end of an LRC block (handled by `FeedDecoder`).
    case lyricsEnd
    /// A complete lyrics block, produced by `FeedDecoder` at `lyrics end`.
    case lyrics(ParsedLyrics)
    /// `lyrics clear`.
    case lyricsClear
    /// `message [--for <seconds>] [--priority low|normal|high] [--icon <name>] [look options] <text>`;
    /// `duration` nil means the default, `icon` nil the message role's icon, `look` nil the role's colour (see
    /// `TextLook` for `--colors`, `--rainbow`, `--gradient`, `--blink`).
    case message(String, duration: Duration?, priority: MessagePriority, icon: String? = nil, look: TextLook? = nil)
    /// `message --dismiss`: removes the message shown now; the next one shows, as when it expires.
    case messageDismiss
    /// `brightness <0-100>`, in percent.
    case brightness(Int)
    /// `brightness auto`: back to the configured brightness, the schedule's when there is one.
    case brightnessAuto
    /// `clear`: forget the track, lyrics, text and messages.
    case clear
    /// `picture begin <name> <width>x<height>`: the start of a picture block (handled by `FeedDecoder`).
    case pictureBegin(name: String, width: Int, height: Int)
    /// `picture end`: the end of a picture block (handled by `FeedDecoder`).
    case pictureEnd
    /// A complete picture block, produced by `FeedDecoder` at `picture end`.
    case picture(FeedPicture)
    /// `picture remove <name>`: forget the picture of that name.
    case pictureRemove(String)
    /// `page [--for <seconds>] [--icon <picture>] <name> <text>`: sets (or replaces) a page of the idle screen.
    case page(IdlePage)
    /// `page --remove <name>`: removes a page.
    case pageRemove(String)
    /// `page --show <name>`: the idle screen shows that page now; its turns go on from it.
    case pageShow(String)
    /// `page --next`: the idle screen's next turn now.
    case pageNext
    /// `page --previous`: the idle screen's previous turn now.
    case pagePrevious

    /// The longest text a command accepts, in Unicode scalars; longer text is rejected.
    public static let maxTextScalars = 1_024
    /// The largest time a command accepts: one day.
    public static let maxTime: Duration = .seconds(86_400)
    /// The command words, in the order the documentation lists them.
    public static let names = [
        "title", "artist", "album", "duration", "text", "position", "play", "pause", "stop", "lyrics", "message",
        "brightness", "clear", "picture", "page",
    ]

    /// Parses one line (without its newline). Returns nil for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(FeedError) -> FeedCommand? {
        let scalars = Array(line.unicodeScalars)
        let body = FeedScan.trimmed(scalars[...])
        guard let first = body.first, first != "#" else { return nil }
        let wordEnd = body.firstIndex(where: FeedScan.isSpace) ?? body.endIndex
        let word = FeedScan.string(body[body.startIndex..<wordEnd])
        let argument = FeedScan.trimmed(body[wordEnd...])
        switch word {
        case "title": return .title(try text(argument, command: word))
        case "artist": return .artist(try text(argument, command: word))
        case "album": return .album(try text(argument, command: word))
        case "text": return .text(try text(argument, command: word))
        case "duration": return .duration(try seconds(argument, command: word))
        case "position": return .position(try seconds(argument, command: word))
        case "play": return try bare(.play, argument, command: word)
        case "pause": return try bare(.pause, argument, command: word)
        case "stop": return try bare(.stop, argument, command: word)
        case "clear": return try bare(.clear, argument, command: word)
        case "brightness" where FeedScan.string(argument) == "auto": return .brightnessAuto
        case "brightness": return .brightness(try brightness(argument))
        case "lyrics":
            switch FeedScan.string(argument) {
            case "begin": return .lyricsBegin
            case "end": return .lyricsEnd
            case "clear": return .lyricsClear
            case "": throw .missingArgument(command: word, example: "lyrics begin")
            case let other: throw .unknownLyricsAction(Excerpt.of(other))
            }
        case "message": return try message(argument)
        case "picture": return try picture(argument)
        case "page": return try page(argument)
        default: throw .unknownCommand(Excerpt.of(word))
        }
    }

    /// The command as one feed line, without the newline; `parse` reads it back as the same command. A
    /// `.lyrics` block is several lines (`lyrics begin`, the LRC, `lyrics end`) joined by newlines.
    public func encode() -> String {
        switch self {
        case .title(let text): FeedScan.join("title", text)
        case .artist(let text): FeedScan.join("artist", text)
        case .album(let text): FeedScan.join("album", text)
        case .text(let text): FeedScan.join("text", text)
        case .duration(let time): "duration \(FeedScan.seconds(time))"
        case .position(let time): "position \(FeedScan.seconds(time))"
        case .play: "play"
        case .pause: "pause"
        case .stop: "stop"
        case .clear: "clear"
        case .lyricsBegin: "lyrics begin"
        case .lyricsEnd: "lyrics end"
        case .lyricsClear: "lyrics clear"
        case .lyrics(let lyrics): "lyrics begin\n" + Lyrics.encode(lyrics) + "lyrics end"
        case .brightness(let percent): "brightness \(percent)"
        case .brightnessAuto: "brightness auto"
        case .pictureBegin(let name, let width, let height): "picture begin \(name) \(width)x\(height)"
        case .pictureEnd: "picture end"
        case .picture(let picture): Self.encode(picture)
        case .pictureRemove(let name): "picture remove \(name)"
        case .page(let page): Self.encode(page)
        case .pageRemove(let name): "page --remove \(name)"
        case .messageDismiss: "message --dismiss"
        case .pageShow(let name): "page --show \(name)"
        case .pageNext: "page --next"
        case .pagePrevious: "page --previous"
        case .message(let text, let duration, let priority, let icon, let look):
            Self.encodeMessage(text, duration: duration, priority: priority, icon: icon, look: look)
        }
    }

    /// `message` as one feed line. Word by word: as one expression, Swift 6.0's type checker (Debian 13's
    /// `swiftlang`) gives up on it.
    private static func encodeMessage(
        _ text: String, duration: Duration?, priority: MessagePriority, icon: String?, look: TextLook?
    ) -> String {
        var words = ["message"]
        if let duration { words += ["--for", FeedScan.seconds(duration)] }
        if priority != .normal { words += ["--priority", priority.name] }
        if let icon { words += ["--icon", icon] }
        words += lookWords(look)
        if text.unicodeScalars.starts(with: "--".unicodeScalars) { words.append("--") }
        words.append(FeedScan.oneLine(text))
        return words.joined(separator: " ")
    }

    static func text(_ argument: ArraySlice<Unicode.Scalar>, command: String) throws(FeedError) -> String {
        // Control characters have no glyph and a line break would split an encoded command: they become spaces.
        let cleaned = FeedScan.trimmed(ArraySlice(argument.map { FeedScan.isControl($0) ? " " : $0 }))
        guard cleaned.count <= maxTextScalars else {
            throw .textTooLong(command: command, length: cleaned.count, limit: maxTextScalars)
        }
        return FeedScan.string(cleaned)
    }

    /// `bareCommand` itself, a command that takes no argument, when nothing follows its word `command`.
    private static func bare(_ bareCommand: FeedCommand, _ argument: ArraySlice<Unicode.Scalar>, command: String)
        throws(FeedError) -> FeedCommand
    {
        guard argument.isEmpty else { throw .unexpectedArgument(command: command, argument: Excerpt.of(argument)) }
        return bareCommand
    }

    /// A time of 0 to `maxTime` seconds, or with `positive` more than 0; the error says which.
    static func seconds(_ argument: ArraySlice<Unicode.Scalar>, command: String, positive: Bool = false)
        throws(FeedError) -> Duration
    {
        guard !argument.isEmpty else { throw .missingArgument(command: command, example: "\(command) 12.5") }
        guard let micros = FeedScan.micros(argument) else {
            throw .badNumber(Excerpt.of(argument), command: command, expected: "seconds, e.g. 12.5")
        }
        let time = Duration.microseconds(micros)
        guard time <= maxTime, time > .zero || !positive else {
            throw .outOfRange(
                Excerpt.of(argument), command: command,
                expected: positive ? "more than 0, at most 86400 seconds" : "0 to 86400 seconds")
        }
        return time
    }

    private static func brightness(_ argument: ArraySlice<Unicode.Scalar>) throws(FeedError) -> Int {
        guard !argument.isEmpty else { throw .missingArgument(command: "brightness", example: "brightness 60") }
        guard argument.count <= 9, argument.allSatisfy(FeedScan.isDigit) else {
            throw .badNumber(
                Excerpt.of(argument), command: "brightness", expected: "a whole percentage, e.g. 60, or 'auto'")
        }
        let value = argument.reduce(0) { $0 * 10 + Int($1.value - 48) }
        guard value <= 100 else { throw .outOfRange(Excerpt.of(argument), command: "brightness", expected: "0 to 100") }
        return value
    }

    /// Reads the seconds after a `--for`: more than 0, at most a day.
    static func lifetimeOption(_ rest: inout ArraySlice<Unicode.Scalar>, command: String, example: String)
        throws(FeedError) -> Duration
    {
        let value = FeedScan.nextWord(&rest)
        guard !value.isEmpty else { throw .missingArgument(command: command, example: example) }
        return try seconds(value, command: command, positive: true)
    }

    /// Reads the picture name after an `--icon`.
    static func iconOption(_ rest: inout ArraySlice<Unicode.Scalar>, command: String, example: String)
        throws(FeedError) -> String
    {
        let value = FeedScan.string(FeedScan.nextWord(&rest))
        guard !value.isEmpty else { throw .missingArgument(command: command, example: example) }
        guard FeedPicture.isName(value) else { throw .picture(.badName(Excerpt.of(value.unicodeScalars))) }
        return value
    }

    private static func message(_ argument: ArraySlice<Unicode.Scalar>) throws(FeedError) -> FeedCommand {
        var rest = argument
        var duration: Duration?
        var priority = MessagePriority.normal
        var icon: String?
        var look = TextLook()
        while rest.starts(with: "--".unicodeScalars) {
            let option = FeedScan.string(FeedScan.nextWord(&rest))
            switch option {
            case "--": break
            case "--for":
                duration = try lifetimeOption(&rest, command: "message --for", example: "--for 10")
                continue
            case "--priority":
                let value = FeedScan.string(FeedScan.nextWord(&rest))
                guard let level = MessagePriority.allCases.first(where: { $0.name == value }) else {
                    throw value.isEmpty
                        ? .missingArgument(command: "message --priority", example: "--priority high")
                        : .badPriority(Excerpt.of(value))
                }
                priority = level
                continue
            case "--icon":
                icon = try iconOption(&rest, command: "message --icon", example: "--icon doorbell")
                continue
            case "--dismiss":
                // A dismissal stands alone: an option or a text beside it would be a message half meant.
                guard rest.isEmpty, duration == nil, priority == .normal, icon == nil, look.isPlain else {
                    throw .unexpectedArgument(command: "message --dismiss", argument: Excerpt.of(argument))
                }
                return .messageDismiss
            default:
                guard try lookOption(option, &rest, into: &look, command: "message") else {
                    throw .unknownOption(Excerpt.of(option))
                }
                continue
            }
            break
        }
        // Text of control characters only cleans to nothing: such a message has no text, like `message` alone.
        let shown = try text(rest, command: "message")
        guard !shown.isEmpty else {
            throw .missingArgument(command: "message", example: "message Back in 5 minutes")
        }
        try check(look, against: shown, command: "message")
        return .message(shown, duration: duration, priority: priority, icon: icon, look: look.isPlain ? nil : look)
    }
}
