// How the feed decoder gathers `picture begin … picture end` blocks (see `PictureBlock`): a block that gets no
// line for the lyrics block's timeout is dropped, a new `picture begin` discards the one open, and lines that
// are neither rows, `frame` lines nor `picture end` are ordinary commands, as in a lyrics block.

extension FeedDecoder {
    /// True while a `picture begin` block is open.
    public var isInPictureBlock: Bool { picture != nil }

    /// Opens a block for `picture begin NAME WxH` on the current line, discarding (and reporting) one still open.
    mutating func openPicture(name: String, width: Int, height: Int, now: Duration, into events: inout [FeedEvent]) {
        if let open = picture, !open.failed {
            events.append(Self.unterminated(open, "a new 'picture begin' on line \(lineNumber)"))
        }
        picture = PictureBlock(name: name, width: width, height: height, line: lineNumber, now: now)
    }

    /// Handles a line while a picture block is open; false when the line is an ordinary command.
    mutating func take(pictureLine line: String, now: Duration, into events: inout [FeedEvent]) -> Bool {
        guard var open = picture else { return false }
        let trimmed = FeedScan.trimmed(Array(line.unicodeScalars)[...])
        let outcome = open.take(trimmed, now: now)
        switch outcome {
        case .notMine:
            return false
        case .taken:
            picture = open
        case .problem(let error):
            picture = open
            events.append(.problem(FeedProblem(.picture(error), line: lineNumber, excerpt: Excerpt.of(line))))
        case .finished(let finished):
            picture = nil
            events.append(.command(.picture(finished), line: lineNumber))
        }
        if FeedScan.string(trimmed) == "picture end" { picture = nil }
        return true
    }

    /// Drops a block that has waited longer than `lyricsTimeout` for a line, reporting it.
    mutating func flushStalePicture(now: Duration, into events: inout [FeedEvent]) {
        guard let open = picture, now - open.lastActivity > limits.lyricsTimeout else { return }
        picture = nil
        if !open.failed { events.append(Self.unterminated(open, "no 'picture end' within \(limits.lyricsTimeout)")) }
    }

    /// The problem of a block still open at the end of a whole input, `end` naming that end.
    func unfinishedPicture(_ end: String) -> FeedProblem? {
        guard let open = picture, !open.failed else { return nil }
        return FeedProblem(
            .picture(.unterminated(reason: "no 'picture end' before \(end)")), line: open.firstLine,
            excerpt: "picture begin")
    }

    private static func unterminated(_ open: PictureBlock, _ reason: String) -> FeedEvent {
        .problem(
            FeedProblem(.picture(.unterminated(reason: reason)), line: open.firstLine, excerpt: "picture begin"))
    }
}
