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
    /// Level tables of the faded columns at the zone's edges while text scrolls: left ones, then right ones;
    /// for left-to-right text, then for right-to-left text (whose sides are mirrored).
    private let fadeTables: [[LevelTable]]
    /// The same levels repeated over every pixel of a word, for faded columns copied from packed strips.
    private let fadeLevels: [[UInt64]]
    private var cache: [CachedStrip] = []
    private var clock: Int = 0
    /// The colours of the strips drawn with a look, newest last (see `ZoneRenderer+Look.swift`).
    var lookCache: [CachedLook] = []

    private struct CachedStrip {
        let text: String
        let truncated: Bool
        let strip: Strip
        /// The strip packed in wire layout for this zone (`zoneBytes` per column), fully lit.
        let lit: [UInt8]
        /// The same at the rest style, for lyrics not yet sung.
        let rest: [UInt8]
        var lastUsed: Int
    }

    /// The level of unsung lyrics as a fraction of full, or nil when they are dithered (then no column is
    /// drawn partly sung).
    public var restFraction: Double? {
        restIsDither ? nil : Double(rest.level) / Double(max(depth.maxLevel, 1))
    }

    /// Bytes one column of the zone takes in wire layout.
    private let zoneBytes: Int

    /// How many strips a zone keeps (the now-playing line, a lyric or two, a message).
    static let cacheSize = 6

    /// Creates a renderer for `zone` of a panel of `depth`.
    public init(zone: Zone, depth: PixelDepth, fonts: FontChain, marquee: MarqueeStyle, karaoke: KaraokeStyle) {
        self.zone = zone
        self.depth = depth
        self.fonts = fonts
        self.marquee = marquee
        self.karaoke = karaoke
        self.zoneBytes = depth.bytesPerColumn(height: zone.height)
        self.lit = LevelTable(level: depth.maxLevel, depth: depth)
        // A 1-bit panel has no dim level: the unsung part is dithered instead.
        let dither = karaoke.restStyle == .dither || depth == .one
        self.restIsDither = dither
        let restLevel = dither ? depth.maxLevel : depth.level(karaoke.restLevel)
        self.rest = LevelTable(level: restLevel, depth: depth)
        // The faded columns depend only on the zone and the style, so their levels are packed once here.
        var fades: [[LevelTable]] = [[], []]
        if depth != .one {
            for rightToLeft in [false, true] {
                let probe = Marquee(
                    textWidth: zone.width + 1, zoneWidth: zone.width, style: marquee, rightToLeft: rightToLeft)
                let (left, right) = probe.fadeColumns
                for column in Array(0..<left) + Array((zone.width - right)..<zone.width) {
                    fades[rightToLeft ? 1 : 0].append(
                        LevelTable(level: depth.level(probe.fade(atZoneColumn: column)), depth: depth))
                }
            }
        }
        self.fadeTables = fades
        self.fadeLevels = fades.map { $0.map { depth.repeated($0.level) } }
        cache.reserveCapacity(Self.cacheSize)
        lookCache.reserveCapacity(Self.lookCacheSize)
    }

    /// The strip for `text` in this zone, rasterized on first use and cached. With `truncated`, a line wider
    /// than the zone is cut to fit with an ellipsis.
    public mutating func strip(for text: String, truncated: Bool = false) -> Strip {
        cache[entry(for: text, truncated: truncated)].strip
    }

    /// The strip `strip(for:truncated:)` gives, without caching it (for answers that change nothing): the cached
    /// one when there is one, else one rasterized afresh, which allocates.
    public func peekStrip(for text: String, truncated: Bool = false) -> Strip {
        for index in cache.indices where cache[index].truncated == truncated && cache[index].text == text {
            return cache[index].strip
        }
        var line = TextLine(text, fonts: fonts)
        if truncated { line = line.truncated(toFit: zone.width, fonts: fonts) }
        return Strip(line, height: zone.height)
    }

    /// The cache slot holding `text`, filling one (the least recently used) when it is not there.
    private mutating func entry(for text: String, truncated: Bool) -> Int {
        clock &+= 1
        for index in cache.indices where cache[index].truncated == truncated && cache[index].text == text {
            cache[index].lastUsed = clock
            return index
        }
        let strip = peekStrip(for: text, truncated: truncated)
        let entry = CachedStrip(
            text: text, truncated: truncated, strip: strip, lit: pack(strip, table: lit, dither: false),
            rest: pack(strip, table: rest, dither: restIsDither), lastUsed: clock)
        if cache.count < Self.cacheSize {
            cache.append(entry)
            return cache.count - 1
        }
        let oldest = cache.indices.min { cache[$0].lastUsed < cache[$1].lastUsed } ?? 0
        cache[oldest] = entry
        return oldest
    }

    /// The strip in wire layout for a zone at row 0, so that drawing a column is copying its bytes.
    private func pack(_ strip: Strip, table: LevelTable, dither: Bool) -> [UInt8] {
        var packed = Frame(width: strip.width, height: zone.height, depth: depth)
        let canvas = ZoneCanvas(zone: Zone(x: 0, y: 0, width: strip.width, height: zone.height), frame: packed)
        table.entries.withUnsafeBufferPointer { entries in
            packed.bytes.withUnsafeMutableBufferPointer { bytes in
                for x in 0..<strip.width {
                    var mask = strip.columns[x]
                    // The checkerboard is fixed to the text, so it does not shimmer as the line scrolls.
                    if dither { mask &= x & 1 == 0 ? 0x5555_5555_5555_5555 : 0xAAAA_AAAA_AAAA_AAAA }
                    canvas.paint(column: x, mask: mask, table: entries, into: bytes)
                }
            }
        }
        return packed.bytes
    }

    /// Draws `text` as a marquee, `elapsed` after it appeared (its lap started then).
    public mutating func drawMarquee(_ text: String, elapsed: Duration, into frame: inout Frame) {
        let (index, motion) = marqueeEntry(for: text)
        draw(index, motion: motion, offset: motion.columnOffset(at: elapsed), into: &frame)
    }

    /// How `text` moves as a marquee in this zone (truncated under reduced motion, as `drawMarquee` draws it),
    /// its strips read as `peekStrip(for:truncated:)` reads them.
    public func marqueeMotion(for text: String) -> Marquee {
        let whole = peekStrip(for: text)
        let rightToLeft = whole.line.direction == .rightToLeft
        guard marquee.reducedMotion, whole.width > zone.width else { return motion(width: whole.width, rightToLeft) }
        return motion(width: peekStrip(for: text, truncated: true).width, rightToLeft)
    }

    /// The cache slot `drawMarquee` draws `text` from (truncated under reduced motion), and its motion.
    private mutating func marqueeEntry(for text: String) -> (index: Int, motion: Marquee) {
        var index = entry(for: text, truncated: false)
        // The direction is the whole text's, truncated or not.
        let rightToLeft = cache[index].strip.line.direction == .rightToLeft
        if marquee.reducedMotion, cache[index].strip.width > zone.width { index = entry(for: text, truncated: true) }
        return (index, motion(width: cache[index].strip.width, rightToLeft))
    }

    private func motion(width: Int, _ rightToLeft: Bool) -> Marquee {
        Marquee(textWidth: width, zoneWidth: zone.width, style: marquee, rightToLeft: rightToLeft)
    }

    /// Draws cache slot `index` as a marquee. Works on the slot in place: copying it would retain and release
    /// every array it holds, each frame.
    private func draw(_ index: Int, motion: Marquee, offset: Int, into frame: inout Frame) {
        let canvas = ZoneCanvas(zone: zone, frame: frame)
        let width = canvas.zone.width
        let fades = depth != .one && width == zone.width ? motion.fadeColumns : (0, 0)
        let rightFadeStart = max(width - fades.1, fades.0)
        let stripWidth = cache[index].strip.width
        // Which strip column zone column 0 shows, and where the strip repeats: positions come from the time
        // since the text appeared, and each frame is a window copied out of the strip.
        let first: Int
        let lap: Int
        if !motion.scrolls {
            first = -motion.alignmentStart
            lap = Int.max
        } else {
            first = motion.firstStripColumn(offset: offset)
            lap = motion.style.bounce ? Int.max : max(motion.lapDistance, 1)
        }
        let side = motion.rightToLeft ? 1 : 0
        cache[index].strip.columns.withUnsafeBufferPointer { columns in
            cache[index].lit.withUnsafeBufferPointer { packed in
                frame.bytes.withUnsafeMutableBufferPointer { bytes in
                    if canvas.isAligned {
                        _ = canvas.copyRun(
                            columns: fades.0..<rightFadeStart, first: first + fades.0, lap: lap, stripWidth: stripWidth,
                            packed: packed, into: bytes)
                        for column in 0..<width where column < fades.0 || column >= rightFadeStart {
                            let fadeIndex = column < fades.0 ? column : fades.0 + column - rightFadeStart
                            guard fadeIndex < fadeLevels[side].count else { continue }
                            _ = canvas.copyRun(
                                columns: column..<(column + 1), first: first + column, lap: lap, stripWidth: stripWidth,
                                packed: packed, levels: fadeLevels[side][fadeIndex], into: bytes)
                        }
                        return
                    }
                    for column in 0..<width {
                        guard let x = motion.stripColumn(atZoneColumn: column, offset: offset) else { continue }
                        let faded = column < fades.0 || column >= rightFadeStart
                        let fadeIndex = column < fades.0 ? column : fades.0 + column - rightFadeStart
                        let table = faded && fadeIndex < fadeTables[side].count ? fadeTables[side][fadeIndex] : lit
                        table.entries.withUnsafeBufferPointer { entries in
                            canvas.paint(column: column, mask: columns[x], table: entries, into: bytes)
                        }
                    }
                }
            }
        }
    }

    /// Draws a lyric line with columns `sung` (fractional, in strip columns) lit and the rest at the rest
    /// style, scrolled left by `scroll` whole columns when the line is wider than the zone. Returns the zone
    /// columns lit, the partly lit ones at the edges of the sweep included.
    @discardableResult
    public mutating func drawKaraoke(
        _ text: String, sung: (start: Double, end: Double), scroll: Int, into frame: inout Frame
    ) -> Range<Int> {
        let index = entry(for: text, truncated: false)
        let stripWidth = cache[index].strip.width
        let canvas = ZoneCanvas(zone: zone, frame: frame)
        let width = canvas.zone.width
        // A line that fits keeps the marquee's alignment.
        let shift =
            stripWidth <= width
            ? -Marquee(textWidth: stripWidth, zoneWidth: width, style: marquee)
                .alignmentStart : scroll
        let litFrom = Int(sung.start.rounded(.up))
        let litTo = Int(sung.end.rounded(.down))
        let edges =
            restIsDither
            ? (0, 0) : (sung.start > sung.start.rounded(.down) ? 1 : 0, sung.end > sung.end.rounded(.down) ? 1 : 0)
        let sungFirst = min(max(litFrom - edges.0 - shift, 0), width)
        let sungColumns = sungFirst..<min(max(litTo + edges.1 - shift, sungFirst), width)
        let restPattern: (UInt64, UInt64) = restIsDither ? (0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA) : (~0, ~0)
        cache[index].strip.columns.withUnsafeBufferPointer { columns in
            cache[index].lit.withUnsafeBufferPointer { litPacked in
                cache[index].rest.withUnsafeBufferPointer { restPacked in
                    frame.bytes.withUnsafeMutableBufferPointer { bytes in
                        // Three runs: rest before the sung part, the sung part, rest after it (a right-to-left
                        // line is sung from its end, so its sung part is the last run).
                        let litStart = min(max(litFrom - shift, 0), width)
                        let litEnd = min(max(litTo - shift, litStart), width)
                        if canvas.isAligned {
                            _ = canvas.copyRun(
                                columns: 0..<litStart, first: shift, lap: Int.max, stripWidth: columns.count,
                                packed: restPacked, into: bytes)
                            _ = canvas.copyRun(
                                columns: litStart..<litEnd, first: shift + litStart, lap: Int.max,
                                stripWidth: columns.count, packed: litPacked, into: bytes)
                            _ = canvas.copyRun(
                                columns: litEnd..<width, first: shift + litEnd, lap: Int.max, stripWidth: columns.count,
                                packed: restPacked, into: bytes)
                            return
                        }
                        lit.entries.withUnsafeBufferPointer { litTable in
                            rest.entries.withUnsafeBufferPointer { restTable in
                                for column in max(0, -shift)..<max(max(0, -shift), min(width, columns.count - shift)) {
                                    let x = column + shift
                                    let sungColumn = x >= litFrom && x < litTo
                                    let mask =
                                        sungColumn
                                        ? columns[x] : columns[x] & (x & 1 == 0 ? restPattern.0 : restPattern.1)
                                    canvas.paint(
                                        column: column, mask: mask, table: sungColumn ? litTable : restTable,
                                        into: bytes)
                                }
                            }
                        }
                    }
                }
            }
        }
        // On a grey panel the column the sweep is crossing is lit in proportion to how far it has got.
        guard !restIsDither else { return sungColumns }
        let startFraction = sung.start - sung.start.rounded(.down)
        if startFraction > 0 {
            paintEdge(
                cache[index].strip, x: litFrom - 1, covered: 1 - startFraction, shift: shift, canvas: canvas,
                frame: &frame)
        }
        let endFraction = sung.end - sung.end.rounded(.down)
        if endFraction > 0 {
            paintEdge(cache[index].strip, x: litTo, covered: endFraction, shift: shift, canvas: canvas, frame: &frame)
        }
        return sungColumns
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
