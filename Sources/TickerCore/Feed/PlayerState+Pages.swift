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

        /// Whether it has stopped showing at `now`.
        public func hasExpired(at now: Duration) -> Bool { expires.map { $0 <= now } ?? false }
    }

    /// Sets `page` at `now`: a page of the same name is replaced where it stands in the turn; a new one joins
    /// at the end, and when `IdlePage.maxPages` are kept, the expired ones go first, then the one set longest ago.
    mutating func setPage(_ page: IdlePage, at now: Duration) {
        pages.removeAll { $0.hasExpired(at: now) }
        let kept = Page(content: page, set: now, expires: page.lifetime.map { now + $0 })
        if let index = pages.firstIndex(where: { $0.content.name == page.name }) {
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
        for page in pages where !page.hasExpired(at: now) { count += 1 }
        return count
    }

    /// The `index`th page (counted from 0) among those that show at `now`, if there are that many.
    public func page(_ index: Int, at now: Duration) -> Page? {
        var seen = 0
        for page in pages where !page.hasExpired(at: now) {
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
}
