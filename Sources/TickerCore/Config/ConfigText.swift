// Text helpers for the INI reader.
package enum ConfigText {
    static func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" || character == "\r" }

    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }

    /// A value after `=`: a `"quoted string"` (with `\"` and `\\`), or bare text up to a `#` or `;` that starts
    /// the value or follows a space; a colour `#RRGGBB` (six hex digits) starting the value is not a comment.
    static func value(_ raw: String) throws(ConfigError) -> String {
        let text = trimmed(raw)
        guard text.first == "\"" else {
            var out = ""
            var previousWasSpace = true
            var characters = Substring(text)
            if isColor(characters) {
                out = String(characters.prefix(7))
                characters = characters.dropFirst(7)
                previousWasSpace = false
            }
            for character in characters {
                if (character == "#" || character == ";") && previousWasSpace { break }
                out.append(character)
                previousWasSpace = isSpace(character)
            }
            return trimmed(out)
        }
        var out = ""
        var escaped = false
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if escaped {
                if character != "\"" && character != "\\" { out.append("\\") }
                out.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                let rest = trimmed(String(text[index...]))
                guard rest.isEmpty || rest.hasPrefix("#") || rest.hasPrefix(";") else {
                    throw .badQuoting(Excerpt.of(text))
                }
                return out
            } else {
                out.append(character)
            }
        }
        throw .badQuoting(Excerpt.of(text))
    }

    /// Whether `text` starts with `#` and six hex digits, then ends or goes on after a space.
    static func isColor(_ text: Substring) -> Bool {
        let head = Array(text.prefix(8))
        guard head.count >= 7, head[0] == "#", head[1...6].allSatisfy(\.isHexDigit) else { return false }
        return head.count == 7 || isSpace(head[7])
    }

    /// The candidate nearest to `word` by edit distance, when it is close enough to be a likely typo (the
    /// command lines suggest their options with it too).
    package static func closest(_ word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard target.count <= 64 else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.unicodeScalars))
            if distance <= max(1, min(2, candidate.count / 3)), distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = previous
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
