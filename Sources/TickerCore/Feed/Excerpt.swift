// A short, printable quotation of hostile input for an error message: control characters escaped, at most
// `limit` characters, with `…` when cut.
enum Excerpt {
    static let limit = 40

    static func of<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var out = ""
        var count = 0
        for scalar in scalars {
            let piece: String
            switch scalar {
            case "\n": piece = "\\n"
            case "\r": piece = "\\r"
            case "\t": piece = "\\t"
            case "\\": piece = "\\\\"
            case "\u{0}": piece = "\\0"
            default:
                if FeedText.isControl(scalar) {
                    piece = "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    piece = String(scalar)
                }
            }
            if count + piece.unicodeScalars.count > limit {
                return out + "…"
            }
            out += piece
            count += piece.unicodeScalars.count
        }
        return out
    }

    static func of(_ string: String) -> String { of(string.unicodeScalars) }
}
