/// Writing direction, decided per line from its first strongly directional character.
public enum TextDirection: Sendable, Equatable {
    case leftToRight
    case rightToLeft
}

/// The bidirectional class of a character, as far as a one-line ticker needs it.
enum BidiClass {
    case left
    case right
    case neutral

    init(_ character: Character) {
        guard let scalar = character.unicodeScalars.first else {
            self = .neutral
            return
        }
        let value = scalar.value
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            self = .right
        default:
            self = scalar.properties.isAlphabetic || scalar.properties.numericType != nil ? .left : .neutral
        }
    }
}

extension TextDirection {
    /// The direction of a line: that of its first strong character, left to right when it has none.
    public init(of text: String) {
        for character in text {
            switch BidiClass(character) {
            case .left:
                self = .leftToRight
                return
            case .right:
                self = .rightToLeft
                return
            case .neutral: continue
            }
        }
        self = .leftToRight
    }
}

/// Reorders characters from logical to visual (left-to-right on the panel) order.
///
/// A simplified bidirectional algorithm that is right for a single line of mostly one script: neutrals take
/// the direction of the strong characters around them (the line's direction where those disagree); runs
/// against the line's direction keep their own reading order; brackets in right-to-left runs are mirrored.
/// Returns, for each visual position, the index of the logical character shown there.
func visualOrder(of characters: [Character], direction: TextDirection) -> [Int] {
    let classes = characters.map(BidiClass.init)
    let paragraphIsRight = direction == .rightToLeft
    var isRight = [Bool](repeating: paragraphIsRight, count: characters.count)
    var index = 0
    while index < classes.count {
        switch classes[index] {
        case .left:
            isRight[index] = false
            index += 1
        case .right:
            isRight[index] = true
            index += 1
        case .neutral:
            var end = index
            while end < classes.count, classes[end] == .neutral { end += 1 }
            let before: Bool? = index > 0 ? isRight[index - 1] : nil
            let after: Bool? = end < classes.count ? classes[end] == .right : nil
            var resolved = paragraphIsRight
            if let before, before == after { resolved = before }
            for i in index..<end { isRight[i] = resolved }
            index = end
        }
    }
    var order = Array(characters.indices)
    if paragraphIsRight { order.reverse() }
    // Reverse each run that reads against the line's direction, in place in visual order.
    var start = 0
    while start < order.count {
        let against = isRight[order[start]] != paragraphIsRight
        var end = start + 1
        while end < order.count, isRight[order[end]] == isRight[order[start]] { end += 1 }
        if against { order[start..<end].reverse() }
        start = end
    }
    return order
}

/// The mirrored form of a bracket shown in a right-to-left run.
func mirrored(_ character: Character) -> Character {
    switch character {
    case "(": return ")"
    case ")": return "("
    case "[": return "]"
    case "]": return "["
    case "{": return "}"
    case "}": return "{"
    case "<": return ">"
    case ">": return "<"
    case "«": return "»"
    case "»": return "«"
    case "‹": return "›"
    case "›": return "‹"
    default: return character
    }
}
