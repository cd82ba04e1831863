/// The bounds the lyrics parser holds hostile input to. Anything beyond a bound is cut or skipped with a
/// warning; nothing makes the parser fail.
public struct LyricsLimits: Sendable, Equatable {
    /// Bytes of UTF-8 read from the text; the rest is ignored.
    public var maxBytes: Int = 65_536
    /// Lines of the text read (blank lines and tags included); the rest are ignored.
    public var maxLines: Int = 2_000
    /// Unicode scalars in one raw line, tags included; a longer line is skipped.
    public var maxRawLineScalars: Int = 4_096
    /// Unicode scalars of display text in one line; longer text is cut.
    public var maxTextScalars: Int = 500
    /// Word tags in one line; later tags are dropped and their text joins the last word.
    public var maxWords: Int = 200
    /// Leading timestamps on one line; later ones are ignored.
    public var maxTimestampsPerLine: Int = 32
    /// How long the last line lasts when nothing else says: no trailing word tag and no track length.
    public var lastLineDuration: Duration = .seconds(5)

    /// The default limits.
    public init() {}
}
