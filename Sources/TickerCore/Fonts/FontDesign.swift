/// The marks that turn a base letter into an accented one.
enum Accent: CaseIterable, Sendable {
    case grave, acute, circumflex, caron, breve, tilde, diaeresis, ring, macron, dotAbove, doubleAcute
    case cedilla, ogonek

    /// Whether the mark hangs below the letter rather than sitting above it.
    var isBelow: Bool { self == .cedilla || self == .ogonek }
}

/// How a built-in font is drawn: its metrics, glyph sheets, accent marks and the accented letters composed
/// from them. ``glyphs()`` turns the design into the table a ``BitmapFont`` holds.
struct FontDesign: Sendable {
    /// Rows above the baseline.
    var ascent: Int
    /// Rows below the baseline.
    var descent: Int
    /// Glyph sheets (see ``GlyphSheet``), each `ascent + descent` rows tall.
    var sheets: [String]
    /// Each mark's drawing, top row first; marks wider than the base widen the letter.
    var marks: [Accent: [String]]
    /// Accented letters: a base character, then the letters made from it, one accent each.
    var compositions: [(base: Character, letters: String, accents: [Accent])]

    var height: Int { ascent + descent }

    /// The drawings of every sheet and composition, by code point. Compositions whose base or mark is
    /// missing are left out, as are letters already drawn by hand.
    func drawings() -> [UInt32: PixelArt] {
        var drawings: [UInt32: PixelArt] = [:]
        for sheet in sheets {
            for (scalar, art) in GlyphSheet.parse(sheet, rowsPerGlyph: height) where art.height == height {
                drawings[scalar] = art
            }
        }
        for (base, letters, accents) in compositions {
            guard let baseScalar = base.unicodeScalars.first, let baseArt = drawings[baseScalar.value] else {
                continue
            }
            for (letter, accent) in zip(letters.unicodeScalars, accents) where drawings[letter.value] == nil {
                if let composed = compose(baseArt, accent) {
                    drawings[letter.value] = composed
                }
            }
        }
        return drawings
    }

    /// The packed glyphs of ``drawings()``.
    func glyphs() -> [UInt32: Glyph] {
        drawings().mapValues { $0.glyph(ascent: ascent) }
    }

    /// The font of this design, called `name`, whose replacement is its drawing of U+FFFD (a boxed question
    /// mark).
    func font(named name: String) -> BitmapFont {
        let glyphs = glyphs()
        return BitmapFont(name: name, ascent: ascent, descent: descent, glyphs: glyphs, replacement: glyphs[0xFFFD])
    }

    /// `base` with `accent` added: above the ink with one blank row between where the ascent has room,
    /// touching it where it has not, and with the base squeezed down by dropping rows where even that
    /// does not fit (the small font's capitals). Marks below go under the lowest ink.
    func compose(_ base: PixelArt, _ accent: Accent) -> PixelArt? {
        guard let mark = markArt(accent, over: base), let ink = base.inkRows else { return nil }
        var base = base
        var markRow: Int
        if accent.isBelow {
            markRow = ink.upperBound + 1
            guard markRow + mark.height <= height else { return nil }
        } else {
            markRow = ink.lowerBound - 1 - mark.height
            if markRow < 0 { markRow += 1 }
            if markRow < 0 {
                base = squeezed(base, droppingRows: -markRow)
                markRow = 0
            }
        }
        let width = max(base.width, mark.width)
        var composed = base.widened(to: width, shift: (width - base.width) / 2)
        let markColumn: Int
        if accent == .ogonek {
            markColumn = (width - base.width) / 2 + base.width - mark.width
        } else {
            markColumn = (width - mark.width) / 2
        }
        composed.stamp(mark, column: max(markColumn, 0), row: markRow)
        return composed
    }

    /// The drawing of `accent` as it sits over `base`: diaeresis and macron follow the base's width.
    private func markArt(_ accent: Accent, over base: PixelArt) -> PixelArt? {
        guard var lines = marks[accent] else { return nil }
        let evenBase = (base.inkColumns?.count ?? base.width) % 2 == 0
        if accent == .diaeresis, evenBase, base.width >= 4, height >= 8 {
            lines = ["#..#"]
        }
        if accent == .macron, evenBase, base.width >= 4, height >= 8 {
            lines = ["####"]
        }
        return PixelArt(lines.map { Substring($0) })
    }

    /// `art` with `count` rows of its ink removed, bottom-aligned. Each step drops the inner row that
    /// differs least from a neighbour, the sparser one on a tie, so strokes keep their ends and crossbars
    /// survive (A keeps its bar, E its middle arm).
    private func squeezed(_ art: PixelArt, droppingRows count: Int) -> PixelArt {
        guard let ink = art.inkRows else { return art }
        var inkLines = Array(art.rows[ink])
        func distance(_ a: [Bool], _ b: [Bool]) -> Int { zip(a, b).filter { $0 != $1 }.count }
        for _ in 0..<count where inkLines.count > 2 {
            let inner = 1..<(inkLines.count - 1)
            let cost = { (row: Int) in
                (
                    min(distance(inkLines[row], inkLines[row - 1]), distance(inkLines[row], inkLines[row + 1])),
                    inkLines[row].filter { $0 }.count
                )
            }
            guard let cheapest = inner.min(by: { cost($0) < cost($1) }) else { break }
            inkLines.remove(at: cheapest)
        }
        var result = PixelArt(width: art.width, height: art.height)
        let top = ink.upperBound + 1 - inkLines.count
        for (offset, line) in inkLines.enumerated() {
            result.rows[top + offset] = line
        }
        return result
    }
}
