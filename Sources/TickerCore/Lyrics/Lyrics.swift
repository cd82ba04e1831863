/// The LRC and enhanced-LRC parser.
///
/// Understood: leading timestamps `[mm:ss]`, `[mm:ss.x]`, `[mm:ss.xx]`, `[mm:ss.xxx]` (a `:` before the
/// fraction is accepted too; minutes may exceed 59), several of them on one line, word tags `<mm:ss.xx>`
/// inside the text (a tag with no text after it ends the word before it), the tags `ar`, `ti`, `al`, `by`,
/// `length` and `offset` (others are kept in `LyricsMetadata.tags`), a UTF-8 byte-order mark, LF, CRLF and CR
/// line ends. A timed line with no text is an instrumental break: it ends the line before it.
public enum Lyrics {
    /// Parses LRC text. Never fails: problems are collected in `ParsedLyrics.warnings` with their line numbers
    /// and the offending lines or parts are skipped.
    public static func parse(_ text: String, limits: LyricsLimits = LyricsLimits()) -> ParsedLyrics {
        var parser = LyricsParser(limits: limits)
        return parser.parse(text)
    }
}

private struct LyricsEntry {
    var start: Duration
    var order: Int
    var text: String
    var words: [PendingWord]
    // The time of a trailing word tag with nothing after it: when the last word ends.
    var wordsEnd: Duration?
}

private struct PendingWord {
    var text: String
    var scalarRange: Range<Int>
    var start: Duration
    // The next tag's time; nil when the word runs to the end of the line.
    var end: Duration?
}

private struct Segment {
    var time: Duration?
    var scalars: [Unicode.Scalar] = []
}

private struct LyricsParser {
    let limits: LyricsLimits
    var warnings: [LyricsWarning] = []
    var metadata = LyricsMetadata()
    var entries: [LyricsEntry] = []
    var warnedEntries = false

    init(limits: LyricsLimits) {
        self.limits = limits
    }

    mutating func parse(_ text: String) -> ParsedLyrics {
        var scalars = boundedScalars(text)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var lineNumber = 0
        var lineStart = 0
        var index = 0
        while index <= scalars.count {
            let atEnd = index == scalars.count
            if !atEnd && scalars[index] != "\n" && scalars[index] != "\r" {
                index += 1
                continue
            }
            lineNumber += 1
            if lineNumber > limits.maxLines {
                warnings.append(LyricsWarning(line: lineNumber, error: .tooManyLines(limit: limits.maxLines)))
                break
            }
            parseLine(scalars[lineStart..<index], number: lineNumber)
            if atEnd { break }
            if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
            index += 1
            lineStart = index
        }
        return assemble()
    }

    private mutating func boundedScalars(_ text: String) -> [Unicode.Scalar] {
        let utf8 = text.utf8
        guard utf8.count > limits.maxBytes else { return Array(text.unicodeScalars) }
        warnings.append(LyricsWarning(line: 0, error: .fileTooLong(limitBytes: limits.maxBytes)))
        return Array(String(decoding: utf8.prefix(max(0, limits.maxBytes)), as: UTF8.self).unicodeScalars)
    }

    private mutating func parseLine(_ line: ArraySlice<Unicode.Scalar>, number: Int) {
        guard line.count <= limits.maxRawLineScalars else {
            warnings.append(LyricsWarning(line: number, error: .lineTooLong(limitScalars: limits.maxRawLineScalars)))
            return
        }
        var index = line.startIndex
        while index < line.endIndex, LyricsTime.isSpace(line[index]) { index += 1 }
        var times: [Duration] = []
        var sawTag = false
        var warnedTimestamps = false
        while index < line.endIndex, line[index] == "[" {
            guard let close = line[index...].firstIndex(of: "]") else { break }
            let content = line[(index + 1)..<close]
            if let time = LyricsTime.timestamp(content) {
                if times.count < limits.maxTimestampsPerLine {
                    times.append(time)
                } else if !warnedTimestamps {
                    warnedTimestamps = true
                    warnings.append(
                        LyricsWarning(line: number, error: .tooManyTimestamps(limit: limits.maxTimestampsPerLine)))
                }
            } else if times.isEmpty, let first = content.first, LyricsTime.isDigit(first) {
                warnings.append(LyricsWarning(line: number, error: .badTimestamp(Excerpt.of(content))))
                return
            } else if times.isEmpty, let (key, value) = tag(content) {
                sawTag = true
                applyTag(key: key, value: value, line: number)
            } else {
                break
            }
            index = close + 1
            // Spaces between leading timestamps are not text, so text never starts with a timestamp.
            while index < line.endIndex, LyricsTime.isSpace(line[index]) { index += 1 }
        }
        let rest = line[index...]
        guard !times.isEmpty else {
            if !sawTag, rest.contains(where: { !LyricsTime.isSpace($0) }) {
                warnings.append(LyricsWarning(line: number, error: .untimedLine(excerpt: Excerpt.of(rest))))
            }
            return
        }
        addEntries(times: times, body: rest, line: number)
    }

    private func tag(_ content: ArraySlice<Unicode.Scalar>) -> (String, String)? {
        guard let colon = content.firstIndex(of: ":") else { return nil }
        let key = content[content.startIndex..<colon]
        guard (1...16).contains(key.count), let first = key.first, LyricsTime.isLetter(first),
            key.allSatisfy({ LyricsTime.isLetter($0) || LyricsTime.isDigit($0) || $0 == "_" || $0 == "-" })
        else { return nil }
        let value = LyricsTime.trimmed(content[(colon + 1)...])
        return (String(String.UnicodeScalarView(key)).lowercased(), String(String.UnicodeScalarView(value)))
    }

    private mutating func applyTag(key: String, value: String, line: Int) {
        metadata.tags[key] = value
        switch key {
        case "ar": metadata.artist = value
        case "ti": metadata.title = value
        case "al": metadata.album = value
        case "by": metadata.author = value
        case "length":
            if let length = LyricsTime.length(value) {
                metadata.length = length
            } else {
                warnings.append(LyricsWarning(line: line, error: .badLength(Excerpt.of(value.unicodeScalars[...]))))
            }
        case "offset":
            if let offset = LyricsTime.offset(value) {
                metadata.offset = offset
            } else {
                warnings.append(LyricsWarning(line: line, error: .badOffset(Excerpt.of(value.unicodeScalars[...]))))
            }
        default: break
        }
    }

    private mutating func addEntries(times: [Duration], body: ArraySlice<Unicode.Scalar>, line: Int) {
        var segments = [Segment()]
        var index = body.startIndex
        var warnedWords = false
        while index < body.endIndex {
            let scalar = body[index]
            if scalar == "<", let close = body[index...].prefix(16).firstIndex(of: ">"),
                let time = LyricsTime.timestamp(body[(index + 1)..<close])
            {
                if segments.count <= limits.maxWords {
                    segments.append(Segment(time: time))
                } else if !warnedWords {
                    warnedWords = true
                    warnings.append(LyricsWarning(line: line, error: .tooManyWords(limit: limits.maxWords)))
                }
                index = close + 1
                continue
            }
            segments[segments.count - 1].scalars.append(scalar)
            index += 1
        }
        let (text, words, wordsEnd) = layOut(segments, lineStart: times[0], line: line)
        for time in times {
            // Repeated timestamps multiply lines; the line bound holds for the lines made, not just those read.
            guard entries.count < limits.maxLines else {
                if !warnedEntries {
                    warnedEntries = true
                    warnings.append(LyricsWarning(line: line, error: .tooManyLines(limit: limits.maxLines)))
                }
                return
            }
            let shift = time - times[0]
            let shifted = words.map { word in
                PendingWord(
                    text: word.text, scalarRange: word.scalarRange, start: word.start + shift,
                    end: word.end.map { $0 + shift })
            }
            entries.append(
                LyricsEntry(
                    start: time, order: entries.count, text: text, words: shifted,
                    wordsEnd: wordsEnd.map { $0 + shift }))
        }
    }

    // Joins the segments into the line's text and finds each word's place in it.
    private mutating func layOut(_ segments: [Segment], lineStart: Duration, line: Int)
        -> (String, [PendingWord], Duration?)
    {
        var joined: [Unicode.Scalar] = []
        var ranges: [Range<Int>] = []
        for segment in segments {
            let start = joined.count
            joined.append(contentsOf: segment.scalars)
            ranges.append(start..<joined.count)
        }
        let lead = joined.firstIndex(where: { !LyricsTime.isSpace($0) }) ?? joined.count
        let trail = (joined.lastIndex(where: { !LyricsTime.isSpace($0) }) ?? (lead - 1)) + 1
        var textEnd = max(lead, trail)
        if textEnd - lead > limits.maxTextScalars {
            warnings.append(LyricsWarning(line: line, error: .textTruncated(limitScalars: limits.maxTextScalars)))
            textEnd = lead + limits.maxTextScalars
            // A cut after a space leaves the text trimmed like any other, so it reads back the same.
            while textEnd > lead, LyricsTime.isSpace(joined[textEnd - 1]) { textEnd -= 1 }
        }
        let textScalars = joined[lead..<textEnd]
        guard segments.count > 1 else { return (string(textScalars), [], nil) }

        var words: [PendingWord] = []
        var wordsEnd: Duration?
        for (position, segment) in segments.enumerated() {
            let start = segment.time ?? lineStart
            let next = position + 1 < segments.count ? segments[position + 1].time : nil
            var low = max(ranges[position].lowerBound, lead)
            var high = min(ranges[position].upperBound, textEnd)
            while low < high, LyricsTime.isSpace(joined[low]) { low += 1 }
            while high > low, LyricsTime.isSpace(joined[high - 1]) { high -= 1 }
            if low < high {
                words.append(
                    PendingWord(
                        text: string(joined[low..<high]), scalarRange: (low - lead)..<(high - lead), start: start,
                        end: next))
            } else if position == segments.count - 1, segment.time != nil, !words.isEmpty {
                wordsEnd = start
            }
        }
        return (string(textScalars), words, wordsEnd)
    }

    private func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private func assemble() -> ParsedLyrics {
        let offset = metadata.offset
        func display(_ time: Duration) -> Duration { max(.zero, time - offset) }
        let sorted = entries.map { entry in
            var moved = entry
            moved.start = display(entry.start)
            moved.wordsEnd = entry.wordsEnd.map(display)
            moved.words = entry.words.map { word in
                var movedWord = word
                movedWord.start = display(word.start)
                movedWord.end = word.end.map(display)
                return movedWord
            }
            return moved
        }.sorted { ($0.start, $0.order) < ($1.start, $1.order) }

        var lines: [LyricLine] = []
        // Lines whose last word no tag closes: it would otherwise be swept until the next line starts.
        var openLastWord: [Int] = []
        var lastEndIsDefault = false
        for (position, entry) in sorted.enumerated() where !entry.text.isEmpty {
            let end: Duration
            lastEndIsDefault = false
            if position + 1 < sorted.count {
                end = sorted[position + 1].start
            } else if let wordsEnd = entry.wordsEnd.map({ closing in
                // A trailing tag earlier than a word's start is out of order: as it ends that word where the word
                // starts, it ends the line there too (so the line reads back the same once written out).
                entry.words.reduce(closing) { max($0, $1.start) }
            }), wordsEnd > entry.start {
                end = wordsEnd
            } else if let length = metadata.length.map(display), length > entry.start {
                end = length
            } else {
                end = entry.start + limits.lastLineDuration
                lastEndIsDefault = true
            }
            // Starts are made monotonic inside the line first; then each word ends no later than the next starts.
            var starts: [Duration] = []
            var floor = entry.start
            for word in entry.words {
                floor = min(max(word.start, floor), end)
                starts.append(floor)
            }
            var words: [LyricWord] = []
            for (index, word) in entry.words.enumerated() {
                let limit = index + 1 < starts.count ? starts[index + 1] : end
                let wordEnd = min(max(word.end ?? end, starts[index]), limit)
                words.append(
                    LyricWord(text: word.text, scalarRange: word.scalarRange, start: starts[index], end: wordEnd))
            }
            if let last = entry.words.last, last.end == nil { openLastWord.append(lines.count) }
            lines.append(LyricLine(text: entry.text, start: entry.start, end: end, words: words))
        }
        var result = ParsedLyrics(lines: lines, metadata: metadata, warnings: warnings)
        result.lastLineEndIsDefault = lastEndIsDefault && !lines.isEmpty
        // Computed once here, so that drawing a frame only reads each line's `sungEnd`.
        result.pace = LyricsPace.estimate(lines, lastLineEndIsDefault: result.lastLineEndIsDefault)
        for index in result.lines.indices {
            result.lines[index].sungEnd = LyricsPace.sungEnd(of: result.lines[index], pace: result.pace)
        }
        for index in openLastWord {
            let last = result.lines[index].words.count - 1
            let word = result.lines[index].words[last]
            result.lines[index].words[last].end = LyricsPace.sungEnd(ofOpenWord: word, pace: result.pace)
        }
        return result
    }
}
