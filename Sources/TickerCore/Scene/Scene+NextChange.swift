// When the picture next changes, so that a daemon can sleep until then instead of drawing every frame.
//
// The answer mirrors `render(_:at:clock:into:)` branch by branch: every input of the drawing that moves with
// time gives the first instant it may move — a message arriving or expiring, the panel going idle, a lyric
// line starting or ending, a marquee reaching its next whole column or the end of its pause, a sweep reaching
// its next column or grey level. Nothing else changes the picture until the state does (a feed command) or
// the idle clock's text does (the caller knows the time of day).

extension Scene {
    /// The first instant after `now` at which the frame drawn for `state` may differ from the one drawn at
    /// `now`, or nil when it stays as it is until the state changes (or the idle `clock` text, as passed to
    /// `render`, does). Never later than the change; it may be
    /// early (the caller then draws the same picture and asks again). An answer at or before `now` means "as
    /// soon as possible". Caches strips as `render` does; allocates nothing once they are cached.
    public mutating func nextChange(_ state: PlayerState, after now: Duration, clock: String = "") -> Duration? {
        var earliest: Duration?
        func consider(_ instant: Duration?) {
            guard let instant else { return }
            if let current = earliest, current <= instant { return }
            earliest = instant
        }
        for message in state.messages {
            if message.received > now { consider(message.received) }
            if message.expires > now { consider(message.expires) }
        }
        let message = state.activeMessage(at: now)
        let playing = state.playback == .playing
        let lyricsOffset = style.lyricsOffset
        let position = state.playbackPosition(at: now) + lyricsOffset
        // The monotonic instant the (offset) playback position reaches `target`, if it ever does.
        func instant(atPosition target: Duration) -> Duration? {
            guard playing else { return nil }
            if let duration = state.duration, target - lyricsOffset > duration { return nil }
            return target > position ? now + (target - position) : now
        }
        let current = state.playback == .stopped ? nil : state.lyricLine(at: position)
        if let current { consider(instant(atPosition: current.line.end)) }
        if state.playback != .stopped, let next = state.nextLyricLine(after: position) {
            consider(instant(atPosition: next.line.start))
        }
        let isIdle = message == nil && idleSince.map { nowPlaying.isEmpty || now - $0 >= style.idleAfter } ?? false
        if message == nil, let idleSince, !nowPlaying.isEmpty, now - idleSince < style.idleAfter {
            consider(idleSince + style.idleAfter)
        }

        if isSplit {
            if message == nil, style.karaoke.wrap, let current {
                if !wrapped.matches(index: current.index, track: state.track, text: current.line.text) {
                    wrapped = WrappedLyric(
                        line: current.line, index: current.index, track: state.track, top: top, bottom: bottom)
                }
                if wrapped.fits {
                    _ = noteTop(.lyric, start: now, at: now)
                    consider(wrappedSweepChange(current.line, at: position, instant: instant(atPosition:)))
                    return earliest
                }
            }
            if let message {
                let since = noteTop(.message(message.sequence), start: message.received, at: now)
                consider(Self.marqueeChange(message.text, since: since, after: now, renderer: &top))
            } else if isIdle {
                let since = noteTop(.idle, start: idleSince ?? now, at: now)
                consider(Self.idleChange(style, clock: clock, since: since, after: now, renderer: &top))
            } else {
                let since = noteTop(.nowPlaying, start: nowPlayingSince, at: now)
                consider(Self.marqueeChange(nowPlaying, since: since, after: now, renderer: &top))
            }
            if let current {
                consider(
                    Self.lyricSweepChange(
                        current.line, index: current.index, track: state.track, at: position,
                        style: style.karaoke, renderer: &bottom, layout: &lyric, instant: instant(atPosition:)))
            }
            return earliest
        }
        if let message {
            let since = noteTop(.message(message.sequence), start: message.received, at: now)
            consider(Self.marqueeChange(message.text, since: since, after: now, renderer: &top))
        } else if let current {
            _ = noteTop(.lyric, start: now, at: now)
            consider(
                Self.lyricSweepChange(
                    current.line, index: current.index, track: state.track, at: position,
                    style: style.karaoke, renderer: &top, layout: &lyric, instant: instant(atPosition:)))
        } else if isIdle {
            let since = noteTop(.idle, start: idleSince ?? now, at: now)
            consider(Self.idleChange(style, clock: clock, since: since, after: now, renderer: &top))
        } else {
            let since = noteTop(.nowPlaying, start: nowPlayingSince, at: now)
            consider(Self.marqueeChange(nowPlaying, since: since, after: now, renderer: &top))
        }
        return earliest
    }

    /// A safety margin taken off every computed instant: floating-point rounding may put it a hair late.
    static let roundingMargin: Duration = .microseconds(1)

    private static func marqueeChange(
        _ text: String, since start: Duration, after now: Duration, renderer: inout ZoneRenderer
    ) -> Duration? {
        let motion = renderer.marqueeMotion(for: text)
        guard let next = motion.nextOffsetChange(after: (now - start).inSeconds) else { return nil }
        return start + .fromSeconds(next) - roundingMargin
    }

    private static func idleChange(
        _ style: SceneStyle, clock: String, since idleSince: Duration?, after now: Duration,
        renderer: inout ZoneRenderer
    ) -> Duration? {
        // The clock's text changes with the time of day, which the caller watches; here only its motion counts.
        switch style.idle {
        case .blank: return nil
        case .clock, .text:
            let text = style.idle == .text ? style.idleText : clock
            return marqueeChange(text, since: idleSince ?? now, after: now, renderer: &renderer)
        }
    }

    private static func lyricSweepChange(
        _ line: LyricLine, index: Int, track: Int, at position: Duration, style: KaraokeStyle,
        renderer: inout ZoneRenderer, layout lyric: inout LyricLayout, instant: (Duration) -> Duration?
    ) -> Duration? {
        let strip = renderer.strip(for: line.text)
        if !lyric.matches(index: index, track: track, text: line.text) {
            lyric = LyricLayout(line: line, index: index, track: track, layout: strip.line, renderer: renderer)
        }
        let width = strip.width
        // With reduced motion a line lights whole at its start: nothing moves within it, but a line wider than
        // its zone turns a page where the sweep reaches the next one.
        if style.reducedMotion {
            let pages = lyric.pages
            guard !pages.texts.isEmpty else { return nil }
            let head = line.sweepPixels(at: position, wordSpans: lyric.wordSpans, lineWidth: width)
            let next = pages.page(at: head) + 1
            guard next < pages.starts.count,
                let reached = line.sweepTime(reaching: pages.starts[next], wordSpans: lyric.wordSpans, lineWidth: width)
            else { return nil }
            return instant(reached).map { $0 - roundingMargin }
        }
        let sung = min(
            max(line.sweepPixels(at: position, wordSpans: lyric.wordSpans, lineWidth: width), 0), Double(width))
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
        guard
            let reached = line.sweepTime(
                reaching: min(target, Double(width)), wordSpans: lyric.wordSpans,
                lineWidth: width)
        else { return nil }
        return instant(reached).map { $0 - roundingMargin }
    }

    private mutating func wrappedSweepChange(
        _ line: LyricLine, at position: Duration, instant: (Duration) -> Duration?
    ) -> Duration? {
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
            let first = top.strip(for: wrapped.first)
            let second = bottom.strip(for: wrapped.second)
            let widths = wrapped.widths
            let rightToLeft = wrapped.direction == .rightToLeft
            target = Karaoke.nextVisibleHead(
                after: sung, restFraction: bottom.restFraction, maxLevel: depth.maxLevel, scrollPhase: nil,
                lineWidth: total
            ) { column in
                // Counted on from the first line's start into the second's.
                let (strip, local) = column < widths[0] ? (first, column) : (second, column - widths[0])
                let x = rightToLeft ? strip.width - 1 - local : local
                return x >= 0 && x < strip.width && strip.columns[x] != 0
            }
        }
        guard
            let reached = line.sweepTime(
                reaching: min(target, Double(total)), wordSpans: wrapped.wordSpans,
                lineWidth: total)
        else { return nil }
        return instant(reached).map { $0 - Self.roundingMargin }
    }
}
