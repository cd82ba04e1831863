extension Character {
    /// Whether this character is a whole syllable of East Asian writing, written without spaces: a CJK
    /// ideograph, a kana (but for the small ones that only change the kana before them, ゃ ゅ ょ ぁ …) or a
    /// Hangul syllable (precomposed, or spelt out in jamo as one grapheme cluster).
    var isEastAsianSyllable: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        if scalar.properties.isIdeographic { return true }
        switch scalar.value {
        case 0x1100...0x115F,  // Hangul leading jamo, which starts a syllable spelt out in jamo
            0x3041...0x3096, 0x309D...0x309F,  // Hiragana
            0x30A1...0x30FA, 0x30FC...0x30FF,  // Katakana, the prolonged sound mark
            0x31F0...0x31FF,  // Katakana phonetic extensions
            0xAC00...0xD7A3,  // Hangul syllables
            0xFF66...0xFF9D:  // Halfwidth katakana
            return !Self.smallKana.contains(scalar)
        default:
            return false
        }
    }

    /// Kana written small after another to change it (きゃ is one syllable); the small tsu (っ), a pause of
    /// its own, is not among them.
    private static let smallKana: Set<Unicode.Scalar> = Set("ぁぃぅぇぉゃゅょゎゕゖァィゥェォャュョヮヵヶｧｨｩｪｫｬｭｮ".unicodeScalars)
}
