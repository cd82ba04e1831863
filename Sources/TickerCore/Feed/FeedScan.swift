// Scanning helpers for feed lines.
enum FeedScan {
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool { FeedText.isControl(scalar) }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    /// Takes the first word off `rest`, and the spaces after it.
    static func nextWord(_ rest: inout ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        let end = rest.firstIndex(where: isSpace) ?? rest.endIndex
        let word = rest[rest.startIndex..<end]
        rest = trimmed(rest[end...])
        return word
    }

    /// The scalars of `value` after a leading `+` or `-`, and the sign: -1 after a `-`, else 1.
    static func signed(_ value: String) -> (sign: Int64, digits: ArraySlice<Unicode.Scalar>) {
        let scalars = Array(value.unicodeScalars)[...]
        guard let first = scalars.first, first == "-" || first == "+" else { return (1, scalars) }
        return (first == "-" ? -1 : 1, scalars.dropFirst())
    }

    static func trimmed(_ scalars: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return scalars[scalars.endIndex...] }
        return scalars[first...last]
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    static func join(_ command: String, _ text: String) -> String {
        text.isEmpty ? command : command + " " + oneLine(text)
    }

    // A line break inside text would split the command in two; other control characters cannot be shown.
    static func oneLine(_ text: String) -> String { FeedText.oneLine(text) }

    /// Decimal seconds (`12`, `12.5`, `.5`) as whole microseconds; extra fraction digits are cut. At most 9
    /// integer digits, so the result cannot overflow.
    static func micros(_ scalars: ArraySlice<Unicode.Scalar>) -> Int64? {
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var wholeDigits = 0
        var fractionDigits = 0
        var inFraction = false
        for scalar in scalars {
            if scalar == "." && !inFraction {
                inFraction = true
            } else if isDigit(scalar) {
                let digit = Int64(scalar.value - 48)
                if inFraction {
                    if fractionDigits < 6 { fraction = fraction * 10 + digit }
                    fractionDigits += 1
                } else {
                    guard wholeDigits < 9 else { return nil }
                    whole = whole * 10 + digit
                    wholeDigits += 1
                }
            } else {
                return nil
            }
        }
        guard wholeDigits + fractionDigits > 0 else { return nil }
        for _ in min(fractionDigits, 6)..<6 { fraction *= 10 }
        return whole * 1_000_000 + fraction
    }

    /// A time as decimal seconds with no trailing zeros: `12`, `12.5`, `0.000250`→`0.00025`.
    static func seconds(_ time: Duration) -> String {
        max(time, .zero).decimalSeconds(fractionDigits: 6)
    }
}
