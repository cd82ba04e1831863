/// Where a line of text may be broken in two, by the rules of Unicode's line breaking (UAX #14) that matter
/// on a panel: at spaces, and between East Asian characters, which are written without spaces.
///
/// Ideographs, kana and Hangul syllables (class ID) may be broken between, and from letters of other
/// scripts, but never before closing punctuation, small kana or the prolonged sound mark (、。」！？ぁー …,
/// classes CL, CP, EX, IS and NS) nor after opening punctuation (「（【 …, class OP). Breaks fall between
/// characters (grapheme clusters), so never inside one. Text without East Asian characters breaks at its
/// spaces only; Thai, which needs a dictionary to find its words, does too.
enum LineBreaks {
    /// A break: the first part ends before character `end`, the second starts at character `start`
    /// (after the spaces a break at a space drops).
    struct Break: Equatable {
        let end: Int
        let start: Int
    }

    /// The breaks `characters` allows, last first (so the first that fits leaves the longest first part).
    /// A run of spaces gives one break per space, each dropping the whole run.
    static func candidates(in characters: [Character]) -> [Break] {
        var breaks: [Break] = []
        for split in characters.indices.reversed() {
            if characters[split].isWhitespace {
                var end = split
                while end > 0, characters[end - 1].isWhitespace { end -= 1 }
                var start = split
                while start < characters.count, characters[start].isWhitespace { start += 1 }
                guard end > 0, start < characters.count else { continue }
                breaks.append(Break(end: end, start: start))
            } else if split > 0, !characters[split - 1].isWhitespace,
                mayBreak(between: characters[split - 1], and: characters[split])
            {
                breaks.append(Break(end: split, start: split))
            }
        }
        return breaks
    }

    /// How a character takes part in breaking.
    enum Role: Equatable {
        /// An ideograph, kana or Hangul syllable: a break may come before or after it.
        case ideographic
        /// Closing punctuation and the like: no break before it.
        case closing
        /// Opening punctuation: no break after it.
        case opening
        /// Anything else (Latin letters, digits, …): breaks only at spaces, or next to an ideograph.
        case other
    }

    /// Whether a line may break between `before` and `after`, neither of them a space.
    static func mayBreak(between before: Character, and after: Character) -> Bool {
        let left = role(of: before)
        let right = role(of: after)
        if right == .closing || left == .opening { return false }
        switch (left, right) {
        case (.ideographic, _), (.closing, .ideographic), (.closing, .opening), (.other, .ideographic): return true
        default: return false
        }
    }

    /// The role of `character`, by its first scalar.
    static func role(of character: Character) -> Role {
        guard let scalar = character.unicodeScalars.first else { return .other }
        if closing.contains(scalar) { return .closing }
        if opening.contains(scalar) { return .opening }
        return character.isEastAsianSyllable ? .ideographic : .other
    }

    /// No break before these: closing brackets and quotes (CL, CP), full stops and commas (IS and the CJK
    /// ones), ! and ? (EX), small kana, iteration marks and the prolonged sound mark (NS and CJ).
    private static let closing: Set<Unicode.Scalar> = Set(
        (")]},.:;!?%'\"’”…‥、。，．：；！？）］｝〉》」』】〕〗〙〛・ー゛゜ゝゞヽヾ々〻"
            + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
            + "｡｣､･ｧｨｩｪｫｬｭｮｯｰﾞﾟ").unicodeScalars)

    /// No break after these: opening brackets and quotes (OP).
    private static let opening: Set<Unicode.Scalar> = Set("([{‘“（［｛〈《「『【〔〖〘〚｢".unicodeScalars)
}
