/// Fonts tried in order for each character, so a text can mix a small built-in face with a large BDF font
/// that covers other scripts. All fonts share one baseline: the chain is as tall as its tallest ascent
/// plus its deepest descent, while a line takes only the box of the fonts it draws from (see `box(using:)`).
public struct FontChain: Sendable {
    /// The fonts, first choice first.
    public let fonts: [BitmapFont]

    /// A chain trying `fonts` in order.
    public init(_ fonts: [BitmapFont]) {
        self.fonts = fonts
    }

    /// Pixels from the shared baseline to the top of the chain's box: the largest ascent of its fonts.
    public var ascent: Int { fonts.map(\.ascent).max() ?? 0 }

    /// Pixels from the shared baseline to the bottom of the chain's box: the largest descent of its fonts.
    public var descent: Int { fonts.map(\.descent).max() ?? 0 }

    /// Total height of the chain's box in pixels.
    public var height: Int { ascent + descent }

    /// The glyph to draw for one grapheme cluster.
    ///
    /// - A single scalar takes the glyph of the first font that has it. A tab draws as a space.
    /// - Control characters (C0, C1, DEL, and the line and paragraph separators U+2028 and U+2029) draw as
    ///   the replacement glyph; invisible format characters (zero-width space, direction marks, …) that no
    ///   font draws take no room at all.
    /// - A base with combining marks draws as the precomposed Latin letter when one is canonically equal
    ///   and some font has it ("e\u{301}" → é), else as the base alone. Variation selectors and skin-tone
    ///   modifiers count as marks, so a text-style "❤\u{FE0F}" still shows the heart a font has.
    /// - A cluster of several base characters (ZWJ emoji sequences, flags, …), or one whose base no font
    ///   has, draws as the replacement glyph of the first font that has one; with none in the chain, as an
    ///   empty box as tall as the chain.
    public func glyph(for character: Character) -> Glyph {
        resolve(character).glyph
    }

    /// The glyph `glyph(for:)` draws for `character` and the index in `fonts` of the font it comes from: nil
    /// for an invisible character and for the empty box a chain without replacement draws.
    public func resolve(_ character: Character) -> (glyph: Glyph, font: Int?) {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return replacementWithFont }
        if scalars.count == 1 {
            if base == "\t" { return firstGlyph(for: " ") ?? replacementWithFont }
            if Self.isControl(base) { return replacementWithFont }
            if let found = firstGlyph(for: base) { return found }
            if base.properties.generalCategory == .format { return (Self.invisible, nil) }
            return replacementWithFont
        }
        if Self.isControl(base) { return replacementWithFont }
        if let precomposed = Self.precomposedLatin[character], let scalar = Unicode.Scalar(precomposed),
            let found = firstGlyph(for: scalar)
        {
            return found
        }
        let onlyMarks = scalars.dropFirst().allSatisfy(Self.isMark)
        if onlyMarks, let found = firstGlyph(for: base) { return found }
        return replacementWithFont
    }

    /// The box a line drawn from the fonts `used` (indices in `fonts`) takes: the first font's box always,
    /// grown by the box of each other font the line draws from. A line the first font draws alone is placed
    /// exactly as that font alone would place it.
    public func box(using used: some Sequence<Int>) -> (ascent: Int, descent: Int) {
        var ascent = fonts.first?.ascent ?? 0
        var descent = fonts.first?.descent ?? 0
        for index in used where fonts.indices.contains(index) {
            ascent = max(ascent, fonts[index].ascent)
            descent = max(descent, fonts[index].descent)
        }
        return (ascent, descent)
    }

    /// The replacement glyph of the first font that has one, else an empty box as tall as the chain.
    public var replacement: Glyph { replacementWithFont.glyph }

    /// The replacement glyph and the font it comes from (nil for the empty box).
    private var replacementWithFont: (glyph: Glyph, font: Int?) {
        for (index, font) in fonts.enumerated() {
            if let replacement = font.replacement { return (replacement, index) }
        }
        return (Self.emptyBox(ascent: ascent, descent: descent), nil)
    }

    private func firstGlyph(for scalar: Unicode.Scalar) -> (glyph: Glyph, font: Int?)? {
        for (index, font) in fonts.enumerated() {
            if let glyph = font.glyph(for: scalar) { return (glyph, index) }
        }
        return nil
    }

    /// C0, DEL, C1 and the line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Scalars that modify the base before them rather than standing alone: combining and enclosing marks
    /// (variation selectors are among them) and emoji skin-tone modifiers.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return (0x1F3FB...0x1F3FF).contains(scalar.value)
        }
    }

    /// A glyph that draws nothing and takes no room.
    private static let invisible = Glyph(advance: 0, width: 0, height: 0, xOffset: 0, yOffset: 0, rows: [])

    /// An outlined rectangle from the top of the ascent to the bottom of the descent, half as wide as tall.
    static func emptyBox(ascent: Int, descent: Int) -> Glyph {
        let height = ascent + descent
        guard height > 0 else { return invisible }
        var art = PixelArt(width: max(3, height / 2), height: height)
        for row in 0..<height {
            for column in 0..<art.width where row == 0 || row == height - 1 || column == 0 || column == art.width - 1 {
                art.rows[row][column] = true
            }
        }
        return art.glyph(ascent: ascent)
    }

    /// Precomposed Latin letters (Latin-1 Supplement, Latin Extended-A and -B, Latin Extended Additional)
    /// by their character. `Character` compares and hashes by canonical equivalence, so a base letter with
    /// combining marks finds its precomposed form here.
    private static let precomposedLatin: [Character: UInt32] = {
        let codes = Array(0xC0...0x24F) + Array(0x1E00...0x1EFF)
        let pairs = codes.compactMap { code in Unicode.Scalar(UInt32(code)).map { (Character($0), UInt32(code)) } }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }()
}
