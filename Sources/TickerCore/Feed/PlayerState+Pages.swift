// The idle screen's pages as the feed set them: replaced and removed by name, each until its lifetime runs out.

extension PlayerState {
    /// A page of the idle screen and when it stops showing.
    public struct Page: Sendable, Equatable {
        /// The page as the feed set it.
        public var content: IdlePage
        /// When it was set (monotonic).
        public var set: Duration
        /// When it stops showing (monotonic), or nil when it lasts until removed.
        public var expires: Duration?
        /// When a page of its name joined the turns (monotonic): a page replaced keeps its place and this.
        public var joined: Duration

        /// Whether it has stopped showing at `now`.
        public func hasExpired(at now: Duration) -> Bool { expires.map { $0 <= now } ?? false }

        /// Whether it shows at `now`: it had joined and has not expired.
        public func shows(at now: Duration) -> Bool { joined <= now && !hasExpired(at: now) }
    }

    /// A request to turn the idle screen's pages (`page --show`, `--next`, `--previous`). The scene reads the
    /// ones made while the idle screen is in view; the others are spent, as the turns start over with it.
    public struct PageTurn: Sendable, Equatable {
        /// Where to turn.
        public enum Target: Sendable, Equatable {
            /// To the page of this name (ignored when there is none).
            case page(String)
            /// By this many turns from the one shown: 1 the next, -1 the previous.
            case step(Int)
        }

        /// Where to turn.
        public var target: Target
        /// When (monotonic).
        public var at: Duration
    }

    /// The most turn requests kept: more within one stay of the idle screen count from the oldest kept.
    public static let maxPageTurns = 8

    /// Records a request to turn the pages to `target` at `now`.
    mutating func turnPages(_ target: PageTurn.Target, at now: Duration) {
        if pageTurns.count >= Self.maxPageTurns { pageTurns.removeFirst() }
        pageTurns.append(PageTurn(target: target, at: now))
    }

    /// Where page `name` stands among the pages that show at `now` (counted from 0), if it shows.
    public func pageIndex(named name: String, at now: Duration) -> Int? {
        var seen = 0
        for page in pages where page.shows(at: now) {
            if page.content.name == name { return seen }
            seen += 1
        }
        return nil
    }

    /// Sets `page` at `now`: a page of the same name is replaced where it stands in the turn; a new one joins
    /// at the end, and when `IdlePage.maxPages` are kept, the expired ones go first, then the one set longest ago.
    mutating func setPage(_ page: IdlePage, at now: Duration) {
        pages.removeAll { $0.hasExpired(at: now) }
        var kept = Page(content: page, set: now, expires: page.lifetime.map { now + $0 }, joined: now)
        if let index = pages.firstIndex(where: { $0.content.name == page.name }) {
            kept.joined = pages[index].joined
            pages[index] = kept
            return
        }
        if pages.count >= IdlePage.maxPages, let oldest = pages.indices.min(by: { pages[$0].set < pages[$1].set }) {
            pages.remove(at: oldest)
        }
        pages.append(kept)
    }

    /// How many pages show at `now`. A loop rather than a filter: asked for every frame, it must not allocate.
    public func pageCount(at now: Duration) -> Int {
        var count = 0
        for page in pages where page.shows(at: now) { count += 1 }
        return count
    }

    /// The `index`th page (counted from 0) among those that show at `now`, if there are that many.
    public func page(_ index: Int, at now: Duration) -> Page? {
        var seen = 0
        for page in pages where page.shows(at: now) {
            if seen == index { return page }
            seen += 1
        }
        return nil
    }

    /// The first instant after `now` at which a page stops showing, if one does.
    public func nextPageExpiry(after now: Duration) -> Duration? {
        var earliest: Duration?
        for page in pages {
            guard let expires = page.expires, expires > now else { continue }
            if earliest.map({ expires < $0 }) ?? true { earliest = expires }
        }
        return earliest
    }

    /// The first instant after `instant`, and no later than `limit`, at which a page joins the turns or stops
    /// showing, if one does. A loop rather than a filter: asked for every frame, it must not allocate.
    public func nextPageChange(after instant: Duration, upTo limit: Duration) -> Duration? {
        var earliest: Duration?
        func consider(_ change: Duration) {
            guard change > instant, change <= limit, earliest.map({ change < $0 }) ?? true else { return }
            earliest = change
        }
        for page in pages {
            consider(page.joined)
            if let expires = page.expires { consider(expires) }
        }
        return earliest
    }
}
