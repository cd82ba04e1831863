/// One timed line of lyrics: its text, when it is sung, and (for enhanced LRC) when each word is sung.
///
/// Times are offsets from the start of the track, with the file's `[offset:]` already applied.
public struct LyricLine: Sendable, Equatable {
    /// The text shown, without timestamps or word tags, trimmed of surrounding whitespace.
    public var text: String
    /// When the line starts being sung.
    public var start: Duration
    /// When the line stops being active: the next line's (or instrumental break's) start; for the last line,
    /// its last word's end, the track length, or `start` plus `LyricsLimits.lastLineDuration`.
    public var end: Duration
    /// The timed words, in order; empty when the line has no word times (progress is then linear).
    public var words: [LyricWord]
    /// When the sweep over a line without word times finishes (`start`…`end`): the line is then held fully lit
    /// until its end. The parser sets it from the song's pace (`LyricsPace`); `end` unless given.
    public var sungEnd: Duration

    /// Creates a line; `words` must lie inside `start...end` and be in order; `sungEnd` is clamped to
    /// `start...end` and defaults to `end`.
    public init(text: String, start: Duration, end: Duration, words: [LyricWord] = [], sungEnd: Duration? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.words = words
        self.sungEnd = min(max(sungEnd ?? end, start), max(end, start))
    }

    /// How long the line is active.
    public var duration: Duration { end - start }
}

/// One word of an enhanced-LRC line: where it sits in the line's text and when it is sung.
public struct LyricWord: Sendable, Equatable {
    /// The word as shown, without the surrounding whitespace.
    public var text: String
    /// Where the word sits in the line's `text`, counted in Unicode scalars (the unit fonts are indexed by),
    /// so a renderer can measure the pixels it covers.
    public var scalarRange: Range<Int>
    /// When the sweep reaches the word's first letter.
    public var start: Duration
    /// When the sweep reaches the word's last letter: the next word tag's time, or the line's end.
    public var end: Duration

    /// Creates a word.
    public init(text: String, scalarRange: Range<Int>, start: Duration, end: Duration) {
        self.text = text
        self.scalarRange = scalarRange
        self.start = start
        self.end = end
    }
}
