/// Fonts tried in order for each character.
public struct FontChain: Sendable {
    /// The fonts, first choice first.
    public let fonts: [BitmapFont]

    /// Creates a chain.
    public init(_ fonts: [BitmapFont]) {
        self.fonts = fonts
    }

    /// Pixels above the baseline: the largest ascent of the fonts.
    public var ascent: Int { fonts.map(\.ascent).max() ?? 0 }
    /// Pixels below the baseline: the largest descent of the fonts.
    public var descent: Int { fonts.map(\.descent).max() ?? 0 }
    /// Total line height in pixels.
    public var height: Int { ascent + descent }

    /// The glyph that draws `character`.
    public func glyph(for character: Character) -> Glyph {
        let scalar = character.unicodeScalars.first ?? " "
        for font in fonts {
            if let glyph = font.glyph(for: scalar) { return glyph }
        }
        for font in fonts {
            if let replacement = font.replacement { return replacement }
        }
        return Glyph(advance: 0, width: 0, height: 0, xOffset: 0, yOffset: 0, rows: [])
    }
}
