import Foundation
import Glibc
import TickerIO

/// Remembers what the online lyrics server said about each track, hits and misses alike, so that a track is
/// never asked for twice: one small file per track in a directory, written atomically (a temporary file,
/// `fsync`, `rename`), misses forgotten after `missLifetimeSeconds`, the oldest entries removed beyond
/// `maxEntries`.
package struct LyricsCache: Sendable {
    /// The directory holding the entries (created on first store).
    package var directory: String
    /// How long a miss is remembered, in seconds (a week by default): the server may learn the song later.
    package var missLifetimeSeconds: Double
    /// The most entries kept.
    package var maxEntries: Int
    /// The largest entry read or written, in bytes.
    package var maxEntryBytes: Int

    /// A cache in `directory`.
    package init(
        directory: String, missLifetimeSeconds: Double = 7 * 24 * 3600, maxEntries: Int = 5000,
        maxEntryBytes: Int = 512 * 1024
    ) {
        self.directory = directory
        self.missLifetimeSeconds = missLifetimeSeconds
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
    }

    /// The answer stored for `track`, or `nil` when there is none (or only an expired miss), at Unix time
    /// `now` (seconds).
    package func answer(for track: Track, now: Double) -> LRCLIBAnswer? {
        let key = Self.key(for: track)
        guard let bytes = try? Posix.readFile(path(forKey: key), limit: maxEntryBytes),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count >= 2, String(lines[1]) == key else { return nil }
        let header = lines[0].split(separator: " ")
        guard header.count == 2, let stored = Double(header[1]) else { return nil }
        switch header[0] {
        case "synced" where lines.count == 3: return .synced(String(lines[2]))
        case "instrumental": return .instrumental
        case "miss": return now - stored < missLifetimeSeconds ? .notFound : nil
        default: return nil
        }
    }

    /// Stores `answer` for `track` at Unix time `now`, replacing what was there. An answer larger than
    /// `maxEntryBytes` is not stored.
    package func store(_ answer: LRCLIBAnswer, for track: Track, now: Double) throws(SystemError) {
        let key = Self.key(for: track)
        let header: String
        var body = ""
        switch answer {
        case .synced(let lrc):
            header = "synced"
            body = lrc
        case .instrumental: header = "instrumental"
        case .notFound: header = "miss"
        }
        let bytes = Array("\(header) \(Int(now))\n\(key)\n\(body)".utf8)
        guard bytes.count <= maxEntryBytes else { return }
        try replace(path(forKey: key), with: bytes)
        files.trim()
    }

    /// Notes that `follower` (a name such as `librespot`) now plays `track`, for followers that run as one
    /// process per event: a lookup finishing later sends its lyrics only while `isNowPlaying` still holds.
    package func markNowPlaying(_ track: Track, by follower: String) throws(SystemError) {
        try files.mark(Self.key(for: track), as: follower)
    }

    /// Whether `track` is the one `follower` last marked as playing.
    package func isNowPlaying(_ track: Track, by follower: String) -> Bool {
        files.isMarked(Self.key(for: track), as: follower)
    }

    private var files: CacheFiles {
        CacheFiles(directory: directory, suffix: ".lrc", maxEntries: maxEntries)
    }

    private func replace(_ final: String, with bytes: [UInt8]) throws(SystemError) {
        try files.replace(final, with: bytes)
    }

    /// The entry's file for `key` (see `CacheFiles`; the key itself is stored inside and checked on read, so a
    /// collision is a miss, never the wrong song's lyrics).
    func path(forKey key: String) -> String {
        files.path(forKey: key)
    }

    /// What identifies a track to the cache: artist, title, album (case-folded, on one line) and the whole
    /// seconds of its duration.
    static func key(for track: Track) -> String {
        let parts = [track.artist, track.title, track.album].map { part in
            String(part.lowercased().map { $0.isNewline || $0 == "\u{1F}" ? " " : $0 })
        }
        let duration = track.durationSeconds.map { String(Int($0.rounded())) } ?? "-"
        return (parts + [duration]).joined(separator: "\u{1F}")
    }
}
