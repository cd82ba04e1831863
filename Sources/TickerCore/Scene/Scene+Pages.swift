// The idle screen's turns: the clock (or the idle text) and each page the feed set, `pageTime` each, round and
// round from the instant the idle screen came into view; a page set or gone changes the turn at once, and a
// request to turn (`page --show`, `--next`, `--previous`) made while it is in view starts a turn of its own.

extension Scene {
    /// What the idle screen shows in one turn.
    struct IdleTurn {
        /// The text shown.
        var text: String
        /// The name of the picture before it: a page's icon; nil for the clock or the idle text.
        var icon: String? = nil
        /// The page's colours and blinking; nil for the clock or the idle text.
        var look: TextLook? = nil
        /// When this turn began: where its marquee's lap starts.
        var since: Duration
        /// When the turn ends or a page vanishes, whichever comes first; nil when neither happens.
        var ends: Duration?
    }

    /// The idle screen's turn at `now`, the screen having been in view since `since` and the idle clock showing
    /// `clock`; nil when it shows nothing (a blank idle screen and no pages).
    func idleTurn(_ state: PlayerState, at now: Duration, since: Duration, clock: String) -> IdleTurn? {
        let screen: String? =
            switch style.idle {
            case .blank: nil
            case .clock: clock
            case .text: style.idleText
            }
        let showsPages = style.pages == .rotate
        let vanishes = showsPages ? state.nextPageExpiry(after: now) : nil
        let first = screen == nil ? 0 : 1
        let turns = first + (showsPages ? state.pageCount(at: now) : 0)
        guard turns > 0 else { return nil }
        guard turns > 1 else {
            let page = screen == nil ? state.page(0, at: now)?.content : nil
            return IdleTurn(
                text: screen ?? page?.text ?? "", icon: page?.icon, look: page?.look, since: since, ends: vanishes)
        }
        let pitch = max(style.pageTime, .milliseconds(1))
        func count(from origin: Duration, to instant: Duration) -> Int {
            Int(clamping: max(instant - origin, .zero).attosecondCount / pitch.attosecondCount)
        }
        // The turns count from the last request made while the idle screen was in view, from the turn it chose.
        var origin = since
        var chosen = 0
        for turn in state.pageTurns where turn.at >= since && turn.at <= now {
            switch turn.target {
            case .page(let name):
                guard let position = state.pageIndex(named: name, at: now) else { continue }
                chosen = first + position
            case .step(let step):
                let shown = (count(from: origin, to: turn.at) % turns + chosen) % turns
                chosen = ((shown + step) % turns + turns) % turns
            }
            origin = turn.at
        }
        let turnCount = count(from: origin, to: now)
        let start = origin + pitch * turnCount
        let index = (turnCount % turns + chosen) % turns
        let ends = start + pitch
        if let screen, index == 0 {
            return IdleTurn(text: screen, since: start, ends: vanishes.map { min($0, ends) } ?? ends)
        }
        let page = state.page(index - first, at: now)?.content
        return IdleTurn(
            text: page?.text ?? "", icon: page?.icon, look: page?.look, since: start,
            ends: vanishes.map { min($0, ends) } ?? ends)
    }
}
