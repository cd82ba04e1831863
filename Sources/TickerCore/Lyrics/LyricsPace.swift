/// How fast a song is sung, for lines timed by the line only.
///
/// Most LRC files time lines, not words, and a line stays active until the next one starts, which may be half
/// a minute later. Sweeping over that whole gap would crawl; instead a line without word times is sung at the
/// song's pace — seconds per character, estimated once from the song itself — and then stays fully lit until
/// the next line. The last word of a word-timed line that no tag closes is capped the same way.
///
/// The estimate is the median, over the song's line-timed lines of at least `minimumCharacters` characters and
/// a positive duration, of each line's duration divided by its characters. Lines followed by an instrumental
/// break read slower than they are sung, but as long as they are fewer than half of the lines the median is
/// that of the lines sung back to back. With fewer than `minimumSamples` such lines the pace is `standard`;
/// it is always kept between `fastest` and `slowest`.
public enum LyricsPace {
    /// The pace when the song gives too few lines to estimate one: 0.1 s per character.
    public static let standard: Duration = .milliseconds(100)
    /// The fastest pace an estimate may give: 0.04 s per character.
    public static let fastest: Duration = .milliseconds(40)
    /// The slowest pace an estimate may give: 0.4 s per character.
    public static let slowest: Duration = .milliseconds(400)
    /// Lines counted in the estimate have at least this many characters.
    public static let minimumCharacters = 4
    /// At least this many lines are needed for an estimate.
    public static let minimumSamples = 3

    /// The seconds per character `lines` are sung at (see the type). `lastLineEndIsDefault` leaves out the
    /// last line, whose end nothing in the file gave.
    public static func estimate(_ lines: [LyricLine], lastLineEndIsDefault: Bool = false) -> Duration {
        var rates: [Duration] = []
        let counted = lastLineEndIsDefault ? lines.dropLast() : lines[...]
        for line in counted where line.words.isEmpty && line.end > line.start {
            let characters = line.text.count
            guard characters >= minimumCharacters else { continue }
            rates.append(line.duration / characters)
        }
        guard rates.count >= minimumSamples else { return standard }
        rates.sort()
        let middle = rates.count / 2
        let median = rates.count % 2 == 1 ? rates[middle] : (rates[middle - 1] + rates[middle]) / 2
        return min(max(median, fastest), slowest)
    }

    /// When the sweep over `line` finishes at `pace` (seconds per character): its end when it has word times,
    /// else its start plus its characters at that pace, never after its end.
    public static func sungEnd(of line: LyricLine, pace: Duration) -> Duration {
        guard line.words.isEmpty, line.end > line.start else { return line.end }
        let pace = min(max(pace, .zero), slowest)
        return min(line.start + pace * line.text.count, line.end)
    }

    /// When the sweep over a line's last word finishes when no tag closes it (`<00:01.50>world` and then the
    /// next line): its start plus its characters at `pace`, as a line without word times is capped, in whole
    /// milliseconds (so that the word reads back the same once written out), never after its end.
    public static func sungEnd(ofOpenWord word: LyricWord, pace: Duration) -> Duration {
        let pace = min(max(pace, .zero), slowest)
        let sung = (word.start + pace * word.text.count).components
        let milliseconds = Duration.seconds(sung.seconds) + .milliseconds(sung.attoseconds / 1_000_000_000_000_000)
        return min(max(milliseconds, word.start), word.end)
    }
}
