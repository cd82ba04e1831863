/// Lyrics ready for display: lines in time order, with the file's tags and the problems met while parsing.
public struct ParsedLyrics: Sendable, Equatable {
    /// Lines with text, sorted by start time (stably: lines with the same time keep their file order, and
    /// only the last of them is ever active). Instrumental breaks are not lines: they are the gaps between
    /// one line's end and the next line's start.
    public var lines: [LyricLine]
    /// The file's tags.
    public var metadata: LyricsMetadata
    /// Problems met while parsing, in file order; none is fatal.
    public var warnings: [LyricsWarning]
    /// Seconds per character the line-timed lines are sung at (see `LyricsPace`).
    public var pace: Duration
    // Whether the last line's end came from `LyricsLimits.lastLineDuration` (and may give way to the track's
    // duration once the feed says what it is).
    var lastLineEndIsDefault: Bool

    /// Creates lyrics from lines already sorted by start.
    public init(
        lines: [LyricLine] = [], metadata: LyricsMetadata = LyricsMetadata(), warnings: [LyricsWarning] = []
    ) {
        self.lines = lines
        self.metadata = metadata
        self.warnings = warnings
        self.lastLineEndIsDefault = false
        self.pace = LyricsPace.estimate(lines)
    }

    /// No lines and no tags.
    public static let empty = ParsedLyrics()

    /// True when there is no line to show.
    public var isEmpty: Bool { lines.isEmpty }

    /// The line being sung at `time` (from the start of the track), or nil before the first line, in an
    /// instrumental break and after the last line ends.
    public func line(at time: Duration) -> (index: Int, line: LyricLine)? {
        guard let index = lastIndex(startingAtOrBefore: time) else { return nil }
        let line = lines[index]
        return time < line.end ? (index, line) : nil
    }

    /// The first line that starts after `time`, for showing what comes next during a break.
    public func nextLine(after time: Duration) -> (index: Int, line: LyricLine)? {
        let index = (lastIndex(startingAtOrBefore: time) ?? -1) + 1
        return index < lines.count ? (index, lines[index]) : nil
    }

    /// These lyrics with the last line lasting until `trackDuration` when nothing in the file said how long
    /// it lasts (no trailing word tag, no `[length:]`) and the track ends after the line starts.
    public func withTrackDuration(_ trackDuration: Duration) -> ParsedLyrics {
        guard lastLineEndIsDefault, let last = lines.last, trackDuration > last.start else { return self }
        var copy = self
        copy.lines[copy.lines.count - 1].end = trackDuration
        copy.lines[copy.lines.count - 1].sungEnd = LyricsPace.sungEnd(of: copy.lines[copy.lines.count - 1], pace: pace)
        copy.lastLineEndIsDefault = false
        return copy
    }

    private func lastIndex(startingAtOrBefore time: Duration) -> Int? {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
