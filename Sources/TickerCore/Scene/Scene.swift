/// What the panel shows, as a pure function of the player state and the time: the lyric being sung, the
/// now-playing line when no lyric is, a transient message over either while it lasts, or the idle screen.
///
/// A scene keeps caches (strips, the now-playing line, the current lyric's word positions) that change only
/// when their inputs do; drawing a frame from them allocates nothing.
public struct Scene: Sendable {
    /// Panel width in pixels.
    public let width: Int
    /// Panel height in pixels.
    public let height: Int
    /// Bits per pixel.
    public let depth: PixelDepth
    /// Whether the panel shows colour: the levels drawn then become colours in `colorize(_:into:)`, instead
    /// of being scaled by the palette's luminance.
    public let isColor: Bool
    /// The look.
    public let style: SceneStyle

    var top: ZoneRenderer
    var bottom: ZoneRenderer
    let isSplit: Bool
    var nowPlaying = ""
    var nowPlayingSince: Duration = .zero
    var idleSince: Duration? = .zero
    private var lastTrack = -1
    private var lastPlayback = PlayerState.Playback.stopped
    private var stoppedAfterPlaying = false
    var lyric = LyricLayout()
    var wrapped = WrappedLyric()
    /// What the top zone showed when last drawn, since when it has been in view, and when that was: a marquee
    /// that comes back into view restarts its lap.
    var topContent = TopContent.nothing
    var topSince: Duration = .zero
    var topNoted: Duration?
    let colorizer: Colorizer
    /// What each pixel was drawn as (`ColorRole` raw values), column-major (`x × height + y`); kept only when
    /// the palette's roles differ.
    var paints: [UInt8]
    /// The artist's columns in the now-playing line's strip.
    var nowPlayingArtist = 0..<0

    /// The zones the panel is divided into, top first.
    public var zones: [Zone] { isSplit ? [top.zone, bottom.zone] : [top.zone] }

    /// A scene for a `width` × `height` panel of `depth` levels, grey or (`color`) turned into colours.
    public init(width: Int, height: Int, depth: PixelDepth, color: Bool = false, style: SceneStyle) {
        self.width = width
        self.height = height
        self.depth = depth
        self.isColor = color
        self.style = style
        isSplit = style.arrangement == .split && height >= 2
        if isSplit {
            let topHeight = Scene.splitRow(height: height, top: style.fonts, bottom: style.bottomFonts)
            top = ZoneRenderer(
                zone: Zone(x: 0, y: 0, width: width, height: topHeight), depth: depth, fonts: style.fonts,
                marquee: style.marquee, karaoke: style.karaoke)
            bottom = ZoneRenderer(
                zone: Zone(x: 0, y: topHeight, width: width, height: height - topHeight), depth: depth,
                fonts: style.bottomFonts, marquee: style.marquee, karaoke: style.karaoke)
        } else {
            top = ZoneRenderer(
                zone: Zone(x: 0, y: 0, width: width, height: height), depth: depth, fonts: style.fonts,
                marquee: style.marquee, karaoke: style.karaoke)
            bottom = ZoneRenderer(
                zone: Zone(x: 0, y: height, width: 0, height: 0), depth: depth, fonts: style.bottomFonts,
                marquee: style.marquee, karaoke: style.karaoke)
        }
        let restLevel = top.restFraction.map { UInt8(($0 * Double(depth.maxLevel)).rounded()) } ?? depth.maxLevel
        colorizer = Colorizer(palette: style.palette, depth: depth, restLevel: restLevel)
        paints = colorizer.usesPaint ? [UInt8](repeating: 0, count: max(width, 0) * max(height, 0)) : []
    }

    /// Where a split panel divides: in proportion to the two fonts' heights, half way when they are equal.
    static func splitRow(height: Int, top: FontChain, bottom: FontChain) -> Int {
        let total = max(top.height + bottom.height, 1)
        let row = (height * top.height + total / 2) / total
        return min(max(row, 1), height - 1)
    }

    /// Takes note of a changed state (call after applying feed commands, before rendering): the now-playing
    /// line, when its marquee lap started, and when the player went idle.
    public mutating func observe(_ state: PlayerState, at now: Duration) {
        let (line, artist) = state.nowPlayingMarkingArtist(style.template)
        if line != nowPlaying || state.track != lastTrack {
            nowPlaying = line
            nowPlayingSince = now
            nowPlayingArtist = 0..<0
            if colorizer.usesPaint, let artist {
                nowPlayingArtist = TextLine(line, fonts: top.fonts).span(ofCharacters: artist)
            }
            if state.track != lastTrack { stoppedAfterPlaying = false }
            lastTrack = state.track
        }
        if state.playback == .stopped, lastPlayback != .stopped { stoppedAfterPlaying = true }
        if state.playback != .stopped { stoppedAfterPlaying = false }
        lastPlayback = state.playback
        // A line written by a script that never says `play` stays up; a player that stopped goes idle.
        let active = !line.isEmpty && !stoppedAfterPlaying
        if active {
            idleSince = nil
        } else if idleSince == nil {
            idleSince = now
        }
    }

    /// Draws the panel at monotonic instant `now` into `frame` (which must be `width` × `height` of `depth`).
    /// `clock` is the text shown by the idle clock (the caller formats the time of day).
    /// On a grey panel whose palette is not white on black, each level is then scaled by the luminance of its
    /// pixel's colour.
    public mutating func render(_ state: PlayerState, at now: Duration, clock: String = "", into frame: inout Frame) {
        frame.clear()
        if colorizer.usesPaint { paints.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        draw(state, at: now, clock: clock, into: &frame)
        if !isColor, colorizer.changesGrey {
            colorizer.applyGrey(to: &frame, paints: colorizer.usesPaint ? paints : nil)
        }
    }

    /// Draws the panel like `render(_:at:clock:into:)` and its colours into `image` (`width` × `height`):
    /// each level in its role's colour, unlit pixels in the background colour.
    public mutating func render(
        _ state: PlayerState, at now: Duration, clock: String = "", into frame: inout Frame, image: inout RGBFrame
    ) {
        render(state, at: now, clock: clock, into: &frame)
        colorize(frame, into: &image)
    }

    /// The colours of `frame` as this scene last drew it, into `image`, without allocating.
    public func colorize(_ frame: Frame, into image: inout RGBFrame) {
        colorizer.colorize(frame, paints: colorizer.usesPaint ? paints : nil, into: &image)
    }

    private mutating func draw(_ state: PlayerState, at now: Duration, clock: String, into frame: inout Frame) {
        let message = state.activeMessage(at: now)
        let position = state.playbackPosition(at: now) + style.lyricsOffset
        let current = state.playback == .stopped ? nil : state.lyricLine(at: position)
        let isIdle = message == nil && idleSince.map { nowPlaying.isEmpty || now - $0 >= style.idleAfter } ?? false

        if isSplit {
            if message == nil, style.karaoke.wrap, let current {
                if !wrapped.matches(index: current.index, track: state.track, text: current.line.text) {
                    wrapped = WrappedLyric(
                        line: current.line, index: current.index, track: state.track, top: top, bottom: bottom)
                }
                if wrapped.fits {
                    _ = noteTop(.lyric, start: now, at: now)
                    let sung = Self.drawWrapped(
                        current.line, wrapped, at: position, style: style.karaoke, top: &top,
                        bottom: &bottom, into: &frame)
                    paintLyric(top.zone, sung: sung.top)
                    paintLyric(bottom.zone, sung: sung.bottom)
                    return
                }
            }
            if let message {
                let since = noteTop(.message(message.sequence), start: message.received, at: now)
                top.drawMarquee(message.text, elapsed: (now - since).inSeconds, into: &frame)
                paint(top.zone, message.priority == .high ? .messageHigh : .message)
            } else if isIdle {
                let since = noteTop(.idle, start: idleSince ?? now, at: now)
                Self.drawIdle(style, renderer: &top, clock: clock, elapsed: (now - since).inSeconds, into: &frame)
                paint(top.zone, .clock)
            } else {
                let since = noteTop(.nowPlaying, start: nowPlayingSince, at: now)
                let elapsed = (now - since).inSeconds
                top.drawMarquee(nowPlaying, elapsed: elapsed, into: &frame)
                paintNowPlaying(elapsed: elapsed)
            }
            if let current {
                let sung = Self.drawLyric(
                    current.line, index: current.index, track: state.track, at: position, style: style.karaoke,
                    renderer: &bottom, layout: &lyric, into: &frame)
                paintLyric(bottom.zone, sung: sung)
            } else if state.playback != .stopped, let next = state.nextLyricLine(after: position) {
                // During a break the next line waits at rest, so singers see what comes; also under an idle top
                // zone, when the feed gives lyrics but no now-playing line.
                bottom.drawKaraoke(next.line.text, sung: (0, 0), scroll: 0, into: &frame)
                paint(bottom.zone, .rest)
            }
            return
        }
        if let message {
            let since = noteTop(.message(message.sequence), start: message.received, at: now)
            top.drawMarquee(message.text, elapsed: (now - since).inSeconds, into: &frame)
            paint(top.zone, message.priority == .high ? .messageHigh : .message)
        } else if let current {
            _ = noteTop(.lyric, start: now, at: now)
            let sung = Self.drawLyric(
                current.line, index: current.index, track: state.track, at: position, style: style.karaoke,
                renderer: &top, layout: &lyric, into: &frame)
            paintLyric(top.zone, sung: sung)
        } else if isIdle {
            let since = noteTop(.idle, start: idleSince ?? now, at: now)
            Self.drawIdle(style, renderer: &top, clock: clock, elapsed: (now - since).inSeconds, into: &frame)
            paint(top.zone, .clock)
        } else {
            let since = noteTop(.nowPlaying, start: nowPlayingSince, at: now)
            let elapsed = (now - since).inSeconds
            top.drawMarquee(nowPlaying, elapsed: elapsed, into: &frame)
            paintNowPlaying(elapsed: elapsed)
        }
    }

    /// Records `role` for every pixel of `zone` (its unlit pixels show the background whatever they hold).
    private mutating func paint(_ zone: Zone, _ role: ColorRole, columns: Range<Int>? = nil) {
        guard colorizer.usesPaint else { return }
        let height = self.height
        let columns = columns ?? 0..<zone.width
        let rows = max(zone.y, 0)..<min(zone.y + zone.height, height)
        paints.withUnsafeMutableBufferPointer { plane in
            for column in columns.clamped(to: 0..<zone.width) {
                let x = zone.x + column
                guard x >= 0, x < width else { continue }
                for y in rows { plane[x * height + y] = role.rawValue }
            }
        }
    }

    /// A lyric: sung where the light has reached (`sung`, zone columns), at rest elsewhere.
    private mutating func paintLyric(_ zone: Zone, sung: Range<Int>) {
        paint(zone, .rest)
        paint(zone, .sung, columns: sung)
    }

    /// The now-playing line: the artist's columns in its colour, the rest in the title's, wherever the marquee
    /// has moved them.
    private mutating func paintNowPlaying(elapsed: Double) {
        guard colorizer.usesPaint else { return }
        let zone = top.zone
        let motion = nowPlayingArtist.isEmpty ? nil : top.marqueeMotion(for: nowPlaying)
        let offset = motion?.columnOffset(at: elapsed) ?? 0
        let artist = nowPlayingArtist
        let (width, height) = (self.width, self.height)
        let rows = max(zone.y, 0)..<min(zone.y + zone.height, height)
        paints.withUnsafeMutableBufferPointer { plane in
            for column in 0..<zone.width {
                let x = zone.x + column
                guard x >= 0, x < width else { continue }
                var role = ColorRole.title
                if let motion, let stripColumn = motion.stripColumn(atZoneColumn: column, offset: offset),
                    artist.contains(stripColumn)
                {
                    role = .artist
                }
                for y in rows { plane[x * height + y] = role.rawValue }
            }
        }
    }

    /// What drawing a frame leaves in a scene, besides caches, that later frames depend on: what the top zone
    /// showed, since when and when it was last drawn (a marquee's lap restarts by them), and what each pixel
    /// was painted as (its colour). A caller that draws ahead of time keeps the marks of the frame it shows, to
    /// go back to them when the frames drawn ahead no longer hold.
    public struct Marks: Sendable {
        var topContent = TopContent.nothing
        var topSince: Duration = .zero
        var topNoted: Duration?
        var paints: [UInt8] = []

        /// Marks of a scene that has drawn nothing; `copyMarks(into:)` fills them in.
        public init() {}
    }

    /// Copies this scene's marks into `marks`, in its storage when it has held marks of this scene before.
    public func copyMarks(into marks: inout Marks) {
        marks.topContent = topContent
        marks.topSince = topSince
        marks.topNoted = topNoted
        marks.paints.overwrite(with: paints)
    }

    /// Goes back to `marks`, copied from this scene (as it was before it drew more) by `copyMarks(into:)`.
    public mutating func restoreMarks(_ marks: Marks) {
        topContent = marks.topContent
        topSince = marks.topSince
        topNoted = marks.topNoted
        paints.overwrite(with: marks.paints)
    }

    /// The colours of `frame` as this scene drew it when it left `marks`, into `image`, without allocating.
    public func colorize(_ frame: Frame, marks: Marks, into image: inout RGBFrame) {
        colorizer.colorize(frame, paints: colorizer.usesPaint ? marks.paints : nil, into: &image)
    }

    /// What the top zone shows, told apart so that a change of it is seen.
    enum TopContent: Equatable {
        case nothing
        case nowPlaying
        case idle
        case lyric
        /// A message, by its arrival number.
        case message(Int)
    }

    /// Notes that the top zone shows `content` at `now`, which first appeared at `start` (a message's arrival,
    /// the now-playing line's last change), and answers since when it has been in view: `start` when it is new
    /// since the zone was last drawn, else the instant it came back into view, so that its lap restarts (with
    /// its pause) after a lyric line or a message hid it. `render` and `nextChange` both note what they draw;
    /// the daemon draws every instant at which what is shown may change, so the instant noted is when it came
    /// back.
    mutating func noteTop(_ content: TopContent, start: Duration, at now: Duration) -> Duration {
        // A later start of the same content (a new title) is new content too. Content that started at the very
        // instant the zone was last drawn was already there to show, and was hidden: it comes back now.
        if content != topContent || start > topSince {
            topSince = topNoted.map { start > $0 } ?? true ? start : now
            topContent = content
        }
        topNoted = now
        return topSince
    }

    private static func drawIdle(
        _ style: SceneStyle, renderer: inout ZoneRenderer, clock: String, elapsed: Double, into frame: inout Frame
    ) {
        switch style.idle {
        case .blank: return
        case .clock: renderer.drawMarquee(clock, elapsed: elapsed, into: &frame)
        case .text: renderer.drawMarquee(style.idleText, elapsed: elapsed, into: &frame)
        }
    }

    /// Draws a lyric and returns the zone columns it lit (the column the sweep is crossing included).
    private static func drawLyric(
        _ line: LyricLine, index: Int, track: Int, at position: Duration, style: KaraokeStyle,
        renderer: inout ZoneRenderer, layout lyric: inout LyricLayout, into frame: inout Frame
    ) -> Range<Int> {
        let strip = renderer.strip(for: line.text)
        if !lyric.matches(index: index, track: track, text: line.text) {
            lyric = LyricLayout(line: line, index: index, track: track, layout: strip.line, renderer: renderer)
        }
        let width = strip.width
        let zoneWidth = renderer.zone.width
        if style.reducedMotion {
            // Lights whole as soon as it starts, and never moves; a line wider than the zone is shown a page at
            // a time, each while the sweep crosses it.
            guard position >= line.start else { return 0..<0 }
            if !lyric.pages.texts.isEmpty {
                let head = line.sweepPixels(at: position, wordSpans: lyric.wordSpans, lineWidth: width)
                let text = lyric.pages.texts[lyric.pages.page(at: head)]
                let pageWidth = renderer.strip(for: text).width
                return renderer.drawKaraoke(text, sung: (0, Double(pageWidth)), scroll: 0, into: &frame)
            }
            return renderer.drawKaraoke(line.text, sung: (0, Double(width)), scroll: 0, into: &frame)
        }
        let sung = min(
            max(line.sweepPixels(at: position, wordSpans: lyric.wordSpans, lineWidth: width), 0), Double(width))
        let range = Karaoke.sungRange(
            fill: width > 0 ? sung / Double(width) : 0, width: width, direction: strip.line.direction)
        var scroll = Karaoke.scrollOffset(head: sung, lineWidth: width, zoneWidth: zoneWidth)
        if strip.line.direction == .rightToLeft, width > zoneWidth { scroll = width - zoneWidth - scroll }
        return renderer.drawKaraoke(line.text, sung: range, scroll: scroll, into: &frame)
    }

    /// Draws a lyric wrapped over both zones: the light crosses the top line, then the bottom one, at one speed.
    private static func drawWrapped(
        _ line: LyricLine, _ wrapped: WrappedLyric, at position: Duration, style: KaraokeStyle,
        top: inout ZoneRenderer, bottom: inout ZoneRenderer, into frame: inout Frame
    ) -> (top: Range<Int>, bottom: Range<Int>) {
        let total = wrapped.widths[0] + wrapped.widths[1]
        let sung = line.sweepPixels(at: position, wordSpans: wrapped.wordSpans, lineWidth: total)
        let progress = total > 0 ? sung / Double(total) : 0
        var first = Karaoke.fill(ofLine: 0, widths: wrapped.widths, progress: progress)
        var second = Karaoke.fill(ofLine: 1, widths: wrapped.widths, progress: progress)
        if style.reducedMotion {
            first = position >= line.start ? 1 : 0
            second = second > 0 ? 1 : 0
        }
        let direction = wrapped.direction
        let topSung = top.drawKaraoke(
            wrapped.first, sung: Karaoke.sungRange(fill: first, width: wrapped.widths[0], direction: direction),
            scroll: 0, into: &frame)
        let bottomSung = bottom.drawKaraoke(
            wrapped.second, sung: Karaoke.sungRange(fill: second, width: wrapped.widths[1], direction: direction),
            scroll: 0, into: &frame)
        return (topSung, bottomSung)
    }
}

/// Where the words of the lyric being sung sit on the panel, measured once per line.
struct LyricLayout: Sendable {
    var index = -1
    var track = -1
    var text = ""
    var wordSpans: [Range<Int>] = []
    /// The pages a line wider than its zone is shown in under reduced motion; none otherwise.
    var pages = LyricPages()

    init() {}

    init(line: LyricLine, index: Int, track: Int, layout: TextLine, renderer: ZoneRenderer) {
        self.index = index
        self.track = track
        self.text = line.text
        if renderer.karaoke.reducedMotion {
            pages = LyricPages(line.text, layout: layout, fonts: renderer.fonts, zoneWidth: renderer.zone.width)
        }
        let characterCount = layout.characterSpans.count
        wordSpans = line.wordCharacterRanges().map { range in
            layout.span(ofCharacters: range.lowerBound..<min(range.upperBound, characterCount))
                .fromLeadingEdge(width: layout.width, direction: layout.direction)
        }
    }

    func matches(index: Int, track: Int, text: String) -> Bool {
        self.index == index && self.track == track && self.text == text
    }
}

/// A lyric too wide for the bottom zone of a split panel, broken at a space into a line for each zone (the
/// first line as long as fits), with its words' places measured once per line.
struct WrappedLyric: Sendable {
    var index = -1
    var track = -1
    var text = ""
    /// Whether the line could be wrapped into the two zones; false leaves it to scroll in the bottom zone.
    var fits = false
    var first = ""
    var second = ""
    /// Widths of the two lines in pixels.
    var widths = [0, 0]
    var direction = TextDirection.leftToRight
    /// Each word's columns from the leading edge, the second line's counted on from the end of the first.
    var wordSpans: [Range<Int>] = []

    init() {}

    init(line: LyricLine, index: Int, track: Int, top: ZoneRenderer, bottom: ZoneRenderer) {
        self.index = index
        self.track = track
        self.text = line.text
        let whole = TextLine(line.text, fonts: bottom.fonts)
        guard whole.width > bottom.zone.width else { return }
        let characters = Array(line.text)
        var best: (first: TextLine, second: TextLine, secondStart: Int)?
        for split in characters.indices.reversed() where characters[split].isWhitespace {
            var end = split
            while end > 0, characters[end - 1].isWhitespace { end -= 1 }
            var start = split
            while start < characters.count, characters[start].isWhitespace { start += 1 }
            guard end > 0, start < characters.count else { continue }
            let head = TextLine(String(characters[0..<end]), fonts: top.fonts)
            guard head.width <= top.zone.width else { continue }
            let tail = TextLine(String(characters[start...]), fonts: bottom.fonts)
            if tail.width <= bottom.zone.width { best = (head, tail, start) }
            break
        }
        guard let best else { return }
        fits = true
        first = best.first.text
        second = best.second.text
        widths = [best.first.width, best.second.width]
        direction = whole.direction
        // Each line's layout counts its own characters; the second line's are counted on from its start.
        let firstWidth = widths[0]
        let direction = direction
        wordSpans = line.wordCharacterRanges().map { range in
            let lower = range.lowerBound
            let upper = range.upperBound
            if lower < best.secondStart {
                return best.first.span(ofCharacters: lower..<min(upper, best.first.characterSpans.count))
                    .fromLeadingEdge(width: best.first.width, direction: direction)
            }
            let span = best.second.span(ofCharacters: (lower - best.secondStart)..<(upper - best.secondStart))
                .fromLeadingEdge(width: best.second.width, direction: direction)
            return (span.lowerBound + firstWidth)..<(span.upperBound + firstWidth)
        }
    }

    func matches(index: Int, track: Int, text: String) -> Bool {
        self.index == index && self.track == track && self.text == text
    }
}

extension Range<Int> {
    /// These columns of a line `width` pixels wide counted from where its reading starts: the sweep measures
    /// from the leading edge, which for right-to-left text is the right one, while a layout's spans are columns
    /// from the left.
    func fromLeadingEdge(width: Int, direction: TextDirection) -> Range<Int> {
        guard direction == .rightToLeft else { return self }
        let low = Swift.max(width - upperBound, 0)
        return low..<Swift.max(width - lowerBound, low)
    }
}

extension LyricLine {
    /// Each word's characters (grapheme clusters) in `text`: word times count Unicode scalars, layouts count
    /// characters. Ranges are clamped to the text and never empty-inverted.
    func wordCharacterRanges() -> [Range<Int>] {
        var characterOfScalar: [Int] = []
        characterOfScalar.reserveCapacity(text.unicodeScalars.count + 1)
        var characterCount = 0
        for character in text {
            for _ in character.unicodeScalars { characterOfScalar.append(characterCount) }
            characterCount += 1
        }
        characterOfScalar.append(characterCount)
        return words.map { word in
            let last = characterOfScalar.count - 1
            let lower = characterOfScalar[min(max(word.scalarRange.lowerBound, 0), last)]
            let upper = min(characterOfScalar[min(max(word.scalarRange.upperBound - 1, 0), last)] + 1, characterCount)
            return lower..<max(lower, upper)
        }
    }
}
