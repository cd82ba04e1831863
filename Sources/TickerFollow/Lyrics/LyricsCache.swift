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
        trim()
    }

    /// Notes that `follower` (a name such as `librespot`) now plays `track`, for followers that run as one
    /// process per event: a lookup finishing later sends its lyrics only while `isNowPlaying` still holds.
    package func markNowPlaying(_ track: Track, by follower: String) throws(SystemError) {
        try replace(nowPlayingPath(of: follower), with: Array(Self.key(for: track).utf8))
    }

    /// Whether `track` is the one `follower` last marked as playing.
    package func isNowPlaying(_ track: Track, by follower: String) -> Bool {
        let marked = try? Posix.readFile(nowPlayingPath(of: follower), limit: 4096)
        return marked == Array(Self.key(for: track).utf8)
    }

    private func nowPlayingPath(of follower: String) -> String {
        directory + "/now-playing-" + String(follower.filter { $0.isLetter || $0.isNumber })
    }

    /// Writes `bytes` to a temporary file beside `final`, syncs it and renames it over `final`, so a reader
    /// sees the old contents or the new, never part of them.
    private func replace(_ final: String, with bytes: [UInt8]) throws(SystemError) {
        try makeDirectory()
        let temporary = directory + "/.tmp-\(Posix.processID)-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try Posix.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o644)
        do {
            defer { Posix.close(fd) }
            try Posix.writeAll(fd, bytes, what: temporary)
            try Posix.fsync(fd, what: temporary)
            try Posix.rename(temporary, to: final)
        } catch {
            try? Posix.unlink(temporary)
            throw error
        }
    }

    /// The entry's file for `key`: 16 hex digits of its FNV-1a hash (the key itself is stored inside and
    /// checked on read, so a collision is a miss, never the wrong song's lyrics).
    func path(forKey key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".lrc"
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

    private func makeDirectory() throws(SystemError) {
        do {
            try Posix.mkdir(directory, mode: 0o755)
        } catch  where error.code == .fileExists {
            // Already there.
        }
    }

    /// Removes the oldest entries beyond `maxEntries` (by modification time).
    private func trim() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let entries = names.filter { $0.hasSuffix(".lrc") }
        guard entries.count > maxEntries else { return }
        var dated: [(String, Date)] = []
        for name in entries {
            let path = directory + "/" + name
            let date =
                (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            dated.append((path, date))
        }
        dated.sort { $0.1 < $1.1 }
        for (path, _) in dated.prefix(entries.count - maxEntries) { try? Posix.unlink(path) }
    }
}
