import CICU

/// Where a line of text may be broken in two, as Unicode's line breaking (UAX #14) says through ICU's line
/// break iterator: at spaces and after hyphens, between East Asian characters (but never before closing
/// punctuation, small kana or ー, nor after opening punctuation), and inside Thai, Lao, Khmer and Burmese
/// words' runs at the word ends ICU's dictionaries find.
///
/// One tailoring, which UAX #14 leaves to the text's conventions: Korean written with spaces between its words
/// breaks at those spaces only (as Korean is set), so a line that has a space is never broken between two
/// Hangul syllables; Hangul without spaces breaks between syllables, as ICU says.
///
/// A break ICU allows inside a grapheme cluster (a Swift `Character`, whose rules may be newer than ICU's) is
/// left out, so a line is never broken inside a character. ICU reads its rules and dictionaries from its data
/// library, mapped into memory, and only here: when a line is laid out, never while a frame is drawn.
enum LineBreaks {
    /// A break: the first part ends before character `end`, the second starts at character `start`
    /// (after the spaces a break at a space drops).
    struct Break: Equatable {
        let end: Int
        let start: Int
    }

    /// The breaks `characters` allows, last first (so the first that fits leaves the longest first part);
    /// none when ICU cannot open its line rules (the line then scrolls rather than wraps).
    static func candidates(in characters: [Character]) -> [Break] {
        var text: [UInt16] = []
        // The character that starts at each UTF-16 offset, or -1 inside a character.
        var characterAt: [Int] = []
        for (index, character) in characters.enumerated() {
            let units = character.utf16
            characterAt.append(index)
            characterAt.append(contentsOf: repeatElement(-1, count: units.count - 1))
            text.append(contentsOf: units)
        }
        characterAt.append(characters.count)
        let spacedWords = characters.contains { $0.isWhitespace }
        var breaks: [Break] = []
        for offset in allowedOffsets(in: text) where offset > 0 && offset < text.count {
            let start = characterAt[offset]
            guard start > 0 else { continue }
            if spacedWords, characters[start - 1].isHangulSyllable, characters[start].isHangulSyllable { continue }
            var end = start
            while end > 0, characters[end - 1].isWhitespace { end -= 1 }
            guard end > 0 else { continue }
            breaks.append(Break(end: end, start: start))
        }
        return breaks.reversed()
    }

    /// The UTF-16 offsets before which ICU allows a line of `text` to break, first first, ending with the end
    /// of the text; none when ICU cannot open its rules.
    private static func allowedOffsets(in text: [UInt16]) -> [Int] {
        guard !text.isEmpty, let length = Int32(exactly: text.count) else { return [] }
        // A break comes after at least one code unit, so there are at most as many as code units.
        var offsets = [Int32](repeating: 0, count: text.count)
        let count = text.withUnsafeBufferPointer { units in
            offsets.withUnsafeMutableBufferPointer { breaks in
                cicu_line_breaks(units.baseAddress, length, breaks.baseAddress, length)
            }
        }
        return offsets.prefix(max(Int(count), 0)).map(Int.init)
    }
}

extension Character {
    /// Whether this character is a Hangul syllable, precomposed or spelt out in jamo (one grapheme cluster
    /// that starts with a leading consonant).
    fileprivate var isHangulSyllable: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x115F, 0xA960...0xA97C: return true
        default: return false
        }
    }
}
