/// The now-playing line's pattern, such as `{artist} — {title}`, with the placeholders `{artist}`, `{title}`,
/// `{album}` and `{text}`.
///
/// Empty fields fall away with the text that joins them: each placeholder owns the literal text just before
/// it (the first one shown drops it, unless it stands at the very start of the pattern), and the text after
/// the last placeholder is kept only when that placeholder has a value. So `{artist} — {title}` shows
/// `Artist — Title`, just `Title`, or just `Artist`; `{title} ({album})` shows `Title` when there is no album.
public struct NowPlayingTemplate: Sendable, Equatable {
    /// A problem in a template's text.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// `{name}` with a name that is not a placeholder.
        case unknownPlaceholder(String)
        /// `{` with no `}` after it.
        case unclosedBrace(String)

        /// The message, naming the offending text and the placeholders there are.
        public var description: String {
            let problem =
                switch self {
                case .unknownPlaceholder(let name): "unknown placeholder '{\(name)}'"
                case .unclosedBrace(let rest): "'{' without '}' in '\(rest)'"
                }
            return problem + " (expected \(NowPlayingTemplate.placeholders))"
        }
    }

    /// The placeholders, as messages list them.
    static let placeholders = "{artist}, {title}, {album} or {text}"

    /// A field a placeholder stands for.
    public enum Field: String, Sendable, Equatable, CaseIterable {
        /// `{artist}`.
        case artist
        /// `{title}`.
        case title
        /// `{album}`.
        case album
        /// `{text}`.
        case text
    }

    private enum Part: Sendable, Equatable {
        case literal(String)
        case field(Field)
    }

    /// The pattern as written.
    public let source: String
    private let parts: [Part]

    /// The default pattern, `{artist} — {title}`.
    public static let standard = NowPlayingTemplate(checked: "{artist} — {title}")

    /// Parses a pattern; `{{` and `}}` stand for literal braces.
    public init(_ source: String) throws(ParseError) {
        var parts: [Part] = []
        var literal = ""
        var scalars = source.unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "}" && scalars.first == "}" {
                scalars = scalars.dropFirst()
                literal.unicodeScalars.append("}")
            } else if scalar == "{" && scalars.first == "{" {
                scalars = scalars.dropFirst()
                literal.unicodeScalars.append("{")
            } else if scalar == "{" {
                guard let close = scalars.firstIndex(of: "}") else {
                    throw .unclosedBrace(Excerpt.of(["{"] + Array(scalars)))
                }
                let name = String(String.UnicodeScalarView(scalars[..<close]))
                guard let field = Field(rawValue: name) else { throw .unknownPlaceholder(Excerpt.of(name)) }
                parts.append(.literal(literal))
                parts.append(.field(field))
                literal = ""
                scalars = scalars[scalars.index(after: close)...]
            } else {
                literal.unicodeScalars.append(scalar)
            }
        }
        parts.append(.literal(literal))
        self.source = source
        self.parts = parts
    }

    private init(checked source: String) {
        self.source = source
        self.parts = (try? NowPlayingTemplate(source))?.parts ?? [.literal(source)]
    }

    /// Whether the pattern mentions `field`.
    public func uses(_ field: Field) -> Bool { parts.contains(.field(field)) }

    /// The pattern filled in with `values` (a missing or empty value counts as absent).
    public func render(_ values: [Field: String]) -> String {
        render(values, marking: nil).text
    }

    /// The pattern filled in, and which characters of it (grapheme clusters, counted from 0) `marked`'s value
    /// took, or nil when it is not shown.
    public func render(_ values: [Field: String], marking marked: Field?) -> (text: String, marked: Range<Int>?) {
        var range: Range<Int>?
        var out = ""
        var shownAny = false
        var lastHadValue = false
        var pendingLiteral = ""
        var atStart = true
        for part in parts {
            switch part {
            case .literal(let text):
                pendingLiteral = text
            case .field(let field):
                let value = values[field] ?? ""
                if !value.isEmpty {
                    if shownAny || atStart { out += pendingLiteral }
                    if field == marked {
                        let start = out.count
                        range = start..<(start + value.count)
                    }
                    out += value
                    shownAny = true
                }
                lastHadValue = !value.isEmpty
                atStart = false
                pendingLiteral = ""
            }
        }
        if lastHadValue || parts.count == 1 { out += pendingLiteral }
        return (out, range)
    }
}
