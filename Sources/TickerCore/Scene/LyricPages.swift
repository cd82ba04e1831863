/// A lyric too wide for its zone, cut into pages as wide as the zone, for reduced motion: instead of
/// scrolling, the line is shown a page at a time, each page while the sweep (which nobody sees) crosses it, so
/// each gets its share of the line's time and word times still say when a page comes. Measured once per line.
struct LyricPages: Sendable {
    /// Each page's text, in reading order; empty when the line fits (or the zone has no width).
    var texts: [String] = []
    /// Where each page starts in the whole line, in pixels from its leading edge: the sweep position at which
    /// the page is shown.
    var starts: [Double] = []

    init() {}

    /// Pages of `text` (laid out whole as `layout`) for a zone `zoneWidth` pixels wide: as many whole words as
    /// fit on each page, and a word wider than the zone cut where it must.
    init(_ text: String, layout: TextLine, fonts: FontChain, zoneWidth: Int) {
        guard zoneWidth > 0, layout.width > zoneWidth else { return }
        let characters = Array(text)
        let count = min(characters.count, layout.characterSpans.count)
        func fits(_ range: Range<Int>) -> Bool {
            TextLine(String(characters[range]), fonts: fonts).width <= zoneWidth
        }
        func skipSpaces(from index: Int) -> Int {
            var index = index
            while index < count, characters[index].isWhitespace { index += 1 }
            return index
        }
        var start = skipSpaces(from: 0)
        while start < count {
            var end: Int?
            var wordStart = start
            while wordStart < count {
                var wordEnd = wordStart
                while wordEnd < count, !characters[wordEnd].isWhitespace { wordEnd += 1 }
                guard fits(start..<wordEnd) else { break }
                end = wordEnd
                wordStart = skipSpaces(from: wordEnd)
            }
            if end == nil {
                // A word wider than the zone: as many of its characters as fit, at least one.
                var cut = start + 1
                while cut < count, !characters[cut].isWhitespace, fits(start..<(cut + 1)) { cut += 1 }
                end = cut
            }
            let pageEnd = end ?? count
            let span = layout.span(ofCharacters: start..<(start + 1))
                .fromLeadingEdge(width: layout.width, direction: layout.direction)
            texts.append(String(characters[start..<pageEnd]))
            starts.append(starts.isEmpty ? 0 : max(Double(span.lowerBound), starts[starts.count - 1]))
            start = skipSpaces(from: pageEnd)
        }
        if texts.count < 2 {
            texts = []
            starts = []
        }
    }

    /// The page shown when the sweep is `head` pixels into the line: the last one that starts at or before it.
    func page(at head: Double) -> Int {
        var page = 0
        while page + 1 < starts.count, starts[page + 1] <= head { page += 1 }
        return page
    }
}
