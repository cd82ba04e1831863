/// How fast a song is sung, for lines timed by the line only.
///
/// The pace is in seconds per letter-sized unit: a character, but an East Asian syllable (a CJK ideograph, a
/// kana or a Hangul syllable, see `Character.isEastAsianSyllable`) counts as `syllableUnits`, since it is sung
/// as long as a Latin syllable of a few letters. So "我们在夜色中奔跑" is 24 units long, and a Latin text
/// measures as its characters.
///
/// Most LRC files time lines, not words, and a line stays active until the next one starts, which may be half
/// a minute later. Sweeping over that whole gap would crawl; instead a line without word times is sung at the
/// song's pace — seconds per unit, estimated once from the song itself — and then stays fully lit until
/// the next line. The last word of a word-timed line that no tag closes is capped the same way.
///
/// The estimate is the median, over the song's line-timed lines of at least `minimumCharacters` units and
/// a positive duration, of each line's duration divided by its units. Lines followed by an instrumental
/// break read slower than they are sung, but as long as they are fewer than half of the lines the median is
/// that of the lines sung back to back. With fewer than `minimumSamples` such lines the pace is `standard`;
/// it is always kept between `fastest` and `slowest`.
public enum LyricsPace {
    /// The pace when the song gives too few lines to estimate one: 0.1 s per unit (a Latin letter).
    public static let standard: Duration = .milliseconds(100)
    /// The fastest pace an estimate may give: 0.04 s per unit.
    public static let fastest: Duration = .milliseconds(40)
    /// The slowest pace an estimate may give: 0.4 s per unit (1.2 s per East Asian syllable).
    public static let slowest: Duration = .milliseconds(400)
    /// Lines counted in the estimate have at least this many units.
    public static let minimumCharacters = 4
    /// At least this many lines are needed for an estimate.
    public static let minimumSamples = 3
    /// The units one East Asian syllable counts for: the letters of a Latin syllable, spaces included.
    public static let syllableUnits = 3

    /// How long `text` is to sing, in units (see the type): its characters, East Asian syllables counting
    /// `syllableUnits` each.
    public static func units(of text: String) -> Int {
        var units = 0
        for character in text { units += character.isEastAsianSyllable ? syllableUnits : 1 }
        return units
    }

    /// The seconds per unit `lines` are sung at (see the type). `lastLineEndIsDefault` leaves out the
    /// last line, whose end nothing in the file gave.
    public static func estimate(_ lines: [LyricLine], lastLineEndIsDefault: Bool = false) -> Duration {
        var rates: [Duration] = []
        let counted = lastLineEndIsDefault ? lines.dropLast() : lines[...]
        for line in counted where line.words.isEmpty && line.end > line.start {
            let units = units(of: line.text)
            guard units >= minimumCharacters else { continue }
            rates.append(line.duration / units)
        }
        guard rates.count >= minimumSamples else { return standard }
        rates.sort()
        let middle = rates.count / 2
        let median = rates.count % 2 == 1 ? rates[middle] : (rates[middle - 1] + rates[middle]) / 2
        return min(max(median, fastest), slowest)
    }

    /// When the sweep over `line` finishes at `pace` (seconds per unit): its end when it has word times,
    /// else its start plus its units at that pace, never after its end.
    public static func sungEnd(of line: LyricLine, pace: Duration) -> Duration {
        guard line.words.isEmpty, line.end > line.start else { return line.end }
        let pace = min(max(pace, .zero), slowest)
        return min(line.start + pace * units(of: line.text), line.end)
    }

    /// When the sweep over a line's last word finishes when no tag closes it (`<00:01.50>world` and then the
    /// next line): its start plus its units at `pace`, as a line without word times is capped, in whole
    /// milliseconds (so that the word reads back the same once written out), never after its end.
    public static func sungEnd(ofOpenWord word: LyricWord, pace: Duration) -> Duration {
        let pace = min(max(pace, .zero), slowest)
        let sung = (word.start + pace * units(of: word.text)).components
        let milliseconds = Duration.seconds(sung.seconds) + .milliseconds(sung.attoseconds / 1_000_000_000_000_000)
        return min(max(milliseconds, word.start), word.end)
    }
}
