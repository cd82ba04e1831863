import TickerCore

/// What the follower knows of the current track's cover, and of the covers seen before: decides, for each
/// snapshot, whether the cover is known already (the same source, or the same album as the track before), or
/// must be asked for. Hits and misses are remembered by source, so nothing is asked for twice.
///
/// Pure: the fetching is the caller's (`CoverFetcher`, or the MPD follower for MPD's songs).
struct CoverState {
    /// What `update` found.
    enum Change: Equatable {
        /// The cover is as it was.
        case unchanged
        /// The current track's cover is now `picture` (nil: none known yet, or none at all).
        case current
        /// The current track, the same as before, has no cover any more: the one sent must be removed.
        case removed
        /// The current track's cover is unknown: ask for `source`, known as its key, then `arrived`.
        case ask(CoverSource)
    }

    /// The most sources remembered; beyond, the memory starts again (the cover cache directory still has them).
    static let maxRemembered = 64

    /// The track whose cover is current.
    private(set) var track: Track?
    /// The key of its cover's source.
    private(set) var key: String?
    /// Its cover, when known.
    private(set) var picture: FeedPicture?
    private var remembered: [String: FeedPicture?] = [:]
    private var asked: Set<String> = []

    /// Takes in the track of a new snapshot (with its cover source).
    mutating func update(_ newTrack: Track?) -> Change {
        let sameTrack = FeedPlanner.sameTrack(track, newTrack)
        // The same source, compared before its key is made (a hash of a picture's bytes).
        if sameTrack, track?.cover == newTrack?.cover { return .unchanged }
        let newKey = newTrack?.cover?.key
        if sameTrack, newKey == key {
            track = newTrack
            return .unchanged
        }
        let previous = (track: track, picture: picture)
        track = newTrack
        key = newKey
        picture = nil
        let change = resolve(newTrack, newKey, sameTrack: sameTrack, previous: previous)
        // A new title makes the daemon forget the cover; the same track's must be removed.
        if change == .current, sameTrack, previous.picture != nil, picture == nil { return .removed }
        return change
    }

    private mutating func resolve(
        _ newTrack: Track?, _ newKey: String?, sameTrack: Bool, previous: (track: Track?, picture: FeedPicture?)
    ) -> Change {
        guard let newTrack, let source = newTrack.cover, let newKey else { return .current }
        if let known = remembered[newKey] {
            picture = known
            return .current
        }
        // Consecutive tracks of one album share its cover: neither fetched nor decoded again.
        if !sameTrack, let before = previous.track, let cover = previous.picture, Self.sameAlbum(before, newTrack) {
            picture = cover
            remember(cover, forKey: newKey)
            return .current
        }
        if asked.contains(newKey) { return .current }
        asked.insert(newKey)
        return .ask(source)
    }

    /// The cover asked for as `key` arrived (nil: there is none); returns whether it is the current track's.
    mutating func arrived(_ arrival: FeedPicture?, forKey arrivalKey: String) -> Bool {
        asked.remove(arrivalKey)
        remember(arrival, forKey: arrivalKey)
        guard arrivalKey == key else { return false }
        picture = arrival
        return true
    }

    /// The cover asked for as `key` will not arrive: the next `update` asks again.
    mutating func abandon(forKey abandoned: String) {
        asked.remove(abandoned)
        guard abandoned == key else { return }
        track = nil
        key = nil
        picture = nil
    }

    private mutating func remember(_ picture: FeedPicture?, forKey key: String) {
        if remembered.count >= Self.maxRemembered { remembered.removeAll() }
        remembered[key] = .some(picture)
    }

    /// Whether two tracks are of one album: the same album and artist, the album named.
    static func sameAlbum(_ a: Track, _ b: Track) -> Bool {
        !a.album.isEmpty && a.album == b.album && a.artist == b.artist
    }
}
