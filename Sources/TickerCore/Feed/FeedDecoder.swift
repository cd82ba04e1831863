/// Turns the bytes read from the feed into commands: splits lines, bounds them, repairs or rejects bad
/// encodings, drops fragments left by writers that died mid-line, and gathers `lyrics begin … lyrics end`
/// blocks into one `.lyrics` command.
///
/// Pure: it owns no descriptor and reads no clock; the caller passes each chunk it read with the monotonic
/// time it read it at. The work per call is linear in the chunk, so a caller that reads bounded chunks
/// (say 64 KiB) bounds the work per wake-up even under a flood.
///
/// Decisions: a line longer than `maxLineBytes` is reported once and discarded up to the next newline; a
/// line with a NUL byte is discarded; invalid UTF-8 is reported and the line used with U+FFFD in its place; a
/// trailing `\r` is removed. Inside a lyrics block, lines that are blank or start with `[` are LRC, `lyrics end`
/// closes the block, `lyrics begin` discards it and opens a new one, and any other line is handled as a
/// command (so another writer's `position` does not end up in the lyrics).
public struct FeedDecoder: Sendable {
    /// Bounds and timeouts.
    public struct Limits: Sendable, Equatable {
        /// Bytes in one line, newline excluded.
        public var maxLineBytes = 4_096
        /// A partial line that got no new byte for this long is dropped when more data or `flushStale` comes.
        public var staleAfter: Duration = .milliseconds(500)
        /// A lyrics block that got no LRC line for this long is dropped.
        public var lyricsTimeout: Duration = .seconds(2)
        /// LRC lines in one block.
        public var maxLyricsLines = 2_000
        /// Bytes of LRC in one block (also the lyrics parser's byte bound).
        public var maxLyricsBytes = 65_536

        /// The default limits.
        public init() {}
    }

    private struct Block {
        var firstLine: Int
        var lines: [String] = []
        var lineNumbers: [Int] = []
        var bytes = 0
        var lastActivity: Duration
        var overflowed = false
    }

    /// The limits in force.
    public let limits: Limits
    /// Lines completed so far.
    public private(set) var lineNumber = 0
    private var partial: [UInt8] = []
    private var partialUpdated: Duration = .zero
    private var discardingLongLine = false
    private var block: Block?
    /// The `picture begin … picture end` block being gathered (see `FeedDecoder+Picture.swift`).
    var picture: PictureBlock?

    /// A decoder at line 0 with nothing pending.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes a chunk read at `now` and returns the commands and problems it completes.
    public mutating func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, now: Duration) -> [FeedEvent] {
        var events = flushStale(now: now)
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lineNumber += 1
                if discardingLongLine {
                    discardingLongLine = false
                } else {
                    finishLine(now: now, into: &events)
                }
                partial.removeAll(keepingCapacity: true)
                continue
            }
            if discardingLongLine { continue }
            partial.append(byte)
            if partial.count > limits.maxLineBytes {
                events.append(
                    .problem(
                        FeedProblem(
                            .lineTooLong(limitBytes: limits.maxLineBytes), line: lineNumber + 1,
                            excerpt: Excerpt.of(String(decoding: partial.prefix(Excerpt.limit), as: UTF8.self)))))
                partial.removeAll(keepingCapacity: true)
                discardingLongLine = true
            }
        }
        if !partial.isEmpty || discardingLongLine { partialUpdated = now }
        return events
    }

    /// Drops a partial line that has waited longer than `staleAfter` and a lyrics block that has waited longer
    /// than `lyricsTimeout`, reporting each. Call it when the feed has been quiet for a while.
    public mutating func flushStale(now: Duration) -> [FeedEvent] {
        var events: [FeedEvent] = []
        if (!partial.isEmpty || discardingLongLine) && now - partialUpdated > limits.staleAfter {
            let excerpt = Excerpt.of(String(decoding: partial.prefix(Excerpt.limit), as: UTF8.self))
            lineNumber += 1
            if !discardingLongLine {
                events.append(.problem(FeedProblem(.staleFragment, line: lineNumber, excerpt: excerpt)))
            }
            partial.removeAll(keepingCapacity: true)
            discardingLongLine = false
        }
        flushStalePicture(now: now, into: &events)
        if let open = block, now - open.lastActivity > limits.lyricsTimeout {
            block = nil
            if !open.overflowed {
                events.append(Self.unterminated(open, "no 'lyrics end' within \(limits.lyricsTimeout)"))
            }
        }
        return events
    }

    /// True while a `lyrics begin` block is open.
    public var isInLyricsBlock: Bool { block != nil }

    /// Decodes `bytes` as a whole input read at once, and returns its commands and problems; a `lyrics begin`
    /// still open at the end is a problem too: no `lyrics end` before `end` (e.g. "the last line").
    public static func decodeWhole(_ bytes: [UInt8], limits: Limits = Limits(), endOfInput end: String)
        -> (commands: [FeedCommand], problems: [FeedProblem])
    {
        var decoder = FeedDecoder(limits: limits)
        var commands: [FeedCommand] = []
        var problems: [FeedProblem] = []
        for event in decoder.decode(bytes, now: .zero) {
            switch event {
            case .command(let command, _): commands.append(command)
            case .problem(let problem): problems.append(problem)
            }
        }
        if let problem = decoder.unfinishedPicture(end) { problems.append(problem) }
        if decoder.isInLyricsBlock {
            let reason = "no 'lyrics end' before \(end)"
            problems.append(FeedProblem(.lyricsUnterminated(reason: reason), line: decoder.lineNumber, excerpt: ""))
        }
        return (commands, problems)
    }

    // The problem of the block `open` left without its `lyrics end`, for `reason`.
    private static func unterminated(_ open: Block, _ reason: String) -> FeedEvent {
        .problem(FeedProblem(.lyricsUnterminated(reason: reason), line: open.firstLine, excerpt: "lyrics begin"))
    }

    private mutating func finishLine(now: Duration, into events: inout [FeedEvent]) {
        var bytes = partial[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        if bytes.contains(0) {
            let shown = String(decoding: bytes.prefix(Excerpt.limit), as: UTF8.self)
            events.append(.problem(FeedProblem(.nulByte, line: lineNumber, excerpt: Excerpt.of(shown))))
            return
        }
        let line: String
        if let valid = String(validating: bytes, as: UTF8.self) {
            line = valid
        } else {
            line = String(decoding: bytes, as: UTF8.self)
            events.append(.problem(FeedProblem(.invalidUTF8, line: lineNumber, excerpt: Excerpt.of(line))))
        }
        if picture != nil, take(pictureLine: line, now: now, into: &events) { return }
        if block != nil, take(lyricsLine: line, byteCount: bytes.count, now: now, into: &events) { return }
        let command: FeedCommand?
        do {
            command = try FeedCommand.parse(line)
        } catch {
            events.append(.problem(FeedProblem(error, line: lineNumber, excerpt: Excerpt.of(line))))
            return
        }
        switch command {
        case nil:
            break
        case .lyricsBegin?:
            block = Block(firstLine: lineNumber, lastActivity: now)
        case .lyricsEnd?:
            events.append(.problem(FeedProblem(.lyricsEndWithoutBegin, line: lineNumber, excerpt: Excerpt.of(line))))
        case .pictureBegin(let name, let width, let height)?:
            openPicture(name: name, width: width, height: height, now: now, into: &events)
        case .pictureEnd?:
            events.append(
                .problem(FeedProblem(.picture(.endWithoutBegin), line: lineNumber, excerpt: Excerpt.of(line))))
        case let other?:
            events.append(.command(other, line: lineNumber))
        }
    }

    // Handles a line while a block is open; false when the line is an ordinary command.
    private mutating func take(lyricsLine line: String, byteCount: Int, now: Duration, into events: inout [FeedEvent])
        -> Bool
    {
        guard var open = block else { return false }
        let trimmed = FeedScan.trimmed(Array(line.unicodeScalars)[...])
        let word = FeedScan.string(trimmed)
        if word == "lyrics end" {
            block = nil
            if !open.overflowed { events.append(contentsOf: finish(open)) }
            return true
        }
        if word == "lyrics begin" {
            if !open.overflowed { events.append(Self.unterminated(open, "a new 'lyrics begin' on line \(lineNumber)")) }
            block = Block(firstLine: lineNumber, lastActivity: now)
            return true
        }
        guard trimmed.isEmpty || trimmed.first == "[" else { return false }
        open.lastActivity = now
        if !open.overflowed {
            open.lines.append(line)
            open.lineNumbers.append(lineNumber)
            open.bytes += byteCount + 1
            if open.lines.count > limits.maxLyricsLines || open.bytes > limits.maxLyricsBytes {
                open.overflowed = true
                open.lines = []
                open.lineNumbers = []
                events.append(
                    .problem(
                        FeedProblem(
                            .lyricsTooLong(limitLines: limits.maxLyricsLines, limitBytes: limits.maxLyricsBytes),
                            line: lineNumber, excerpt: Excerpt.of(line))))
            }
        }
        block = open
        return true
    }

    private func finish(_ open: Block) -> [FeedEvent] {
        var lyricsLimits = LyricsLimits()
        lyricsLimits.maxBytes = limits.maxLyricsBytes
        lyricsLimits.maxLines = max(limits.maxLyricsLines, 1)
        let lyrics = Lyrics.parse(open.lines.joined(separator: "\n"), limits: lyricsLimits)
        var events: [FeedEvent] = lyrics.warnings.map { warning in
            let index = warning.line - 1
            guard open.lines.indices.contains(index) else {
                return .problem(FeedProblem(.lyrics(warning.error), line: open.firstLine, excerpt: ""))
            }
            return .problem(
                FeedProblem(
                    .lyrics(warning.error), line: open.lineNumbers[index], excerpt: Excerpt.of(open.lines[index])))
        }
        events.append(.command(.lyrics(lyrics), line: lineNumber))
        return events
    }
}
