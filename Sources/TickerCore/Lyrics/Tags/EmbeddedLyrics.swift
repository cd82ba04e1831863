/// Lyrics found in a music file's tags, as text for the feed.
public struct EmbeddedLyrics: Equatable, Sendable {
    /// Lyrics with times, as LRC (with word times where the tag had them): from a `SYNCEDLYRICS` comment, a
    /// lyrics field that holds LRC, or an ID3v2 `SYLT` frame.
    public var synced: String?
    /// Lyrics without times.
    public var plain: String?

    /// Lyrics from either kind of field.
    public init(synced: String? = nil, plain: String? = nil) {
        self.synced = synced
        self.plain = plain
    }

    /// Whether nothing was found.
    public var isEmpty: Bool { synced == nil && plain == nil }

    /// Adds what `other` found where this has nothing yet: the first synced and the first plain text win.
    mutating func merge(_ other: EmbeddedLyrics) {
        if synced == nil { synced = other.synced }
        if plain == nil { plain = other.plain }
    }

    /// Files a lyrics field's text: text with LRC line times is synced, the rest plain. Empty text is nothing.
    mutating func add(_ text: String, syncedByName: Bool) {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return }
        if syncedByName || Self.looksTimed(trimmed) {
            if synced == nil, Self.looksTimed(trimmed) { synced = trimmed }
        } else if plain == nil {
            plain = trimmed
        }
    }

    /// Whether some line of `text` starts with an LRC time such as `[01:02.50]`.
    static func looksTimed(_ text: String) -> Bool {
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var scalars = line.unicodeScalars.drop { $0 == " " || $0 == "\t" }.makeIterator()
            guard scalars.next() == "[" else { continue }
            var digits = 0
            var sawColon = false
            while let scalar = scalars.next() {
                if scalar.properties.numericType != nil, scalar.isASCII {
                    digits += 1
                } else if scalar == ":", digits > 0, !sawColon {
                    sawColon = true
                    digits = 0
                } else {
                    break
                }
            }
            if sawColon, digits >= 2 { return true }
        }
        return false
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs, line breaks and NULs.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
