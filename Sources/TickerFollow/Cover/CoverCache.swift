import TickerCore
import TickerIO

/// Remembers the covers fetched over the network, scaled to the panel's side, and the sources that had none,
/// so that a cover is fetched and decoded once: one file per source in a directory (see `CacheFiles`), misses
/// forgotten after `missLifetimeSeconds`. An entry of another side is no entry.
struct CoverCache: Sendable {
    /// The directory holding the entries.
    var directory: String
    /// The side of the pictures kept.
    var side: Int
    /// How long a miss is remembered, in seconds.
    var missLifetimeSeconds: Double
    /// The most entries kept (a 64 × 64 cover takes 12 KiB).
    var maxEntries = 2000

    /// What the cache says of a source.
    enum Answer: Equatable {
        /// The cover, scaled.
        case hit(FeedPicture)
        /// The source had no cover (or none that could be read).
        case miss
    }

    private var files: CacheFiles { CacheFiles(directory: directory, suffix: ".cover", maxEntries: maxEntries) }

    /// The entry for `key` at Unix time `now`, or nil when there is none (or an expired miss, or another side).
    func answer(forKey key: String, now: Double) -> Answer? {
        let limit = 256 + key.utf8.count + FeedPicture.maxPixelBytes
        guard let bytes = try? Posix.readFile(files.path(forKey: key), limit: limit),
            let firstNewline = bytes.firstIndex(of: 0x0A),
            let secondNewline = bytes[(firstNewline + 1)...].firstIndex(of: 0x0A),
            let header = String(validating: bytes[..<firstNewline], as: UTF8.self),
            String(validating: bytes[(firstNewline + 1)..<secondNewline], as: UTF8.self) == key
        else { return nil }
        let words = header.split(separator: " ")
        guard words.count == 3, let storedSide = Int(words[1]), storedSide == side, let stored = Double(words[2])
        else { return nil }
        let pixels = Array(bytes[(secondNewline + 1)...])
        switch words[0] {
        case "hit" where pixels.count == side * side * 3:
            return .hit(
                FeedPicture(
                    name: FeedPicture.coverName, width: side, height: side,
                    frames: [FeedPicture.Frame(delay: .zero, pixels: pixels)]))
        case "miss" where pixels.isEmpty:
            return now - stored < missLifetimeSeconds ? .miss : nil
        default:
            return nil
        }
    }

    /// Notes that `follower` now plays `track` (see `CacheFiles.mark`).
    func markNowPlaying(_ track: Track, by follower: String) throws(SystemError) {
        try files.mark(LyricsCache.key(for: track), as: follower)
    }

    /// Whether `track` is the one `follower` last marked as playing.
    func isNowPlaying(_ track: Track, by follower: String) -> Bool {
        files.isMarked(LyricsCache.key(for: track), as: follower)
    }

    /// Stores `answer` for `key` at Unix time `now`, replacing what was there.
    func store(_ answer: Answer, forKey key: String, now: Double) throws(SystemError) {
        var bytes: [UInt8]
        switch answer {
        case .hit(let picture):
            guard picture.width == side, picture.height == side, let frame = picture.frames.first else { return }
            bytes = Array("hit \(side) \(Int(now))\n\(key)\n".utf8) + frame.pixels
        case .miss:
            bytes = Array("miss \(side) \(Int(now))\n\(key)\n".utf8)
        }
        guard !key.contains("\n") else { return }
        try files.replace(files.path(forKey: key), with: bytes)
        files.trim()
    }
}
