/// Where the words of a lyric line sit in its zone, measured once per line (when the scene observes the lyrics)
/// and shared, never changed, by every frame that draws the line.
final class LyricLayout: Sendable {
    let text: String
    let wordSpans: [Range<Int>]
    /// The pages a line wider than its zone is shown in under reduced motion; none otherwise.
    let pages: LyricPages

    init(line: LyricLine, layout: TextLine, renderer: ZoneRenderer) {
        self.text = line.text
        pages =
            renderer.karaoke.reducedMotion
            ? LyricPages(line.text, layout: layout, fonts: renderer.fonts, zoneWidth: renderer.zone.width)
            : LyricPages()
        let characterCount = layout.characterSpans.count
        wordSpans = line.wordCharacterRanges().map { range in
            layout.span(ofCharacters: range.lowerBound..<min(range.upperBound, characterCount))
                .fromLeadingEdge(width: layout.width, direction: layout.direction)
        }
    }
}

/// A lyric too wide for the bottom zone of a split panel, broken where a line may break (at a space, or between
/// East Asian characters: see `LineBreaks`) into a line for each zone (the first line as long as fits), with
/// its words' places measured once per line.
struct WrappedLyric: Sendable {
    var text = ""
    /// Whether the line could be wrapped into the two zones; false leaves it to scroll in the bottom zone.
    var fits = false
    var first = ""
    var second = ""
    /// Widths of the two lines in pixels.
    var widths = [0, 0]
    var direction = TextDirection.leftToRight
    /// Each word's columns from the leading edge, the second line's counted on from the end of the first.
    var wordSpans: [Range<Int>] = []

    init() {}

    init(line: LyricLine, top: ZoneRenderer, bottom: ZoneRenderer) {
        self.text = line.text
        let whole = TextLine(line.text, fonts: bottom.fonts)
        guard whole.width > bottom.zone.width else { return }
        let characters = Array(line.text)
        var best: (first: TextLine, second: TextLine, secondStart: Int)?
        for split in LineBreaks.candidates(in: characters) {
            let head = TextLine(String(characters[0..<split.end]), fonts: top.fonts)
            guard head.width <= top.zone.width else { continue }
            let tail = TextLine(String(characters[split.start...]), fonts: bottom.fonts)
            if tail.width <= bottom.zone.width { best = (head, tail, split.start) }
            break
        }
        guard let best else { return }
        fits = true
        first = best.first.text
        second = best.second.text
        widths = [best.first.width, best.second.width]
        direction = whole.direction
        // Each line's layout counts its own characters; the second line's are counted on from its start.
        let firstWidth = widths[0]
        let direction = direction
        wordSpans = line.wordCharacterRanges().map { range in
            let lower = range.lowerBound
            let upper = range.upperBound
            if lower < best.secondStart {
                return best.first.span(ofCharacters: lower..<min(upper, best.first.characterSpans.count))
                    .fromLeadingEdge(width: best.first.width, direction: direction)
            }
            let span = best.second.span(ofCharacters: (lower - best.secondStart)..<(upper - best.secondStart))
                .fromLeadingEdge(width: best.second.width, direction: direction)
            return (span.lowerBound + firstWidth)..<(span.upperBound + firstWidth)
        }
    }

}

extension Range<Int> {
    /// These columns of a line `width` pixels wide counted from where its reading starts: the sweep measures
    /// from the leading edge, which for right-to-left text is the right one, while a layout's spans are columns
    /// from the left.
    func fromLeadingEdge(width: Int, direction: TextDirection) -> Range<Int> {
        guard direction == .rightToLeft else { return self }
        let low = Swift.max(width - upperBound, 0)
        return low..<Swift.max(width - lowerBound, low)
    }
}

extension LyricLine {
    /// Each word's characters (grapheme clusters) in `text`: word times count Unicode scalars, layouts count
    /// characters. Ranges are clamped to the text and never empty-inverted.
    func wordCharacterRanges() -> [Range<Int>] {
        var characterOfScalar: [Int] = []
        characterOfScalar.reserveCapacity(text.unicodeScalars.count + 1)
        var characterCount = 0
        for character in text {
            for _ in character.unicodeScalars { characterOfScalar.append(characterCount) }
            characterCount += 1
        }
        characterOfScalar.append(characterCount)
        return words.map { word in
            let last = characterOfScalar.count - 1
            let lower = characterOfScalar[min(max(word.scalarRange.lowerBound, 0), last)]
            let upper = min(characterOfScalar[min(max(word.scalarRange.upperBound - 1, 0), last)] + 1, characterCount)
            return lower..<max(lower, upper)
        }
    }
}
