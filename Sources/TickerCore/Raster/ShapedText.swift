import CFriBidi

/// A line's characters as the panel shows them, worked out by GNU FriBidi: the Unicode bidirectional algorithm
/// (with bracket pairs) gives each character its embedding level, from which the visual order follows; in
/// right-to-left runs characters are mirrored, and Arabic letters take their joined presentation forms and
/// lam-alef ligatures.
///
/// FriBidi works on scalars, the layout on characters (grapheme clusters): a character takes the level of its
/// first scalar. A shaped form no font has gives way to the letter itself, and the ligatures to the two letters
/// when a ligature is missing, so a font without presentation forms still shows the letters.
struct ShapedText {
    /// The line's direction.
    let direction: TextDirection
    /// The scalars to draw, character after character in logical order (see `scalars(of:)`).
    private let shapedScalars: [Unicode.Scalar]
    /// For each character in logical order, where its scalars are in `shapedScalars`.
    private let clusters: [Range<Int>]
    /// For each character in logical order, the character whose glyph shows it: itself, or for the first letter
    /// of a ligature, the letter after it, which draws the ligature.
    let shownBy: [Int]
    /// Logical indices of the characters in visual order, left to right.
    let visualOrder: [Int]

    /// Runs the bidirectional algorithm and shaping over `characters`; `drawable` says whether some font has a
    /// glyph for a scalar.
    init(_ characters: [Character], drawable: (Unicode.Scalar) -> Bool) {
        var logical: [FriBidiChar] = []
        var owner: [Int] = []
        for (index, character) in characters.enumerated() {
            for scalar in character.unicodeScalars {
                logical.append(scalar.value)
                owner.append(index)
            }
        }
        let paragraph = Paragraph(logical)
        let shaped = paragraph.shaped(drawable: drawable)
        var shapedScalars: [Unicode.Scalar] = []
        shapedScalars.reserveCapacity(logical.count)
        var clusters = [Range<Int>](repeating: 0..<0, count: characters.count)
        var shownBy = Array(characters.indices)
        var levels = [FriBidiLevel](repeating: paragraph.baseLevel, count: characters.count)
        for position in logical.indices {
            let index = owner[position]
            if position == 0 || owner[position - 1] != index {
                levels[index] = paragraph.levels[position]
                clusters[index] = shapedScalars.count..<shapedScalars.count
            }
            if paragraph.ligatedAway(position, in: shaped) {
                if position + 1 < owner.count { shownBy[index] = owner[position + 1] }
            } else {
                shapedScalars.append(Unicode.Scalar(shaped[position]) ?? "\u{FFFD}")
                clusters[index] = clusters[index].lowerBound..<shapedScalars.count
            }
        }
        self.direction = paragraph.baseLevel % 2 == 1 ? .rightToLeft : .leftToRight
        self.shapedScalars = shapedScalars
        self.clusters = clusters
        self.shownBy = shownBy
        self.visualOrder = Self.visualOrder(levels: levels)
    }

    /// The scalars to draw for character `index` (logical order): mirrored in right-to-left runs, Arabic letters
    /// in their presentation forms; none for the first letter of a ligature.
    func scalars(of index: Int) -> ArraySlice<Unicode.Scalar> { shapedScalars[clusters[index]] }

    /// Logical indices in visual order (rule L2): from the highest level down to the lowest odd one, every run
    /// of characters at that level or higher is reversed.
    static func visualOrder(levels: [FriBidiLevel]) -> [Int] {
        var order = Array(levels.indices)
        guard var level = levels.max(), let lowestOdd = levels.lazy.filter({ $0 % 2 == 1 }).min() else {
            return order
        }
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start + 1
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }
}

/// One paragraph's scalars with the levels and joining FriBidi resolved for them.
private struct Paragraph {
    /// The scalars, in logical order.
    let logical: [FriBidiChar]
    /// The embedding level of each scalar.
    let levels: [FriBidiLevel]
    /// The paragraph's own level: 0 left to right, 1 right to left.
    let baseLevel: FriBidiLevel
    /// The Arabic joining of each scalar (`fribidi_join_arabic`).
    let joining: [FriBidiArabicProp]

    /// Resolves `logical` (`fribidi_get_par_embedding_levels_ex`, `fribidi_join_arabic`); the paragraph's
    /// direction comes from its first strong character.
    init(_ logical: [FriBidiChar]) {
        let count = FriBidiStrIndex(logical.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: logical.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: logical.count)
        var levels = [FriBidiLevel](repeating: 0, count: logical.count)
        var joining = [FriBidiArabicProp](repeating: 0, count: logical.count)
        var direction = cfribidi_paragraph_from_text
        if !logical.isEmpty {
            fribidi_get_bidi_types(logical, count, &types)
            fribidi_get_bracket_types(logical, count, types, &brackets)
            // Zero means FriBidi could not allocate its runs: the text is then shown as it is written.
            if fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) == 0 {
                levels = [FriBidiLevel](repeating: 0, count: logical.count)
                direction = cfribidi_paragraph_left_to_right
            }
            fribidi_get_joining_types(logical, count, &joining)
            fribidi_join_arabic(types, count, levels, &joining)
        }
        self.logical = logical
        self.levels = levels
        self.baseLevel = direction == cfribidi_paragraph_right_to_left ? 1 : 0
        self.joining = joining
    }

    /// The scalars mirrored in right-to-left runs and Arabic letters in their presentation forms, each shaped
    /// scalar no font draws given back as it was written (mirrored); ligatures only when every one formed
    /// has a glyph. The first letter of a ligature becomes `cfribidi_ligated_away`.
    func shaped(drawable: (Unicode.Scalar) -> Bool) -> [FriBidiChar] {
        // Mirroring and Arabic letters (strong right-to-left) happen only at odd levels.
        guard levels.contains(where: { $0 % 2 == 1 }) else { return logical }
        let mirrored = shape(cfribidi_shape_mirroring)
        let forms = cfribidi_shape_mirroring | cfribidi_shape_arabic_forms
        var shaped = shape(forms | cfribidi_shape_arabic_ligatures)
        let ligatures = shaped.indices.dropLast().lazy.filter { ligatedAway($0, in: shaped) }
        if ligatures.contains(where: { !Self.draws(shaped[$0 + 1], drawable) }) { shaped = shape(forms) }
        for position in shaped.indices where !ligatedAway(position, in: shaped) {
            if shaped[position] != mirrored[position], !Self.draws(shaped[position], drawable) {
                shaped[position] = mirrored[position]
            }
        }
        return shaped
    }

    /// Whether FriBidi replaced the scalar at `position` by the filler that marks the first letter of a ligature.
    func ligatedAway(_ position: Int, in shaped: [FriBidiChar]) -> Bool {
        shaped[position] == cfribidi_ligated_away && logical[position] != cfribidi_ligated_away
    }

    /// The scalars shaped with `flags` (`fribidi_shape`).
    private func shape(_ flags: FriBidiFlags) -> [FriBidiChar] {
        var shaped = logical
        var joining = self.joining
        fribidi_shape(flags, levels, FriBidiStrIndex(logical.count), &joining, &shaped)
        return shaped
    }

    private static func draws(_ value: FriBidiChar, _ drawable: (Unicode.Scalar) -> Bool) -> Bool {
        Unicode.Scalar(value).map(drawable) ?? false
    }
}
