import Foundation
import Glibc
import TickerIO

/// A directory of small cache entries, one file per key, as the lyrics and cover caches keep them: each
/// written atomically (a temporary file, `fsync`, `rename`), named by a hash of its key (the caller stores
/// the key inside and checks it on read), the oldest removed beyond `maxEntries`.
struct CacheFiles: Sendable {
    /// The directory holding the entries (created on first store).
    var directory: String
    /// What every entry's name ends with, such as `.lrc`.
    var suffix: String
    /// The most entries kept.
    var maxEntries: Int

    /// The entry's file for `key`: 16 hex digits of its FNV-1a hash, then `suffix`.
    func path(forKey key: String) -> String {
        directory + "/" + FNV1a.hex(key.utf8) + suffix
    }

    /// Writes `bytes` to a temporary file beside `final`, syncs it and renames it over `final`, so a reader
    /// sees the old contents or the new, never part of them.
    func replace(_ final: String, with bytes: [UInt8]) throws(SystemError) {
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

    /// Notes `value` under `name` (a follower's name: `now-playing-NAME`), for followers that run as one
    /// process per event: a lookup finishing later sends what it found only while `isMarked` still holds.
    func mark(_ value: String, as name: String) throws(SystemError) {
        try replace(markPath(name), with: Array(value.utf8))
    }

    /// Whether `value` is what was last noted under `name`.
    func isMarked(_ value: String, as name: String) -> Bool {
        (try? Posix.readFile(markPath(name), limit: 4096)) == Array(value.utf8)
    }

    private func markPath(_ name: String) -> String {
        directory + "/now-playing-" + String(name.filter { $0.isLetter || $0.isNumber })
    }

    private func makeDirectory() throws(SystemError) {
        do {
            try Posix.mkdir(directory, mode: 0o755)
        } catch  where error.code == .fileExists {
            // Already there.
        }
    }

    /// Removes the oldest entries beyond `maxEntries` (by modification time).
    func trim() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let entries = names.filter { $0.hasSuffix(suffix) }
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
