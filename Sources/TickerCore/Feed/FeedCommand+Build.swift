extension FeedCommand {
    /// A time for `duration` or `position` from seconds as players report them: rounded to the millisecond and
    /// held to what the parser accepts (0 to `maxTime`); a non-finite value is zero.
    public static func time(seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        let maxMillis = Double(maxTime.components.seconds) * 1_000
        return .milliseconds(Int64(min(seconds * 1_000, maxMillis).rounded()))
    }

    /// What `tickerctl now ARTIST TITLE` sends: the artist, the title (normalized), position zero and play.
    public static func nowPlaying(artist: String, title: String) -> [FeedCommand] {
        [.artist(FeedText.normalized(artist)), .title(FeedText.normalized(title)), .position(.zero), .play]
    }

    /// The lyrics block for the LRC text `lrc`, as the daemon will read it back: parsed within the feed's
    /// limits, in the form `Lyrics.encode` writes, and cut to the last lines that fit in one block. No timed
    /// line gives `.lyricsClear`.
    public static func lyricsBlock(lrc: String, limits: FeedDecoder.Limits = FeedDecoder.Limits()) -> FeedCommand {
        var lyricsLimits = LyricsLimits()
        lyricsLimits.maxBytes = limits.maxLyricsBytes
        lyricsLimits.maxLines = max(limits.maxLyricsLines, 1)
        // Control characters inside a line would be turned into spaces on the way; do it here, so that what is
        // parsed now is what the daemon parses.
        var view = String.UnicodeScalarView()
        view.append(
            contentsOf: lrc.unicodeScalars.map { $0 == "\n" || $0 == "\r" || !FeedText.isControl($0) ? $0 : " " })
        var parsed = Lyrics.parse(String(view), limits: lyricsLimits)
        while !parsed.lines.isEmpty {
            let text = Lyrics.encode(parsed)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if text.utf8.count <= limits.maxLyricsBytes, lines.count <= limits.maxLyricsLines,
                lines.allSatisfy({ $0.utf8.count <= limits.maxLineBytes })
            {
                return .lyrics(Lyrics.parse(text, limits: lyricsLimits))
            }
            parsed.lines.removeLast()
        }
        return .lyricsClear
    }

    /// The feed lines of the command, without newlines: one line, or several for a `.lyrics` block.
    public var lines: [String] {
        encode().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Reads `lines` as the daemon does (with a `FeedDecoder`) and returns the commands and the problems, a
    /// `lyrics begin` left open at the end being one.
    public static func decode(lines: [String], limits: FeedDecoder.Limits = FeedDecoder.Limits())
        -> (commands: [FeedCommand], problems: [FeedProblem])
    {
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        return FeedDecoder.decodeWhole(bytes, limits: limits, endOfInput: "the last line")
    }
}
