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

    /// The glyph to draw for one grapheme cluster: the one glyph `drawing(of:)` draws it with, or for a
    /// cluster drawn as its parts, the glyph of its base.
    public func glyph(for character: Character) -> Glyph {
        drawing(of: Array(character.unicodeScalars)).parts.first?.glyph ?? Self.invisible
    }

    /// Whether some font in the chain has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        fonts.contains { $0.glyph(for: scalar) != nil }
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
    var replacementWithFont: (glyph: Glyph, font: Int?) {
        for (index, font) in fonts.enumerated() {
            if let replacement = font.replacement { return (replacement, index) }
        }
        return (Self.emptyBox(ascent: ascent, descent: descent), nil)
    }

    /// The glyph of the first font that has `scalar`, and that font's index.
    func firstGlyph(for scalar: Unicode.Scalar) -> (glyph: Glyph, font: Int?)? {
        for (index, font) in fonts.enumerated() {
            if let glyph = font.glyph(for: scalar) { return (glyph, index) }
        }
        return nil
    }

    /// C0, DEL, C1 and the line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Scalars drawn over the base before them and taking no room: nonspacing and enclosing marks (variation
    /// selectors are among them) and emoji skin-tone modifiers. Spacing marks (Mc) take their own room.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return (0x1F3FB...0x1F3FF).contains(scalar.value)
        }
    }

    /// A glyph that draws nothing and takes no room.
    static let invisible = Glyph(advance: 0, width: 0, height: 0, xOffset: 0, yOffset: 0, rows: [])

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
    static let precomposedLatin: [Character: UInt32] = {
        let codes = Array(0xC0...0x24F) + Array(0x1E00...0x1EFF)
        let pairs = codes.compactMap { code in Unicode.Scalar(UInt32(code)).map { (Character($0), UInt32(code)) } }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }()
}
