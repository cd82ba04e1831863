/// What the daemon keeps of its state across its own restarts (`[feed] keep`, docs/FEED.md "The kept state"):
/// the feed commands that rebuild the state as it was at one instant of the wall clock.
///
/// The file is written in the feed language itself: a header comment with that instant, then the commands one
/// per line (a lyrics block as its lines), read back by the feed's own decoder. The instant is wall-clock time
/// (`CLOCK_REALTIME`, since the Unix epoch) because it must mean the same to the next process, and still mean
/// something when the file outlives a reboot on a disk: `CLOCK_MONOTONIC` survives a restart of the process but
/// starts again at each boot, where an instant of the last boot reads as a wrong age.
public struct KeptState: Sendable, Equatable {
    /// When the commands were true, on the wall clock (since the Unix epoch).
    public var written: Duration
    /// The commands that rebuild the state as it was at `written`, in the order to apply them.
    public var commands: [FeedCommand]

    /// The first line of a kept state, before the instant in seconds.
    public static let header = "# tickerd kept state, written at "
    /// The largest file read: a lyrics block written back with its line ends (which may take three times the
    /// bytes the feed took), the texts, 16 messages, a full shelf of pictures and a cover (two hex digits a
    /// byte, the cover's one frame 64 × 64 at most: 25 KB) fit.
    public static let maxBytes = 4_194_304
    /// The decoder's bounds for a kept file: the feed's, made room for a lyrics block written back in full.
    public static let limits: FeedDecoder.Limits = {
        var limits = FeedDecoder.Limits()
        limits.maxLineBytes = 16_384
        limits.maxLyricsLines = 8_192
        limits.maxLyricsBytes = 524_288
        return limits
    }()

    /// A kept state of `commands` true at wall-clock instant `written`.
    public init(written: Duration, commands: [FeedCommand]) {
        self.written = written
        self.commands = commands
    }

    /// The commands that rebuild `player` as it is at the monotonic instant `now`: the track (its title first,
    /// so that everything after it belongs to it), its lyrics as the feed gave them, its cover, the position,
    /// and whether the clock runs; the messages not yet expired, each for the time it has left; the idle screen's
    /// pages likewise; the brightness the feed set. Without `keepingTrack`, the track is left out and only
    /// messages, pages and brightness remain.
    public static func commands(for player: PlayerState, at now: Duration, keepingTrack: Bool) -> [FeedCommand] {
        var commands: [FeedCommand] = []
        let position = min(player.playbackPosition(at: now), FeedCommand.maxTime)
        let lyrics = player.sentLyrics
        let hasTrack =
            !player.title.isEmpty || !player.artist.isEmpty || !player.album.isEmpty || !player.text.isEmpty
            || player.duration != nil || !lyrics.lines.isEmpty || player.playback != .stopped || position != .zero
        if keepingTrack, hasTrack {
            commands.append(.title(player.title))
            if !player.artist.isEmpty { commands.append(.artist(player.artist)) }
            if !player.album.isEmpty { commands.append(.album(player.album)) }
            if !player.text.isEmpty { commands.append(.text(player.text)) }
            if let duration = player.duration { commands.append(.duration(duration)) }
            if !lyrics.lines.isEmpty { commands.append(.lyrics(lyrics)) }
            if let cover = player.cover { commands.append(.picture(cover)) }
            if position != .zero { commands.append(.position(position)) }
            switch player.playback {
            case .playing: commands.append(.play)
            case .paused: commands.append(.pause)
            case .stopped: break
            }
        }
        for message in player.messages where message.received <= now {
            let left = message.expires - now
            // Under a millisecond left is nothing to show, and `--for` must be more than 0 on the way back.
            guard left >= .milliseconds(1) else { continue }
            commands.append(
                .message(
                    message.text, duration: min(left, FeedCommand.maxTime), priority: message.priority,
                    icon: message.icon, look: message.look))
        }
        for page in player.pages {
            var content = page.content
            if let expires = page.expires {
                // As for messages: a page about to vanish is not worth keeping.
                guard expires - now >= .milliseconds(1) else { continue }
                content.lifetime = min(expires - now, FeedCommand.maxTime)
            }
            commands.append(.page(content))
        }
        if let brightness = player.brightness { commands.append(.brightness(brightness)) }
        commands += player.pictures.pictures.map(FeedCommand.picture)
        return commands
    }

    /// The file: the header with `written` in seconds to the microsecond, then each command and a newline.
    public var text: String {
        var out = Self.header + Self.seconds(written) + "\n"
        for command in commands {
            out += command.encode()
            out += "\n"
        }
        return out
    }

    /// Reads a kept file. Refuses it whole at the first problem: a kept state is written by the daemon, so
    /// anything it cannot read back was damaged or made by someone else.
    public init(file bytes: [UInt8]) throws(KeptStateError) {
        guard bytes.count <= Self.maxBytes else { throw .tooLong(bytes: bytes.count, limit: Self.maxBytes) }
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
            let header = String(validating: bytes[..<newline], as: UTF8.self),
            header.hasPrefix(Self.header), let written = Self.instant(header.dropFirst(Self.header.count))
        else { throw .badHeader }
        let body = bytes[(newline + 1)...]
        guard body.isEmpty || body.last == UInt8(ascii: "\n") else { throw .truncated }
        var decoder = FeedDecoder(limits: Self.limits)
        var commands: [FeedCommand] = []
        for event in decoder.decode(body, now: .zero) {
            switch event {
            case .command(let command, _): commands.append(command)
            case .problem(let problem): throw .badLine(line: problem.line + 1, problem.error)
            }
        }
        if decoder.isInLyricsBlock || decoder.isInPictureBlock { throw .truncated }
        self.init(written: written, commands: commands)
    }

    /// What to apply of the kept state at wall-clock instant `now`, as commands received `age` ago.
    ///
    /// Applied so, a playing position has moved on by the time that passed and a paused one has not, and each
    /// message has only the time it had left. The track is left out once the file is older than `idleAfter`
    /// (nil: the panel never idles), by when the panel would have gone idle (messages and pages are kept then),
    /// or when its time lies ahead of `now` (the clock was set back: its age is unknown; messages and pages are
    /// left out with it then). The brightness and the pictures are settings: they are kept whatever the age;
    /// the cover belongs to the track, and goes with it.
    public func restoration(at now: Duration, idleAfter: Duration?) -> Restoration {
        let age = now - written
        if age < .zero {
            return Restoration(
                commands: commands.filter(\.isSetting), age: .zero, leftOut: .aheadOfTheClock(by: written - now))
        }
        if let idleAfter, age > idleAfter {
            return Restoration(
                commands: commands.filter { $0.isSetting || $0.isMessage || $0.isPage }, age: age,
                leftOut: .older(age: age, idleAfter: idleAfter))
        }
        return Restoration(commands: commands, age: age, leftOut: nil)
    }

    /// The part of a kept state to apply, and as of when.
    public struct Restoration: Sendable, Equatable {
        /// The commands, to be applied as received `age` ago.
        public var commands: [FeedCommand]
        /// How long ago the kept state was true.
        public var age: Duration
        /// Why the track was left out, when it was.
        public var leftOut: LeftOut?
    }

    /// Why the track of a kept state was not restored.
    public enum LeftOut: Sendable, Equatable, CustomStringConvertible {
        /// The file is older than the idle time.
        case older(age: Duration, idleAfter: Duration)
        /// The file's time is ahead of the clock by this much.
        case aheadOfTheClock(by: Duration)

        /// A sentence saying why.
        public var description: String {
            switch self {
            case .older(let age, let idleAfter):
                return "written \(KeptState.spoken(age)) ago, longer than idle-after (\(KeptState.spoken(idleAfter))): "
                    + "only the brightness, the pictures, the messages and the pages with time left are restored"
            case .aheadOfTheClock(let ahead):
                return "written \(KeptState.spoken(ahead)) ahead of the clock (was the clock set back?): only the "
                    + "brightness and the pictures are restored"
            }
        }
    }

    // Seconds with six fraction digits; an instant before the epoch is the epoch.
    static func seconds(_ time: Duration) -> String {
        let (whole, attoseconds) = max(time, .zero).components
        let digits = String(attoseconds / 1_000_000_000_000)
        return "\(whole)." + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// A time for the log, to the millisecond: `2.5 s`, `300 s`.
    static func spoken(_ time: Duration) -> String {
        let (whole, attoseconds) = max(time, .zero).components
        var fraction = String(attoseconds / 1_000_000_000_000_000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole) s" : "\(whole).\(fraction) s"
    }

    // The header's instant: 1 to 12 digits, a point and 6 digits, as `seconds` writes it.
    private static func instant(_ text: Substring) -> Duration? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...12).contains(parts[0].utf8.count), parts[1].utf8.count == 6,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
            let whole = Int64(parts[0]), let micros = Int64(parts[1])
        else { return nil }
        return .seconds(whole) + .microseconds(micros)
    }
}

/// Why a kept file was refused.
public enum KeptStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Larger than `KeptState.maxBytes`.
    case tooLong(bytes: Int, limit: Int)
    /// The first line is not the header with an instant.
    case badHeader
    /// It ends inside a line or inside a lyrics block.
    case truncated
    /// A line that is not a feed command (counted from 1, the header included).
    case badLine(line: Int, FeedError)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .tooLong(let bytes, let limit): return "\(bytes) bytes is longer than \(limit) bytes"
        case .badHeader: return "the first line is not '\(KeptState.header)<seconds>'"
        case .truncated: return "it ends inside a line or a lyrics block (cut short?)"
        case .badLine(let line, let error): return "line \(line): \(error)"
        }
    }
}

extension FeedCommand {
    /// The brightness and the pictures but the cover: kept whatever the age of the file.
    fileprivate var isSetting: Bool {
        switch self {
        case .brightness: return true
        case .picture(let picture): return picture.name != FeedPicture.coverName
        default: return false
        }
    }

    fileprivate var isMessage: Bool {
        if case .message = self { return true }
        return false
    }

    fileprivate var isPage: Bool {
        if case .page = self { return true }
        return false
    }
}
