// The colours of a marquee drawn with a look (`TextLook`): its strip's column colours, made once when the text
// or its look changes and kept beside the strips.

extension ZoneRenderer {
    /// A strip's column colours under one fill.
    struct CachedLook: Sendable {
        let text: String
        let truncated: Bool
        let fill: TextLook.Fill
        let columns: LookColumns
    }

    /// How many looks a zone keeps (a message's and a page's).
    static let lookCacheSize = 2

    /// The colours `fill` gives the strip `drawMarquee` draws `text` from (truncated under reduced motion), and
    /// how that strip moves. Made on first use and kept; read from the cache, it allocates nothing.
    mutating func lookColumns(for text: String, fill: TextLook.Fill) -> (columns: LookColumns, motion: Marquee) {
        let motion = marqueeMotion(for: text)
        let truncated = marquee.reducedMotion && peekStrip(for: text).width > zone.width
        if let index = lookCache.lastIndex(where: { $0.truncated == truncated && $0.fill == fill && $0.text == text }) {
            return (lookCache[index].columns, motion)
        }
        let strip = self.strip(for: text, truncated: truncated)
        let columns = LookColumns(fill, line: strip.line, width: strip.width)
        if lookCache.count >= Self.lookCacheSize { lookCache.removeFirst() }
        lookCache.append(CachedLook(text: text, truncated: truncated, fill: fill, columns: columns))
        return (columns, motion)
    }
}
