/// Every line of the lyrics the scene observed, laid out once — in the lyric zone (the bottom one of a split
/// panel) and, on a split panel that wraps, over both zones — and, for each line, the last line at or before it
/// that takes the top zone while it is sung, or -1: for drawing and for telling when the picture changes.
struct ObservedLyrics: Sendable {
    private(set) var layouts: [LyricLayout] = []
    private(set) var wrapped: [WrappedLyric] = []
    private(set) var lastTopLine: [Int] = []

    /// No lyrics.
    init() {}

    /// `lyrics` laid out in the zones `top` and `bottom`, of a split panel (`split`) or not, wrapped over both
    /// zones of a split panel when `wrap` says so.
    init(_ lyrics: ParsedLyrics, top: ZoneRenderer, bottom: ZoneRenderer, split: Bool, wrap: Bool) {
        let lyricZone = split ? bottom : top
        layouts = lyrics.lines.map { line in
            LyricLayout(line: line, layout: TextLine(line.text, fonts: lyricZone.fonts), renderer: lyricZone)
        }
        wrapped = split && wrap ? lyrics.lines.map { WrappedLyric(line: $0, top: top, bottom: bottom) } : []
        let lines = lyrics.lines
        for index in lines.indices {
            // A line is sung until it ends or the next one starts; not at all when the next starts with it.
            let line = lines[index]
            let sung = (index + 1 < lines.count ? min(line.end, lines[index + 1].start) : line.end) > line.start
            let takesTop = sung && (!split || (index < wrapped.count && wrapped[index].fits))
            lastTopLine.append(takesTop ? index : (lastTopLine.last ?? -1))
        }
    }
}
