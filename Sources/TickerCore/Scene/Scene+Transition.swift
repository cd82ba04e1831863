// Transitions between the screens of the top zone: a new title, a message coming and going, an idle page
// turning, the idle screen taking over and giving back, a lyric taking the panel.
//
// The composition knows when its top screen came (`screenSince`, where a marquee's lap starts too). Within a
// transition's duration of that instant, the zone blends the new screen, drawn as it is now (a lyric sweeps on
// time through it), with the picture the panel showed at that instant: the outgoing picture. Which picture
// that was is a function of the state and the time like everything else: a screen that came with the time (a
// message expiring, a page turning) follows what the panel showed just before, drawn again from the same
// state; one that came with a change of the state follows what the old state showed, which `observe` draws
// before it forgets it. A change during a transition starts from the blend shown at that instant, so nothing
// jumps. The pictures are kept, a few, by the instant their successor came.

extension Scene {
    /// A screen of the top zone, told apart from the others so that a screen never transitions into itself.
    struct Screen: Equatable {
        enum Kind: Equatable {
            case nowPlaying
            case message
            case idle
            case lyric
            /// A lyric wrapped over both zones of a split panel: it always cuts, as only the top zone blends.
            case wrapped
        }

        var kind: Kind
        /// What it shows: the line, the message, the idle screen's turn, the lyric line.
        var text: String
        /// The name of the icon before it, if any.
        var icon: String? = nil
        /// Its colours, a message's or a page's own.
        var look: TextLook? = nil
    }

    /// The panel as it showed when the top zone's next screen came, kept for the transition to that screen.
    struct Outgoing {
        /// When the next screen came.
        var start: Duration
        /// What the top zone showed; nil when nothing did that a transition should start from (the panel's
        /// first picture, or a new look).
        var screen: Screen?
        /// The levels of the panel (as drawn, transitions included).
        var levels: Frame
        /// On a colour panel, its colours row by row (`RGBFrame.bytes`); empty on a grey one.
        var colours: [UInt8] = []
    }

    /// How many outgoing pictures are kept: one a transition starts from, one it may have started from in
    /// turn, and those drawn ahead.
    static let outgoingKept = 4

    /// The kind of change from screen `old` to `new`, or nil when it cuts: into itself, between lyric lines,
    /// to or from a lyric wrapped over both zones.
    static func change(from old: Screen, to new: Screen) -> ScreenChange? {
        guard old != new else { return nil }
        switch (old.kind, new.kind) {
        case (.wrapped, _), (_, .wrapped), (.lyric, .lyric): return nil
        case (.message, _), (_, .message): return .message
        case (.lyric, _), (_, .lyric): return .lyric
        case (.idle, .idle): return .page
        case (.idle, _), (_, .idle): return .idle
        case (.nowPlaying, .nowPlaying): return .title
        }
    }

    /// Whether a change that may bring a screen of `kind` moves with `transitions`: when none does, nothing need
    /// be asked of the screen before. Asked in the frames after each change; allocates nothing.
    static func mayMove(into kind: Screen.Kind, _ transitions: TransitionStyle) -> Bool {
        func moves(_ change: ScreenChange) -> Bool { transitions.effect(for: change) != .cut }
        switch kind {
        case .message: return moves(.message)
        case .lyric: return moves(.lyric) || moves(.message)
        case .idle: return moves(.page) || moves(.idle) || moves(.lyric) || moves(.message)
        case .nowPlaying: return moves(.title) || moves(.idle) || moves(.lyric) || moves(.message)
        case .wrapped: return false
        }
    }

    /// The transition into the top screen of a composition of `state` at `now`, `screen` having come at
    /// `since`, or nil when none is under way. The screen it leaves is the one kept for `since`, or else the one
    /// composed just before `since`.
    func transition(into screen: Screen, since: Duration, _ state: PlayerState, at now: Duration, clock: String)
        -> Transition?
    {
        let transitions = style.transitions
        guard transitions.duration > .zero, now >= since, now - since < transitions.duration,
            Self.mayMove(into: screen.kind, transitions)
        else { return nil }
        let old: Screen?
        if let kept = outgoing.first(where: { $0.start == since }) {
            old = kept.screen
        } else {
            old = compose(state, at: since - Self.instantBefore, clock: clock, transitions: false).screen
        }
        guard let old, let change = Self.change(from: old, to: screen) else { return nil }
        let effect = transitions.effect(for: change)
        guard effect != .cut else { return nil }
        let transition = Transition(
            effect: effect, start: since, duration: transitions.duration, zone: layout.top.zone, depth: depth)
        return transition.isUnderWay(at: now) ? transition : nil
    }

    /// How long before a screen came the picture it follows is drawn.
    static let instantBefore: Duration = .nanoseconds(1)

    /// Blends the top zone of `frame` (drawn for a composition at `now`) with the outgoing picture of
    /// `transition`: in the levels on a grey panel, in `paints` (for the colours) on a colour one.
    mutating func blend(
        _ transition: Transition, _ state: PlayerState, at now: Duration, clock: String, nesting: Int,
        into frame: inout Frame, paints: inout Paints
    ) {
        guard let step = transition.step(at: now),
            let kept = outgoing(at: transition.start, state, clock: clock, nesting: nesting)
        else { return }
        if isColor {
            paints.transition = TransitionOverlay(
                transition: transition, step: step, zone: layout.top.zone, from: kept.colours)
        } else {
            transition.blend(&frame, from: kept.levels, zone: layout.top.zone, step: step)
        }
    }

    /// The outgoing picture for a screen that came at `start`: the one kept, or the panel drawn just before
    /// `start` from `state` (a screen that came with the time), then kept. Nil when it is too deep in a chain
    /// of transitions to draw (it then cuts).
    private mutating func outgoing(at start: Duration, _ state: PlayerState, clock: String, nesting: Int)
        -> Outgoing?
    {
        if let kept = outgoing.first(where: { $0.start == start }) { return kept }
        guard nesting < Self.outgoingKept else { return nil }
        let before = start - Self.instantBefore
        var frame = Frame(width: width, height: height, depth: depth)
        var paints = Paints()
        let composition = picture(state, at: before, clock: clock, nesting: nesting + 1, into: &frame, paints: &paints)
        let kept = outgoingPicture(composition.screen, at: start, frame, paints)
        keep(kept)
        return kept
    }

    /// The panel drawn as `frame` and `paints`, the top zone showing `screen`, kept for a screen coming at
    /// `start`.
    func outgoingPicture(_ screen: Screen?, at start: Duration, _ frame: Frame, _ paints: Paints) -> Outgoing {
        var kept = Outgoing(start: start, screen: screen, levels: frame)
        if isColor {
            var image = RGBFrame(width: width, height: height)
            colorize(frame, paints: paints, into: &image)
            kept.colours = image.bytes
        }
        return kept
    }

    /// Keeps `picture`, in place of one kept for the same instant, forgetting the earliest when full.
    mutating func keep(_ picture: Outgoing) {
        outgoing.removeAll { $0.start == picture.start }
        if outgoing.count >= Self.outgoingKept,
            let earliest = outgoing.indices.min(by: {
                outgoing[$0].start < outgoing[$1].start
            })
        {
            outgoing.remove(at: earliest)
        }
        outgoing.append(picture)
    }

    /// After the state changed at `now`: forgets the pictures drawn ahead for later instants (the new state
    /// decides those) and, when the change brought the top zone a new screen, keeps what the panel showed until
    /// then. `before` is the scene as it was, with the old state; on its first state the panel appears without a
    /// transition.
    mutating func keepOutgoing(before: Scene, _ state: PlayerState, at now: Duration) {
        outgoing.removeAll { $0.start >= now }
        guard style.transitions.duration > .zero else { return }
        guard before.hasObserved else {
            keep(Outgoing(start: now, screen: nil, levels: Frame(width: 0, height: 0, depth: depth)))
            return
        }
        guard compose(state, at: now, clock: clockShown, transitions: false).screenSince == now else { return }
        var old = before
        var frame = Frame(width: width, height: height, depth: depth)
        var paints = Paints()
        let composition = old.picture(
            before.observation.state, at: now, clock: clockShown, nesting: 1, into: &frame, paints: &paints)
        keep(old.outgoingPicture(composition.screen, at: now, frame, paints))
    }

    /// Draws the panel for `state` at `now` into `frame` and `paints`, the top zone's transition blended in,
    /// and answers the composition drawn. `nesting` counts the outgoing pictures being drawn for it.
    @discardableResult
    mutating func picture(
        _ state: PlayerState, at now: Duration, clock: String, nesting: Int = 0, into frame: inout Frame,
        paints: inout Paints
    ) -> Composition {
        let composition = compose(state, at: now, clock: clock, transitions: nesting < Self.outgoingKept)
        draw(composition, at: now, into: &frame, paints: &paints)
        if let transition = composition.transition {
            blend(transition, state, at: now, clock: clock, nesting: nesting, into: &frame, paints: &paints)
        }
        return composition
    }
}
