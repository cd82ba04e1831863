/// A bitmap font: glyphs by Unicode scalar, a baseline, and what to draw for a character it lacks.
///
/// Built-in fonts and fonts loaded from BDF files are both values of this type, so a fallback chain can mix
/// them freely.
public struct BitmapFont: Sendable {
    /// A human-readable name (the BDF `FONT` name, or `builtin` / `small`).
    public let name: String
    /// Pixels from the baseline to the top of the font's box.
    public let ascent: Int
    /// Pixels from the baseline to the bottom of the font's box.
    public let descent: Int
    /// The glyph drawn for a character no font in a chain covers, if this font has one.
    public let replacement: Glyph?
    /// The glyphs, by code point.
    public let glyphs: [UInt32: Glyph]

    /// Creates a font from its glyph table.
    public init(name: String, ascent: Int, descent: Int, glyphs: [UInt32: Glyph], replacement: Glyph?) {
        self.name = name
        self.ascent = ascent
        self.descent = descent
        self.glyphs = glyphs
        self.replacement = replacement
    }

    /// Total height of the font's box in pixels.
    public var height: Int { ascent + descent }

    /// The glyph for `scalar`, or nil when the font does not cover it.
    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        glyphs[scalar.value]
    }
}
