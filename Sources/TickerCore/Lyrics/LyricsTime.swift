// Scanning helpers for LRC times; every number is bounded before it is converted, so no input overflows.
enum LyricsTime {
    static let maxMinutes = 99_999

    /// `mm:ss`, `mm:ss.f`, `mm:ss.ff`, `mm:ss.fff` (or `:` before the fraction), minutes 1–5 digits,
    /// seconds below 60.
    static func timestamp(_ content: ArraySlice<Unicode.Scalar>) -> Duration? {
        var index = content.startIndex
        func digits(max count: Int) -> (value: Int, count: Int)? {
            var value = 0
            var seen = 0
            while index < content.endIndex, isDigit(content[index]) {
                guard seen < count else { return nil }
                value = value * 10 + Int(content[index].value - 48)
                seen += 1
                index += 1
            }
            return seen == 0 ? nil : (value, seen)
        }
        guard let minutes = digits(max: 5), index < content.endIndex, content[index] == ":" else { return nil }
        index += 1
        guard let seconds = digits(max: 2), seconds.value < 60 else { return nil }
        var millis = 0
        if index < content.endIndex {
            guard content[index] == "." || content[index] == ":" else { return nil }
            index += 1
            guard let fraction = digits(max: 3) else { return nil }
            millis = fraction.value * [100, 10, 1][fraction.count - 1]
        }
        guard index == content.endIndex else { return nil }
        return .milliseconds(Int64(minutes.value) * 60_000 + Int64(seconds.value) * 1_000 + Int64(millis))
    }

    /// A `[length:]` value: a timestamp or whole seconds.
    static func length(_ value: String) -> Duration? {
        let scalars = Array(value.unicodeScalars)[...]
        if let time = timestamp(scalars) { return time }
        guard (1...7).contains(scalars.count), scalars.allSatisfy(isDigit) else { return nil }
        return .seconds(scalars.reduce(0) { $0 * 10 + Int64($1.value - 48) })
    }

    /// An `[offset:]` value: optional sign, whole milliseconds, at most a day.
    static func offset(_ value: String) -> Duration? {
        let (sign, digits) = FeedScan.signed(value)
        guard (1...8).contains(digits.count), digits.allSatisfy(isDigit) else { return nil }
        let millis = digits.reduce(Int64(0)) { $0 * 10 + Int64($1.value - 48) }
        guard millis <= 86_400_000 else { return nil }
        return .milliseconds(sign * millis)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    static func trimmed(_ scalars: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return scalars[first...last]
    }
}
