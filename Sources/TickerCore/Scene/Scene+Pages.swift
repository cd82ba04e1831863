// The idle screen's turns: the clock (or the idle text) and each page the feed set, `pageTime` each, round and
// round from the instant the idle screen came into view; a request to turn (`page --show`, `--next`,
// `--previous`) made while it is in view starts a turn of its own. What a turn shows is decided when it starts:
// a page set or expiring during it changes nothing until the next turn (a page set a few milliseconds after a
// turn began would otherwise show the page after for those milliseconds), unless the page shown is the one
// that goes.

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
        // The turns count from the last request made while the idle screen was in view, from the turn it chose,
        // or from the last change of the pages: then the turn under way goes on with what it showed (a page
        // that went is followed by the one in its place, for a whole turn), and the next turn shows what follows
        // it among the pages as they are now.
        var origin = since
        var chosen = 0
        func turnsShown(at instant: Duration) -> Int { first + (showsPages ? state.pageCount(at: instant) : 0) }
        func shown(at instant: Duration, of count: Int) -> Int {
            count > 0 ? (self.count(from: origin, to: instant, pitch: pitch) % count + chosen) % count : 0
        }
        var request = state.pageTurns.startIndex
        var changed = since
        while true {
            while request < state.pageTurns.endIndex && state.pageTurns[request].at < since { request += 1 }
            let turn =
                request < state.pageTurns.endIndex && state.pageTurns[request].at <= now
                ? state.pageTurns[request] : nil
            let change = showsPages ? state.nextPageChange(after: changed, upTo: now) : nil
            if let change, turn.map({ change < $0.at }) ?? true {
                // The pages changed: the turn under way keeps what it shows, if it still shows.
                let before = change - Self.instantBefore
                let (was, left) = (turnsShown(at: before), turnsShown(at: change))
                let index = shown(at: change, of: was)
                let name = index >= first ? state.page(index - first, at: before)?.content.name : nil
                if index < first {
                    chosen = index
                    origin = origin + pitch * self.count(from: origin, to: change, pitch: pitch)
                } else if let name, let position = state.pageIndex(named: name, at: change) {
                    chosen = first + position
                    origin = origin + pitch * self.count(from: origin, to: change, pitch: pitch)
                } else {
                    chosen = left > 0 ? min(index, left - 1) : 0
                    origin = change
                }
                changed = change
                continue
            }
            guard let turn else { break }
            let count = turnsShown(at: turn.at)
            switch turn.target {
            case .page(let name):
                if let position = state.pageIndex(named: name, at: turn.at) {
                    chosen = first + position
                    origin = turn.at
                }
            case .step(let step):
                if count > 0 {
                    chosen = ((shown(at: turn.at, of: count) + step) % count + count) % count
                    origin = turn.at
                }
            }
            request += 1
        }
        let turnCount = count(from: origin, to: now, pitch: pitch)
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

    /// How many whole turns of `pitch` pass from `origin` to `instant`.
    private func count(from origin: Duration, to instant: Duration, pitch: Duration) -> Int {
        Int(clamping: max(instant - origin, .zero).attosecondCount / pitch.attosecondCount)
    }
}
