// The karaoke sweep over one line.
//
// With word times the edge crosses word i's pixels linearly between the word's start and end, so it reaches
// each word exactly when the word is sung. Between two words (after one ends, before the next starts) it rests
// at the right edge of the word just sung; before the first word it rests at the first word's left edge; once
// the last word ends the whole line is lit. Without word times, or when the spans given do not match the
// words, the edge crosses the whole line linearly from the line's start to its `sungEnd` (the song's pace, see
// `LyricsPace`), and the line then stays fully lit until its end.
extension LyricLine {
    /// How far the sweep has got at `time`, in pixels from the line's leading edge (0…`lineWidth`).
    ///
    /// `wordSpans` gives the pixels each of `words` covers, in the same order (for example measured from
    /// `LyricWord.scalarRange`); `lineWidth` is the width of the whole line in pixels.
    public func sweepPixels(at time: Duration, wordSpans: [Range<Int>], lineWidth: Int) -> Double {
        let width = Double(max(0, lineWidth))
        guard time > start else { return 0 }
        guard time < end else { return width }
        guard !words.isEmpty, wordSpans.count == words.count else {
            return width * Self.fraction(time, from: start, to: linearEnd)
        }
        // Clamped span by span rather than mapped into a new array: this runs every frame and must not allocate.
        func clamped(_ value: Int) -> Double { Double(min(max(value, 0), max(0, lineWidth))) }
        var edge = clamped(wordSpans[0].lowerBound)
        for index in words.indices {
            // The word's times only: a copy of the word would retain and release its text, word by word.
            let (wordStart, wordEnd) = (words[index].start, words[index].end)
            let low = clamped(wordSpans[index].lowerBound)
            let high = clamped(wordSpans[index].upperBound)
            if time < wordStart { return edge }
            if time < wordEnd {
                return low + (high - low) * Self.fraction(time, from: wordStart, to: wordEnd)
            }
            edge = max(edge, high)
        }
        return width
    }

    /// How much of the line has been sung at `time`, 0…1: linear from the line's start to its `sungEnd`
    /// without word times; with word times, the sweep above with each word as wide as its characters.
    public func progress(at time: Duration) -> Double {
        guard !words.isEmpty else {
            guard time > start else { return 0 }
            return time < end ? Self.fraction(time, from: start, to: linearEnd) : 1
        }
        let width = text.unicodeScalars.count
        guard width > 0 else { return time < end ? 0 : 1 }
        let spans = words.map(\.scalarRange)
        return sweepPixels(at: time, wordSpans: spans, lineWidth: width) / Double(width)
    }

    /// When a linear sweep (no word times, or spans that do not match them) is over: `sungEnd` for a line
    /// without word times, the line's end otherwise.
    var linearEnd: Duration { words.isEmpty ? min(max(sungEnd, start), end) : end }

    static func fraction(_ time: Duration, from start: Duration, to end: Duration) -> Double {
        guard end > start else { return time >= end ? 1 : 0 }
        return min(1, max(0, (time - start).ratio(to: end - start)))
    }
}

extension LyricLine {
    /// The first time at which `sweepPixels(at:wordSpans:lineWidth:)` reaches `pixels`, the inverse of the
    /// sweep: nil when it never does (beyond the line's width). With word times out of order it answers the
    /// line's start, which is early but never late.
    public func sweepTime(reaching pixels: Double, wordSpans: [Range<Int>], lineWidth: Int) -> Duration? {
        let width = Double(max(0, lineWidth))
        guard pixels <= width else { return nil }
        guard pixels > 0 else { return start }
        guard end > start else { return start }
        guard !words.isEmpty, wordSpans.count == words.count else {
            return start + (linearEnd - start).scaled(by: pixels / width)
        }
        func clamped(_ value: Int) -> Double { Double(min(max(value, 0), max(0, lineWidth))) }
        var edge = clamped(wordSpans[0].lowerBound)
        if edge >= pixels { return start }
        var previousEnd = start
        for index in words.indices {
            let word = words[index]
            guard word.start >= previousEnd, word.end >= word.start else { return start }
            previousEnd = word.end
            let low = clamped(wordSpans[index].lowerBound)
            let high = clamped(wordSpans[index].upperBound)
            if word.start >= end { return end }
            // At the word's start the edge jumps to its left side, then crosses it linearly.
            if low >= pixels { return max(word.start, start) }
            if high >= pixels, high > low {
                let time = word.start + (word.end - word.start).scaled(by: (pixels - low) / (high - low))
                return min(max(time, start), end)
            }
            edge = max(edge, high)
            if edge >= pixels { return min(max(word.end, start), end) }
        }
        // After the last word the whole line is lit.
        return min(max(previousEnd, start), end)
    }
}
