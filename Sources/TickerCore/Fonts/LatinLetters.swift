/// The accented Latin letters of Latin-1 and Latin Extended-A as base letter plus one mark, shared by the
/// built-in fonts. Lowercase i and j take marks above on their dotless forms (ı, ȷ).
enum LatinLetters {
    static let compositions: [(base: Character, letters: String, accents: [Accent])] = [
        ("A", "ÀÁÂÃÄÅĀĂĄ", [.grave, .acute, .circumflex, .tilde, .diaeresis, .ring, .macron, .breve, .ogonek]),
        ("a", "àáâãäåāăą", [.grave, .acute, .circumflex, .tilde, .diaeresis, .ring, .macron, .breve, .ogonek]),
        ("C", "ÇĆĈĊČ", [.cedilla, .acute, .circumflex, .dotAbove, .caron]),
        ("c", "çćĉċč", [.cedilla, .acute, .circumflex, .dotAbove, .caron]),
        ("D", "Ď", [.caron]),
        ("E", "ÈÉÊËĒĔĖĘĚ", [.grave, .acute, .circumflex, .diaeresis, .macron, .breve, .dotAbove, .ogonek, .caron]),
        ("e", "èéêëēĕėęě", [.grave, .acute, .circumflex, .diaeresis, .macron, .breve, .dotAbove, .ogonek, .caron]),
        ("G", "ĜĞĠĢ", [.circumflex, .breve, .dotAbove, .cedilla]),
        ("g", "ĝğġ", [.circumflex, .breve, .dotAbove]),
        ("H", "Ĥ", [.circumflex]),
        ("I", "ÌÍÎÏĨĪĬĮİ", [.grave, .acute, .circumflex, .diaeresis, .tilde, .macron, .breve, .ogonek, .dotAbove]),
        ("ı", "ìíîïĩīĭ", [.grave, .acute, .circumflex, .diaeresis, .tilde, .macron, .breve]),
        ("i", "į", [.ogonek]),
        ("J", "Ĵ", [.circumflex]),
        ("\u{237}", "ĵ", [.circumflex]),
        ("K", "Ķ", [.cedilla]),
        ("k", "ķ", [.cedilla]),
        ("L", "ĹĻ", [.acute, .cedilla]),
        ("l", "ļ", [.cedilla]),
        ("N", "ÑŃŅŇ", [.tilde, .acute, .cedilla, .caron]),
        ("n", "ñńņň", [.tilde, .acute, .cedilla, .caron]),
        ("O", "ÒÓÔÕÖŌŎŐ", [.grave, .acute, .circumflex, .tilde, .diaeresis, .macron, .breve, .doubleAcute]),
        ("o", "òóôõöōŏő", [.grave, .acute, .circumflex, .tilde, .diaeresis, .macron, .breve, .doubleAcute]),
        ("R", "ŔŖŘ", [.acute, .cedilla, .caron]),
        ("r", "ŕŗř", [.acute, .cedilla, .caron]),
        ("S", "ŚŜŞŠ", [.acute, .circumflex, .cedilla, .caron]),
        ("s", "śŝşš", [.acute, .circumflex, .cedilla, .caron]),
        ("T", "ŢŤ", [.cedilla, .caron]),
        ("t", "ţ", [.cedilla]),
        (
            "U", "ÙÚÛÜŨŪŬŮŰŲ",
            [.grave, .acute, .circumflex, .diaeresis, .tilde, .macron, .breve, .ring, .doubleAcute, .ogonek]
        ),
        (
            "u", "ùúûüũūŭůűų",
            [.grave, .acute, .circumflex, .diaeresis, .tilde, .macron, .breve, .ring, .doubleAcute, .ogonek]
        ),
        ("W", "Ŵ", [.circumflex]),
        ("w", "ŵ", [.circumflex]),
        ("Y", "ÝŶŸ", [.acute, .circumflex, .diaeresis]),
        ("y", "ýŷÿ", [.acute, .circumflex, .diaeresis]),
        ("Z", "ŹŻŽ", [.acute, .dotAbove, .caron]),
        ("z", "źżž", [.acute, .dotAbove, .caron]),
    ]
}
