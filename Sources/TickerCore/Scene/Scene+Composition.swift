// What each zone shows and since when, decided once for an instant: drawing draws it, `nextChange` asks when
// it next moves. A pure function of the state, the time and the idle clock's text (and of what the scene
// observed of the state, see `observe(_:at:)`), never of what was drawn before.

extension Scene {
    /// What the panel shows at one instant.
    struct Composition {
        /// The top zone (the whole panel when it is not split).
        var top: Show
        /// The bottom zone of a split panel.
        var bottom: Show
        /// The playback position the lyrics are read at (the lyrics offset added).
        var position: Duration
        /// The lyric line sung at `position`, if any, and its index among the lyrics.
        var current: SungLine?
        /// The pixels of the progress bar reached, or nil when it is not shown.
        var progress: Int? = nil
        /// The icon before the top zone's marquee, which then runs beside it (`layout.icons`).
        var icon: ShownIcon? = nil
        /// When the idle screen's turn ends or a page in it vanishes, while it shows (see `idleTurn`).
        var idleTurnEnds: Duration? = nil
        /// The album cover drawn in its box (`layout.cover`), or nil: the box is dark.
        var cover: FeedPicture? = nil
        /// What the top zone shows, told apart for transitions.
        var screen = Screen(kind: .idle, text: "")
        /// When that screen came into view.
        var screenSince: Duration = .zero
        /// The transition into it, while one is under way.
        var transition: Transition? = nil
    }

    /// A lyric line being sung and its index among the lyrics.
    struct SungLine {
        var index: Int
        var line: LyricLine
    }

    /// What one zone shows.
    enum Show {
        case nothing
        /// A line as a marquee whose lap started at `since`, painted as `paint`.
        case marquee(String, since: Duration, paint: MarqueePaint)
        /// The lyric being sung (the composition's `current`).
        case lyric
        /// The lyric being sung, over both zones of a split panel (the bottom zone shows nothing of its own).
        case wrapped
        /// The next lyric, at rest, during a break.
        case waiting(String)
    }

    /// How a marquee's pixels are painted.
    enum MarqueePaint {
        case role(ColorRole)
        /// The now-playing line: the artist's columns in the artist's colour, the rest in the title's.
        case nowPlaying
        /// A message's or a page's text in its own colours, or blinking, over the role's (`Scene+Look.swift`).
        case look(ColorRole, TextLook)
    }

    /// What the top zone shows, told apart so that a change of it is seen.
    enum TopContent: Equatable {
        case nowPlaying
        case idle
        case lyric
        case message(PlayerState.Message)
    }

    /// What the top zone shows and since when it has been in view: where a marquee's lap starts.
    struct TopView {
        var content: TopContent
        var since: Duration
    }

    /// The state last observed, when, and what the top zone showed then: what the top zone shows at a later
    /// instant follows from it.
    struct Observation {
        var state = PlayerState()
        var at: Duration = .zero
        var shown = TopView(content: .idle, since: .zero)
    }

    /// What the panel shows at `now`, `clock` being the idle clock's text; with `transitions`, the transition
    /// into the top zone's screen while one is under way.
    func compose(_ state: PlayerState, at now: Duration, clock: String, transitions: Bool = true) -> Composition {
        var composition = composeScreens(state, at: now, clock: clock)
        if transitions {
            composition.transition = transition(
                into: composition.screen, since: composition.screenSince, state, at: now, clock: clock)
        }
        return composition
    }

    /// What the panel shows at `now`, without transitions.
    private func composeScreens(_ state: PlayerState, at now: Duration, clock: String) -> Composition {
        let (content, position, current) = topContent(state, at: now)
        var composition = Composition(top: .nothing, bottom: .nothing, position: position, current: current)
        composition.progress = progressFilled(state, at: now, showing: content)
        composition.cover = shownCover(state, at: now, current: current)
        var pageIcon: String?
        let shownSince = since(content, state, at: now, position: position)
        composition.screenSince = shownSince
        switch content {
        case .message(let message):
            let role: ColorRole = message.priority == .high ? .messageHigh : .message
            composition.top = .marquee(
                message.text, since: shownSince, paint: message.look.map { .look(role, $0) } ?? .role(role))
            composition.screen = Screen(kind: .message, text: message.text, icon: message.icon, look: message.look)
        case .idle:
            if let turn = idleTurn(state, at: now, since: shownSince, clock: clock) {
                composition.top = .marquee(
                    turn.text, since: turn.since, paint: turn.look.map { .look(.clock, $0) } ?? .role(.clock))
                composition.idleTurnEnds = turn.ends
                composition.screen = Screen(kind: .idle, text: turn.text, icon: turn.icon, look: turn.look)
                composition.screenSince = turn.since
                pageIcon = turn.icon
            }
        case .nowPlaying:
            composition.top = .marquee(playing.line, since: shownSince, paint: .nowPlaying)
            composition.screen = Screen(kind: .nowPlaying, text: playing.line)
        case .lyric:
            composition.top = layout.isSplit ? .wrapped : .lyric
            if let current {
                composition.screen = Screen(kind: layout.isSplit ? .wrapped : .lyric, text: current.line.text)
                // Since the line started, when it took the zone from a marquee with the time.
                let started = state.playback == .playing ? now - (position - current.line.start) : now
                composition.screenSince = min(max(shownSince, started), now)
            }
            return composition
        }
        composition.icon = icon(for: content, state, show: composition.top, pageIcon: pageIcon)
        guard layout.isSplit else { return composition }
        if current != nil {
            composition.bottom = .lyric
        } else if state.playback != .stopped, let next = state.nextLyricLine(after: position) {
            // During a break the next line waits at rest, so singers see what comes; also under an idle top
            // zone, when the feed gives lyrics but no now-playing line.
            composition.bottom = .waiting(next.line.text)
        }
        return composition
    }

    /// What the top zone shows at `now`, the lyrics' position then and the line being sung: a message over
    /// everything, the lyric (on a split panel only wrapped over both zones), the idle screen, or the
    /// now-playing line.
    func topContent(_ state: PlayerState, at now: Duration) -> (
        content: TopContent, position: Duration, current: SungLine?
    ) {
        let position = state.playbackPosition(at: now) + style.lyricsOffset
        var current: SungLine?
        if state.playback != .stopped, let (index, line) = state.lyricLine(at: position) {
            current = SungLine(index: index, line: line)
        }
        if let message = state.activeMessage(at: now) { return (.message(message), position, current) }
        if let current, takesTopZone(current.index, current.line) { return (.lyric, position, current) }
        if isIdle(at: now) { return (.idle, position, current) }
        return (.nowPlaying, position, current)
    }

    /// What the top zone shows at `now` and since when.
    func topView(_ state: PlayerState, at now: Duration) -> TopView {
        let (content, position, _) = topContent(state, at: now)
        return TopView(content: content, since: since(content, state, at: now, position: position))
    }

    /// Since when the top zone has shown `content` at `now`: since it started (a message's arrival, the
    /// now-playing line's last change, the panel going idle), or since it came back into view after a message
    /// or a lyric line hid it, so that its lap restarts with its pause. Before the state was last observed,
    /// what `observe` noted; after, the instants at which what hid it ended. `position` is the lyrics' position
    /// at `now` (the lyrics offset added).
    func since(_ content: TopContent, _ state: PlayerState, at now: Duration, position: Duration) -> Duration {
        var since = observation.shown.content == content ? observation.shown.since : observation.at
        for message in state.messages where message.expires > observation.at && message.expires <= now {
            if case .message(let shown) = content, !message.outranks(shown) { continue }
            since = max(since, message.expires)
        }
        switch content {
        case .message(let shown):
            return max(since, shown.received)
        case .nowPlaying:
            since = max(since, playing.since)
        case .idle:
            // Idle since `idleSince`, shown once `idleAfter` has passed with a line to show until then.
            if let idleSince = playing.idleSince {
                since = max(since, playing.line.isEmpty ? idleSince : idleSince + style.idleAfter)
            }
        case .lyric:
            return since
        }
        return lyricLeft(state, at: position).map { max(since, $0) } ?? since
    }

    /// The instant the last lyric line to take the top zone from a marquee ended, when that was after the
    /// state was last observed (the position then moved on from where it was observed, at the track's pace);
    /// `position` is the lyrics' position now.
    func lyricLeft(_ state: PlayerState, at position: Duration) -> Duration? {
        let lines = state.lyrics.lines
        // Lyrics not observed (see `observe`) are not known to have hidden anything.
        guard state.playback == .playing, lines.count == lyrics.lastTopLine.count else { return nil }
        let latest = (state.nextLyricLine(after: position)?.index ?? lines.count) - 1
        guard latest >= 0, case let index = lyrics.lastTopLine[latest], index >= 0 else { return nil }
        let end = index + 1 < lines.count ? min(lines[index].end, lines[index + 1].start) : lines[index].end
        let observedPosition = state.playbackPosition(at: observation.at) + style.lyricsOffset
        return end > observedPosition ? observation.at + (end - observedPosition) : nil
    }

    /// Whether lyric line `index` takes the top zone while it is sung: always on a single zone; on a split
    /// panel, when it is wrapped over both zones.
    func takesTopZone(_ index: Int, _ line: LyricLine) -> Bool {
        guard layout.isSplit else { return true }
        if index < lyrics.lastTopLine.count, lyrics.layouts[index].text == line.text {
            return lyrics.lastTopLine[index] == index
        }
        return style.karaoke.wrap && wrapped(index, line).fits
    }

    /// The layout of lyric line `index` in the lyric zone, as observed (or measured now, when the state drawn
    /// is not the one observed).
    func lyricLayout(_ index: Int, _ line: LyricLine) -> LyricLayout {
        if index < lyrics.layouts.count, lyrics.layouts[index].text == line.text { return lyrics.layouts[index] }
        let zone = layout.isSplit ? layout.bottom : layout.top
        return LyricLayout(line: line, layout: TextLine(line.text, fonts: zone.fonts), renderer: zone)
    }

    /// Lyric line `index` wrapped over both zones of a split panel, as observed (or wrapped now).
    func wrapped(_ index: Int, _ line: LyricLine) -> WrappedLyric {
        if index < lyrics.wrapped.count, lyrics.wrapped[index].text == line.text { return lyrics.wrapped[index] }
        return WrappedLyric(line: line, top: layout.top, bottom: layout.bottom)
    }
}

extension PlayerState.Message {
    /// Whether this message shows over `other` while both last.
    func outranks(_ other: PlayerState.Message) -> Bool {
        (priority, sequence) > (other.priority, other.sequence)
    }
}
