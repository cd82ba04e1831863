extension FontChain {
    /// One glyph of a drawn cluster.
    public struct Part: Sendable {
        /// The glyph.
        public let glyph: Glyph
        /// Pen position of the glyph, in pixels right of the cluster's own (negative for a mark wider than its
        /// base).
        public let x: Int
        /// Index in `fonts` of the font the glyph comes from; nil for the empty box a chain without a
        /// replacement glyph draws.
        public let font: Int?
    }

    /// How the chain draws one grapheme cluster: its glyphs, and how far the pen moves after them.
    public struct ClusterDrawing: Sendable {
        /// The glyphs, base first; none for an invisible cluster.
        public let parts: [Part]
        /// Pixels the pen moves right after the cluster, spacing included.
        public let advance: Int
    }

    /// How the chain draws the cluster made of `scalars` (a `Character`'s, or their shaped forms).
    ///
    /// - A single scalar takes the glyph of the first font that has it. A tab draws as a space.
    /// - Control characters (C0, C1, DEL, and the line and paragraph separators U+2028 and U+2029) draw as
    ///   the replacement glyph; invisible format characters (zero-width space, direction marks, …) that no
    ///   font draws take no room at all.
    /// - A cluster with a glyph of its own draws as that glyph: the precomposed Latin letter canonically equal
    ///   to it, when some font has one ("e\u{301}" → é).
    /// - Any other cluster whose base (first scalar) some font has draws as its parts: the base, then each
    ///   nonspacing or enclosing mark over the spacing glyph before it, taking no room (see `markPosition`),
    ///   each spacing mark or further base with its own advance. A mark no font has draws nothing, so
    ///   variation selectors and skin-tone modifiers leave the heart of "❤\u{FE0F}" as it is; a further base no
    ///   font has draws as the replacement glyph.
    /// - A cluster whose base no font has (an emoji ZWJ sequence, a flag, …) draws as the replacement glyph of
    ///   the first font that has one; with none in the chain, as an empty box as tall as the chain.
    public func drawing(of scalars: [Unicode.Scalar]) -> ClusterDrawing {
        var parts: [Part] = []
        let advance = appendDrawing(of: scalars[...], to: &parts)
        return ClusterDrawing(parts: parts, advance: advance)
    }

    /// Appends the parts `drawing(of:)` draws `scalars` with to `parts`, so a caller can keep one buffer for a
    /// whole line; returns the cluster's advance.
    func appendDrawing(of scalars: ArraySlice<Unicode.Scalar>, to parts: inout [Part]) -> Int {
        guard let base = scalars.first else { return 0 }
        let whole: (glyph: Glyph, font: Int?)?
        if scalars.count == 1 {
            if base == "\t" {
                whole = firstGlyph(for: " ") ?? replacementWithFont
            } else if Self.isControl(base) {
                whole = replacementWithFont
            } else if let found = firstGlyph(for: base) {
                whole = found
            } else {
                guard base.properties.generalCategory != .format else { return 0 }
                whole = replacementWithFont
            }
        } else if Self.isControl(base) {
            whole = replacementWithFont
        } else {
            whole = precomposedGlyph(for: scalars) ?? (firstGlyph(for: base) == nil ? replacementWithFont : nil)
        }
        if let whole {
            parts.append(Part(glyph: whole.glyph, x: 0, font: whole.font))
            return max(whole.glyph.advance, 0)
        }
        return appendParts(of: scalars, to: &parts)
    }

    /// The base, then the rest of the cluster: marks over the spacing glyph before them, the others after it.
    private func appendParts(of scalars: ArraySlice<Unicode.Scalar>, to parts: inout [Part]) -> Int {
        var cell = 0..<0
        for (offset, scalar) in scalars.enumerated() {
            let found = firstGlyph(for: scalar)
            if offset > 0, Self.isMark(scalar) {
                guard let found else { continue }
                parts.append(Part(glyph: found.glyph, x: Self.markPosition(found.glyph, over: cell), font: found.font))
            } else if found != nil || scalar.properties.generalCategory != .format {
                let drawn = found ?? replacementWithFont
                parts.append(Part(glyph: drawn.glyph, x: cell.upperBound, font: drawn.font))
                cell = cell.upperBound..<(cell.upperBound + max(drawn.glyph.advance, 0))
            }
        }
        return cell.upperBound
    }

    /// Where a mark goes over `cell`, the columns of the spacing glyph before it: bitmap fonts such as Unifont
    /// draw a mark in a cell of its own, placed over the base cell, so the two cells are centred on each other
    /// (rounding towards the left when their widths differ by an odd number). A mark its font gives no room is
    /// drawn where its font puts it, from the end of the base cell, as a pen would after the base.
    static func markPosition(_ mark: Glyph, over cell: Range<Int>) -> Int {
        guard mark.advance > 0 else { return cell.upperBound }
        let difference = cell.count - mark.advance
        return cell.lowerBound + (difference >= 0 ? difference / 2 : -((1 - difference) / 2))
    }

    /// The glyph of the precomposed Latin letter canonically equal to the cluster, when some font has one.
    private func precomposedGlyph(for scalars: ArraySlice<Unicode.Scalar>) -> (glyph: Glyph, font: Int?)? {
        var cluster = ""
        cluster.unicodeScalars.append(contentsOf: scalars)
        guard cluster.count == 1, let character = cluster.first, let code = Self.precomposedLatin[character],
            let scalar = Unicode.Scalar(code)
        else { return nil }
        return firstGlyph(for: scalar)
    }
}
