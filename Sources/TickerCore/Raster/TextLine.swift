/// A line of text laid out in a font chain: which glyph goes where, left to right as the panel shows it.
///
/// Layout works on grapheme clusters (Swift `Character`s); advances come from the fonts. The text is reordered
/// for display by the Unicode bidirectional algorithm and Arabic letters are joined (see `ShapedText`), so the
/// first character read of a right-to-left line is at the right edge. A cluster may take several glyphs (a
/// base and its marks, see `FontChain.drawing(of:)`).
public struct TextLine: Sendable {
    /// One glyph on the line; a character drawn as its parts has several.
    public struct Placement: Sendable {
        /// The glyph drawn.
        public let glyph: Glyph
        /// Pen position (pixels from the line's left edge) where the glyph starts.
        public let x: Int
        /// Index of the character (in logical, reading order) the glyph draws.
        public let characterIndex: Int
    }

    /// The text, in logical order.
    public let text: String
    /// Glyphs in visual order, left to right.
    public let placements: [Placement]
    /// Width in pixels: from the first column to the last column any glyph reaches, without trailing spacing.
    public let width: Int
    /// Reading direction.
    public let direction: TextDirection
    /// For each character in logical order, the columns it occupies (its advance). The two letters of an Arabic
    /// ligature (lam-alef) share the ligature's columns, so a sweep lights it with the first.
    public let characterSpans: [Range<Int>]
    /// Pixels above the baseline: the largest ascent of the fonts the line draws from, the first font's
    /// always among them (see `FontChain.box(using:)`).
    public let ascent: Int
    /// Pixels below the baseline, the same way.
    public let descent: Int
    /// The first font's ascent and descent: where the baseline goes when the line's box is taller than its zone.
    public let firstFontBox: (ascent: Int, descent: Int)

    /// Lays out `text` in `fonts`.
    public init(_ text: String, fonts: FontChain) {
        self.init(characters: Array(text), text: text, fonts: fonts)
    }

    private init(characters: [Character], text: String, fonts: FontChain) {
        let shaped = ShapedText(characters, drawable: fonts.hasGlyph(for:))
        var placements: [Placement] = []
        placements.reserveCapacity(characters.count)
        var spans = [Range<Int>](repeating: 0..<0, count: characters.count)
        var pen = 0
        var inkEnd = 0
        var usedFonts: Set<Int> = []
        var parts: [FontChain.Part] = []
        for index in shaped.visualOrder {
            parts.removeAll(keepingCapacity: true)
            let advance = fonts.appendDrawing(of: shaped.scalars(of: index), to: &parts)
            var inked = false
            for part in parts {
                let glyph = part.glyph
                if let font = part.font { usedFonts.insert(font) }
                placements.append(Placement(glyph: glyph, x: pen + part.x, characterIndex: index))
                if glyph.width > 0 {
                    inkEnd = max(inkEnd, pen + part.x + glyph.xOffset + glyph.width)
                    inked = true
                }
            }
            spans[index] = pen..<(pen + advance)
            pen += advance
            // Trailing spacing does not count, but a space between words does.
            if !inked, advance > 0, index != shaped.visualOrder.last { inkEnd = max(inkEnd, pen) }
        }
        for (index, shownBy) in shaped.shownBy.enumerated() where shownBy != index { spans[index] = spans[shownBy] }
        self.text = text
        self.placements = placements
        self.width = max(inkEnd, 0)
        self.direction = shaped.direction
        self.characterSpans = spans
        (self.ascent, self.descent) = fonts.box(using: usedFonts)
        self.firstFontBox = fonts.box(using: [])
    }

    /// Pixels spanned by characters `range` (logical indices) on the panel; empty when the range is.
    public func span(ofCharacters range: Range<Int>) -> Range<Int> {
        let clamped = range.clamped(to: 0..<characterSpans.count)
        guard !clamped.isEmpty else { return 0..<0 }
        var low = Int.max
        var high = Int.min
        for index in clamped {
            low = min(low, characterSpans[index].lowerBound)
            high = max(high, characterSpans[index].upperBound)
        }
        return low..<min(high, max(width, low))
    }

    /// The longest prefix of this line (in reading order) that fits `maxWidth` pixels followed by an
    /// ellipsis; the line itself when it already fits.
    public func truncated(toFit maxWidth: Int, fonts: FontChain) -> TextLine {
        guard width > maxWidth else { return self }
        let characters = Array(text)
        var low = 0
        var high = characters.count - 1
        var best = TextLine(characters: ["…"], text: "…", fonts: fonts)
        while low <= high {
            let count = (low + high) / 2
            // "Night…", not "Night …": spaces before the ellipsis go.
            var kept = count
            while kept > 0, characters[kept - 1].isWhitespace { kept -= 1 }
            let prefix = Array(characters[0..<kept]) + ["…"]
            let candidate = TextLine(characters: prefix, text: String(prefix), fonts: fonts)
            if candidate.width <= maxWidth {
                best = candidate
                low = count + 1
            } else {
                high = count - 1
            }
        }
        return best
    }
}
