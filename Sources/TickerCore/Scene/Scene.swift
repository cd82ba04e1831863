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
    /// The look.
    public let style: SceneStyle

    private var top: ZoneRenderer
    private var bottom: ZoneRenderer
    private let isSplit: Bool
    private var nowPlaying = ""
    private var nowPlayingSince: Duration = .zero
    private var idleSince: Duration? = .zero
    private var lastTrack = -1
    private var lastPlayback = PlayerState.Playback.stopped
    private var stoppedAfterPlaying = false
    private var lyric = LyricLayout()

    /// The zones the panel is divided into, top first.
    public var zones: [Zone] { isSplit ? [top.zone, bottom.zone] : [top.zone] }

    /// A scene for a `width` × `height` panel of `depth`.
    public init(width: Int, height: Int, depth: PixelDepth, style: SceneStyle) {
        self.width = width
        self.height = height
        self.depth = depth
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
        let line = state.nowPlaying(style.template)
        if line != nowPlaying || state.track != lastTrack {
            nowPlaying = line
            nowPlayingSince = now
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
    public mutating func render(_ state: PlayerState, at now: Duration, clock: String = "", into frame: inout Frame) {
        frame.clear()
        let message = state.activeMessage(at: now)
        let position = state.playbackPosition(at: now) + style.lyricsOffset
        let current = state.playback == .stopped ? nil : state.lyrics.line(at: position)
        let isIdle = message == nil && idleSince.map { nowPlaying.isEmpty || now - $0 >= style.idleAfter } ?? false

        if isSplit {
            if let message {
                top.drawMarquee(message.text, elapsed: seconds(now - message.received), into: &frame)
            } else if isIdle {
                Self.drawIdle(style, renderer: &top, clock: clock, elapsed: seconds(now - (idleSince ?? now)), into: &frame)
            } else {
                top.drawMarquee(nowPlaying, elapsed: seconds(now - nowPlayingSince), into: &frame)
            }
            if let current {
                Self.drawLyric(
                    current.line, index: current.index, track: state.track, at: position, style: style.karaoke,
                    renderer: &bottom, layout: &lyric, into: &frame)
            } else if !isIdle, state.playback != .stopped, let next = state.lyrics.nextLine(after: position) {
                // During a break the next line waits at rest, so singers see what comes.
                bottom.drawKaraoke(next.line.text, sung: (0, 0), scroll: 0, into: &frame)
            }
            return
        }
        if let message {
            top.drawMarquee(message.text, elapsed: seconds(now - message.received), into: &frame)
        } else if let current {
            Self.drawLyric(
                current.line, index: current.index, track: state.track, at: position, style: style.karaoke,
                renderer: &top, layout: &lyric, into: &frame)
        } else if isIdle {
            Self.drawIdle(style, renderer: &top, clock: clock, elapsed: seconds(now - (idleSince ?? now)), into: &frame)
        } else {
            top.drawMarquee(nowPlaying, elapsed: seconds(now - nowPlayingSince), into: &frame)
        }
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

    private static func drawLyric(
        _ line: LyricLine, index: Int, track: Int, at position: Duration, style: KaraokeStyle,
        renderer: inout ZoneRenderer, layout lyric: inout LyricLayout, into frame: inout Frame
    ) {
        let strip = renderer.strip(for: line.text)
        if !lyric.matches(index: index, track: track, text: line.text) {
            lyric = LyricLayout(line: line, index: index, track: track, layout: strip.line)
        }
        let width = strip.width
        let zoneWidth = renderer.zone.width
        if style.reducedMotion {
            // Lights whole as soon as it starts, and never moves.
            if position >= line.start {
                renderer.drawKaraoke(line.text, sung: (0, Double(width)), scroll: 0, into: &frame)
            }
            return
        }
        let sung = min(max(line.sweepPixels(at: position, wordSpans: lyric.wordSpans, lineWidth: width), 0), Double(width))
        let range = Karaoke.sungRange(
            fill: width > 0 ? sung / Double(width) : 0, width: width, direction: strip.line.direction)
        var scroll = Karaoke.scrollOffset(head: sung, lineWidth: width, zoneWidth: zoneWidth)
        if strip.line.direction == .rightToLeft, width > zoneWidth { scroll = width - zoneWidth - scroll }
        renderer.drawKaraoke(line.text, sung: range, scroll: scroll, into: &frame)
    }

    private func seconds(_ duration: Duration) -> Double {
        duration / .seconds(1)
    }
}

/// Where the words of the lyric being sung sit on the panel, measured once per line.
struct LyricLayout: Sendable {
    var index = -1
    var track = -1
    var text = ""
    var wordSpans: [Range<Int>] = []

    init() {}

    init(line: LyricLine, index: Int, track: Int, layout: TextLine) {
        self.index = index
        self.track = track
        self.text = line.text
        // Word ranges count Unicode scalars; the layout counts characters.
        var characterOfScalar: [Int] = []
        characterOfScalar.reserveCapacity(line.text.unicodeScalars.count + 1)
        for (characterIndex, character) in line.text.enumerated() {
            for _ in character.unicodeScalars { characterOfScalar.append(characterIndex) }
        }
        let characterCount = layout.characterSpans.count
        characterOfScalar.append(characterCount)
        wordSpans = line.words.map { word in
            let lower = characterOfScalar[min(max(word.scalarRange.lowerBound, 0), characterOfScalar.count - 1)]
            let upperScalar = min(max(word.scalarRange.upperBound - 1, 0), characterOfScalar.count - 1)
            let upper = min(characterOfScalar[upperScalar] + 1, characterCount)
            return layout.span(ofCharacters: lower..<max(lower, upper))
        }
    }

    func matches(index: Int, track: Int, text: String) -> Bool {
        self.index == index && self.track == track && self.text == text
    }
}
