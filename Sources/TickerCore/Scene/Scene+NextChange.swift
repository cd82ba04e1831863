// When the picture next changes, so that a daemon can sleep until then instead of drawing every frame.
//
// Asked of the same composition that drawing draws: every input of it that moves with time gives the first
// instant it may move — a message arriving or expiring, the panel going idle, a lyric line starting or
// ending, the idle screen's turn ending — and every show in it the first instant it moves: a marquee reaching
// its next whole column or the end of its pause, a sweep reaching its next column or grey level. Nothing else
// changes the picture until the state does (a feed command) or the idle clock's text does (the caller knows
// the time of day).

extension Scene {
    /// The first instant after `now` at which the frame drawn for `state` may differ from the one drawn at
    /// `now`, or nil when it stays as it is until the state changes (or the idle `clock` text, as passed to
    /// `render`, does). Never later than the change; it may be early (the caller then draws the same picture
    /// and asks again). An answer at or before `now` means "as soon as possible". Changes nothing: strips the
    /// scene has not drawn yet are rasterized afresh, which allocates; once drawn, they are read from its cache.
    public func nextChange(_ state: PlayerState, after now: Duration, clock: String = "") -> Duration? {
        nextChange(of: compose(state, at: now, clock: clock), state, after: now)
    }

    /// The same, for `composition`, the composition of `state` at `now`.
    func nextChange(of composition: Composition, _ state: PlayerState, after now: Duration) -> Duration? {
        var earliest: Duration?
        func consider(_ instant: Duration?) { earliest = .sooner(earliest, instant) }
        for message in state.messages {
            if message.received > now { consider(message.received) }
            if message.expires > now { consider(message.expires) }
        }
        consider(composition.idleTurnEnds)
        let position = composition.position
        let lyricsOffset = style.lyricsOffset
        // The monotonic instant the (offset) playback position reaches `target`, if it ever does.
        func instant(atPosition target: Duration) -> Duration? {
            guard state.playback == .playing else { return nil }
            if let duration = state.duration, target - lyricsOffset > duration { return nil }
            return target > position ? now + (target - position) : now
        }
        if state.playback != .stopped {
            if let current = state.lyricLine(at: position) { consider(instant(atPosition: current.line.end)) }
            if let next = state.nextLyricLine(after: position) { consider(instant(atPosition: next.line.start)) }
        }
        // The idle screen comes when the countdown ends; under a message, the cover still goes then.
        if state.activeMessage(at: now) == nil || composition.cover != nil, let idleSince = playing.idleSince,
            !playing.line.isEmpty,
            now - idleSince < style.idleAfter
        {
            consider(idleSince + style.idleAfter)
        }
        func consider(_ show: Show, in renderer: ZoneRenderer) {
            switch show {
            case .nothing, .waiting:
                break
            case .marquee(let text, let since, let paint):
                consider(renderer.marqueeMotion(for: text).nextOffsetChange(after: now - since).map { since + $0 })
                consider(Self.lookChange(paint, since: since, after: now))
            case .lyric:
                guard let current = composition.current else { break }
                let laidOut = lyricLayout(current.index, current.line)
                consider(
                    Self.sweepChange(current.line, laidOut, at: position, renderer: renderer).flatMap(
                        instant(atPosition:)))
            case .wrapped:
                guard let current = composition.current else { break }
                let lines = wrapped(current.index, current.line)
                consider(wrappedSweepChange(current.line, lines, at: position).flatMap(instant(atPosition:)))
            }
        }
        consider(composition.top, in: composition.icon == nil ? layout.top : layout.beside)
        consider(Self.iconChange(composition.icon, after: now))
        consider(composition.bottom, in: layout.bottom)
        consider(progressChange(of: composition, state, after: now))
        consider(composition.transition?.nextStep(after: now))
        return earliest
    }

    /// The first position after `position` at which the sweep over `line`, as `renderer` draws it, may look
    /// different: where it lights the next grey level or column, scrolls, or turns a page.
    private static func sweepChange(
        _ line: LyricLine, _ lyric: LyricLayout, at position: Duration, renderer: ZoneRenderer
    ) -> Duration? {
        let strip = renderer.peekStrip(for: line.text)
        let width = strip.width
        let head = line.sweepPixels(at: position, wordSpans: lyric.wordSpans, lineWidth: width)
        // With reduced motion a line lights whole at its start: nothing moves within it, but a line wider than
        // its zone turns a page where the sweep reaches the next one.
        if renderer.karaoke.reducedMotion {
            let pages = lyric.pages
            let next = pages.page(at: head) + 1
            guard !pages.texts.isEmpty, next < pages.starts.count else { return nil }
            return line.position(after: position, reaching: pages.starts[next], lyric.wordSpans, lineWidth: width)
        }
        let sung = min(max(head, 0), Double(width))
        guard sung < Double(width) else { return nil }
        // A line wider than its zone scrolls a column each time the head passes the zone's middle.
        let zoneWidth = renderer.zone.width
        let rightToLeft = strip.line.direction == .rightToLeft
        let target = Karaoke.nextVisibleHead(
            after: sung, restFraction: renderer.restFraction, maxLevel: renderer.depth.maxLevel,
            scrollPhase: width > zoneWidth ? (zoneWidth % 2 == 0 ? 0 : 0.5) : nil, lineWidth: width
        ) { column in
            let x = rightToLeft ? width - 1 - column : column
            return x >= 0 && x < width && strip.columns[x] != 0
        }
        return line.position(after: position, reaching: min(target, Double(width)), lyric.wordSpans, lineWidth: width)
    }

    /// The same for a lyric wrapped over both zones, the sweep counted on from the first line into the second.
    private func wrappedSweepChange(_ line: LyricLine, _ wrapped: WrappedLyric, at position: Duration) -> Duration? {
        let total = wrapped.widths[0] + wrapped.widths[1]
        let sung = line.sweepPixels(at: position, wordSpans: wrapped.wordSpans, lineWidth: total)
        guard sung < Double(total) else { return nil }
        // Under reduced motion the second line lights when the sweep enters it; the first at the line's start.
        let target: Double
        if style.karaoke.reducedMotion {
            guard sung <= Double(wrapped.widths[0]) else { return nil }
            target = Double(wrapped.widths[0]).nextUp
        } else {
            // Both lines' restFraction is the same: one style, one depth.
            let first = layout.top.peekStrip(for: wrapped.first)
            let second = layout.bottom.peekStrip(for: wrapped.second)
            let widths = wrapped.widths
            let rightToLeft = wrapped.direction == .rightToLeft
            target = Karaoke.nextVisibleHead(
                after: sung, restFraction: layout.bottom.restFraction, maxLevel: depth.maxLevel, scrollPhase: nil,
                lineWidth: total
            ) { column in
                let (strip, local) = column < widths[0] ? (first, column) : (second, column - widths[0])
                let x = rightToLeft ? strip.width - 1 - local : local
                return x >= 0 && x < strip.width && strip.columns[x] != 0
            }
        }
        return line.position(after: position, reaching: min(target, Double(total)), wrapped.wordSpans, lineWidth: total)
    }
}

extension LyricLine {
    /// The first position after `position` at which the sweep reaches `pixels`, nil when it never does.
    /// `sweepTime(reaching:…)` answers in floating point, a hair either side of it: the sweep itself is asked.
    func position(after position: Duration, reaching pixels: Double, _ wordSpans: [Range<Int>], lineWidth: Int)
        -> Duration?
    {
        guard let reached = sweepTime(reaching: pixels, wordSpans: wordSpans, lineWidth: lineWidth) else {
            return nil
        }
        return Duration.earliest(after: position, upTo: reached) {
            sweepPixels(at: $0, wordSpans: wordSpans, lineWidth: lineWidth) >= pixels
        }
    }
}
