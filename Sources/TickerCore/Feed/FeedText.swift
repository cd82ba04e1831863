/// What the text of a feed command may hold, defined once for the parser and for every writer.
///
/// A command is one line, so its text holds no control character: the parser turns each into a space, and
/// writers do the same before they encode, so that what a writer sends is what the daemon reads.
public enum FeedText {
    /// The most UTF-8 bytes of text a writer puts in one command, so that the command word, its options and
    /// the text always fit in one 4096-byte feed line (`FeedDecoder.Limits.maxLineBytes`).
    public static let maxTextBytes = 4_000

    /// Whether `scalar` is a control character for the feed: C0 (tab and line feed included), DEL, C1, and the
    /// line and paragraph separators U+2028 and U+2029, which some readers take for line breaks.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    /// `text` with every control character replaced by a space: one line, every other character kept.
    public static func oneLine(_ text: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text.unicodeScalars.map { isControl($0) ? " " : $0 })
        return String(view)
    }

    /// `text` as the parser gives it back: on one line, without leading or trailing spaces, and cut (at a
    /// whole character) to at most `FeedCommand.maxTextScalars` scalars and `maxTextBytes` bytes.
    public static func normalized(_ text: String) -> String {
        var scalars = FeedScan.trimmed(ArraySlice(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
        var bytes = 0
        var end = scalars.startIndex
        while end < scalars.endIndex, end - scalars.startIndex < FeedCommand.maxTextScalars {
            let length = UTF8.width(scalars[end])
            guard bytes + length <= maxTextBytes else { break }
            bytes += length
            end += 1
        }
        scalars = FeedScan.trimmed(scalars[scalars.startIndex..<end])
        return FeedScan.string(scalars)
    }
}
