extension Lyrics {
    /// Writes lyrics back as enhanced LRC that `parse` reads as the same lines: tags first (without
    /// `[offset:]`, since the times written already include it), each line with its start and word tags, and a
    /// timed blank line wherever a line ends before the next one starts (after the last line only when its end
    /// was given). Ends with a newline.
    public static func encode(_ lyrics: ParsedLyrics) -> String {
        var out = ""
        for key in lyrics.metadata.tags.keys.sorted() where key != "offset" {
            out += "[\(key):\(lyrics.metadata.tags[key] ?? "")]\n"
        }
        for (index, line) in lyrics.lines.enumerated() {
            out += "[" + stamp(line.start) + "]" + wordTagged(line, pace: lyrics.pace) + "\n"
            let nextStart = index + 1 < lyrics.lines.count ? lyrics.lines[index + 1].start : nil
            // A last line whose end nothing in the file gave keeps it open, so that it can still last until the
            // track's end once the feed says when that is.
            let endIsOpen = index == lyrics.lines.count - 1 && lyrics.lastLineEndIsDefault
            if nextStart.map({ line.end < $0 }) ?? !endIsOpen {
                out += "[" + stamp(line.end) + "]\n"
            }
        }
        return out
    }

    /// The line's text with its word tags. The last word is closed by a tag unless `parse` gives it the same
    /// end without one (sung at the song's `pace`, see `LyricsPace.sungEnd(ofOpenWord:pace:)`).
    private static func wordTagged(_ line: LyricLine, pace: Duration) -> String {
        guard !line.words.isEmpty else { return line.text }
        let scalars = Array(line.text.unicodeScalars)
        func slice(_ range: Range<Int>) -> String {
            let low = min(max(range.lowerBound, 0), scalars.count)
            let high = min(max(range.upperBound, low), scalars.count)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[low..<high])
            return String(view)
        }
        var out = ""
        for (index, word) in line.words.enumerated() {
            out += "<" + stamp(word.start) + ">" + slice(word.scalarRange)
            if index + 1 < line.words.count {
                let next = line.words[index + 1]
                out += slice(word.scalarRange.upperBound..<next.scalarRange.lowerBound)
                if word.end < next.start { out += "<" + stamp(word.end) + ">" }
            } else {
                var open = word
                open.end = line.end
                if word.end != LyricsPace.sungEnd(ofOpenWord: open, pace: pace) { out += "<" + stamp(word.end) + ">" }
            }
        }
        return out
    }

    // `mm:ss.xxx`, minutes at least two digits.
    static func stamp(_ time: Duration) -> String {
        let (seconds, attoseconds) = max(time, .zero).components
        let millis = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(millis / 60_000, 2) + ":" + padded(millis / 1_000 % 60, 2) + "." + padded(millis % 1_000, 3)
    }
}
