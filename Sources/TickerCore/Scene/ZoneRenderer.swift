/// Draws one zone of the panel: a marquee or a karaoke line, from strips it rasterizes only when the text
/// changes. Drawing a frame from cached strips allocates nothing.
public struct ZoneRenderer: Sendable {
    /// Where the zone is.
    public let zone: Zone
    /// Fonts, first choice first.
    public let fonts: FontChain
    /// How marquees move.
    public let marquee: MarqueeStyle
    /// How lyrics light up.
    public let karaoke: KaraokeStyle
    /// Bits per pixel of the panel.
    public let depth: PixelDepth

    private let lit: LevelTable
    private let rest: LevelTable
    private let restIsDither: Bool
    /// Level tables of the faded columns at the zone's edges while text scrolls: left ones, then right ones.
    private let fadeTables: [LevelTable]
    private var cache: [CachedStrip] = []
    private var clock: Int = 0

    private struct CachedStrip {
        let text: String
        let truncated: Bool
        let strip: Strip
        var lastUsed: Int
    }

    /// How many strips a zone keeps (the now-playing line, a lyric or two, a message).
    static let cacheSize = 6

    /// Creates a renderer for `zone` of a panel of `depth`.
    public init(zone: Zone, depth: PixelDepth, fonts: FontChain, marquee: MarqueeStyle, karaoke: KaraokeStyle) {
        self.zone = zone
        self.depth = depth
        self.fonts = fonts
        self.marquee = marquee
        self.karaoke = karaoke
        self.lit = LevelTable(level: depth.maxLevel, depth: depth)
        // A 1-bit panel has no dim level: the unsung part is dithered instead.
        let dither = karaoke.restStyle == .dither || depth == .one
        self.restIsDither = dither
        let restLevel = dither ? depth.maxLevel : depth.level(karaoke.restLevel)
        self.rest = LevelTable(level: restLevel, depth: depth)
        // The faded columns depend only on the zone and the style, so their levels are packed once here.
        var fades: [LevelTable] = []
        if depth != .one {
            let probe = Marquee(textWidth: zone.width + 1, zoneWidth: zone.width, style: marquee)
            let (left, right) = probe.fadeColumns
            for column in Array(0..<left) + Array((zone.width - right)..<zone.width) {
                fades.append(LevelTable(level: depth.level(probe.fade(atZoneColumn: column)), depth: depth))
            }
        }
        self.fadeTables = fades
        cache.reserveCapacity(Self.cacheSize)
    }

    /// The strip for `text` in this zone, rasterized on first use and cached. With `truncated`, a line wider
    /// than the zone is cut to fit with an ellipsis.
    public mutating func strip(for text: String, truncated: Bool = false) -> Strip {
        clock &+= 1
        for index in cache.indices where cache[index].truncated == truncated && cache[index].text == text {
            cache[index].lastUsed = clock
            return cache[index].strip
        }
        var line = TextLine(text, fonts: fonts)
        if truncated { line = line.truncated(toFit: zone.width, fonts: fonts) }
        let strip = Strip(line, height: zone.height)
        let entry = CachedStrip(text: text, truncated: truncated, strip: strip, lastUsed: clock)
        if cache.count < Self.cacheSize {
            cache.append(entry)
        } else if let oldest = cache.indices.min(by: { cache[$0].lastUsed < cache[$1].lastUsed }) {
            cache[oldest] = entry
        }
        return strip
    }

    /// Draws `text` as a marquee, `elapsed` seconds after it appeared (the lap restarts when the text
    /// changes, so the caller passes the time since the change).
    public mutating func drawMarquee(_ text: String, elapsed: Double, into frame: inout Frame) {
        let full = strip(for: text)
        let motion = Marquee(textWidth: full.width, zoneWidth: zone.width, style: marquee)
        if marquee.reducedMotion, full.width > zone.width {
            let short = strip(for: text, truncated: true)
            let still = Marquee(textWidth: short.width, zoneWidth: zone.width, style: marquee)
            draw(short, motion: still, offset: 0, into: &frame)
            return
        }
        draw(full, motion: motion, offset: motion.columnOffset(at: elapsed), into: &frame)
    }

    private func draw(_ strip: Strip, motion: Marquee, offset: Int, into frame: inout Frame) {
        let canvas = ZoneCanvas(zone: zone, frame: frame)
        let width = canvas.zone.width
        let fades = depth != .one && width == zone.width ? motion.fadeColumns : (0, 0)
        let rightFadeStart = width - fades.1
        strip.columns.withUnsafeBufferPointer { columns in
            lit.entries.withUnsafeBufferPointer { table in
                frame.bytes.withUnsafeMutableBufferPointer { bytes in
                    for column in 0..<width {
                        guard let x = motion.stripColumn(atZoneColumn: column, offset: offset) else { continue }
                        if column >= fades.0 && column < rightFadeStart {
                            canvas.paint(column: column, mask: columns[x], table: table, into: bytes)
                            continue
                        }
                        let fadeIndex = column < fades.0 ? column : fades.0 + column - rightFadeStart
                        guard fadeIndex < fadeTables.count else { continue }
                        fadeTables[fadeIndex].entries.withUnsafeBufferPointer { faded in
                            canvas.paint(column: column, mask: columns[x], table: faded, into: bytes)
                        }
                    }
                }
            }
        }
    }

    /// Draws a lyric line with columns `sung` (fractional, in strip columns) lit and the rest at the rest
    /// style, scrolled left by `scroll` whole columns when the line is wider than the zone.
    public mutating func drawKaraoke(
        _ text: String, sung: (start: Double, end: Double), scroll: Int, into frame: inout Frame
    ) {
        let strip = strip(for: text)
        let canvas = ZoneCanvas(zone: zone, frame: frame)
        let width = canvas.zone.width
        // A line that fits keeps the marquee's alignment.
        let shift = strip.width <= width ? -Marquee(textWidth: strip.width, zoneWidth: width, style: marquee)
            .alignmentStart : scroll
        let litFrom = Int(sung.start.rounded(.up))
        let litTo = Int(sung.end.rounded(.down))
        strip.columns.withUnsafeBufferPointer { columns in
            lit.entries.withUnsafeBufferPointer { litTable in
                rest.entries.withUnsafeBufferPointer { restTable in
                    frame.bytes.withUnsafeMutableBufferPointer { bytes in
                        for column in 0..<width {
                            let x = column + shift
                            guard x >= 0, x < columns.count else { continue }
                            let mask = columns[x]
                            if x >= litFrom && x < litTo {
                                canvas.paint(column: column, mask: mask, table: litTable, into: bytes)
                            } else if !restIsDither {
                                canvas.paint(column: column, mask: mask, table: restTable, into: bytes)
                            } else {
                                let pattern: UInt64 = x & 1 == 0 ? 0x5555_5555_5555_5555 : 0xAAAA_AAAA_AAAA_AAAA
                                canvas.paint(column: column, mask: mask & pattern, table: restTable, into: bytes)
                            }
                        }
                    }
                }
            }
        }
        // On a grey panel the column the sweep is crossing is lit in proportion to how far it has got.
        guard !restIsDither else { return }
        let startFraction = sung.start - sung.start.rounded(.down)
        if startFraction > 0 {
            paintEdge(strip, x: litFrom - 1, covered: 1 - startFraction, shift: shift, canvas: canvas, frame: &frame)
        }
        let endFraction = sung.end - sung.end.rounded(.down)
        if endFraction > 0 {
            paintEdge(strip, x: litTo, covered: endFraction, shift: shift, canvas: canvas, frame: &frame)
        }
    }

    private func paintEdge(
        _ strip: Strip, x: Int, covered: Double, shift: Int, canvas: ZoneCanvas, frame: inout Frame
    ) {
        let column = x - shift
        guard column >= 0, column < canvas.zone.width, x >= 0, x < strip.width else { return }
        let restFraction = Double(rest.level) / Double(depth.maxLevel)
        let level = depth.level(restFraction + (1 - restFraction) * covered)
        canvas.paint(column: column, mask: strip.column(x), level: level, into: &frame)
    }
}

extension Marquee {
    /// The zone column where text that fits starts, by its alignment.
    public var alignmentStart: Int {
        switch style.alignment {
        case .left: return 0
        case .center: return (zoneWidth - textWidth) / 2
        case .right: return zoneWidth - textWidth
        }
    }
}
