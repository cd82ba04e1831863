import Glibc
import TickerCore
import TickerIO

/// Why lyrics for a track could not be read; `notFound` is the ordinary case and is not logged.
package enum LyricsLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `.lrc` file for the track.
    case notFound
    /// The name resolves outside the configured directory (`..`, an absolute path or a symlink).
    case escapesDirectory(path: String, directory: String)
    /// The file is larger than the limit.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The file is not a regular file.
    case notAFile(path: String)
    /// The file is not valid UTF-8.
    case invalidUTF8(path: String)
    /// A system call failed.
    case read(path: String, Errno)
    /// The music file's tags are damaged or hostile.
    case tags(path: String, TagError)

    /// A sentence naming the file and what was wrong.
    package var description: String {
        switch self {
        case .notFound:
            return "no lyrics file for this track"
        case .escapesDirectory(let path, let directory):
            return "lyrics '\(path)' resolves outside '\(directory)' (refused)"
        case .tooLarge(let path, let bytes, let limit):
            return "lyrics '\(path)' is \(bytes) bytes (expected at most \(limit))"
        case .notAFile(let path):
            return "lyrics '\(path)' is not a regular file"
        case .invalidUTF8(let path):
            return "lyrics '\(path)' is not valid UTF-8"
        case .read(let path, let code):
            return "read '\(path)': \(code)"
        case .tags(let path, let error):
            return "tags of '\(path)': \(error)"
        }
    }
}

/// Finds the `.lrc` file for a track: a sidecar beside the music file, or `Artist - Title.lrc` in a
/// lyrics directory. A file is only ever read when its real path (symlinks resolved) lies inside the
/// configured directory, and only up to `maxBytes`.
package struct LyricsLibrary: Sendable {
    /// The music directory the player's file names are relative to (MPD's `music_directory`).
    package var musicDirectory: String?
    /// A directory of `Artist - Title.lrc` files.
    package var lyricsDirectory: String?
    /// The largest lyrics file read, in bytes.
    package var maxBytes: Int

    /// A library over the given directories; either may be `nil`.
    package init(musicDirectory: String? = nil, lyricsDirectory: String? = nil, maxBytes: Int = 256 * 1024) {
        self.musicDirectory = musicDirectory
        self.lyricsDirectory = lyricsDirectory
        self.maxBytes = maxBytes
    }

    /// The LRC text for `track`: the sidecar first, then the lyrics directory.
    package func lyrics(for track: Track) throws(LyricsLookupError) -> String {
        if let musicDirectory, let file = track.file, let name = Self.sidecarName(forMusicFile: file) {
            do {
                return try read(name, inside: musicDirectory)
            } catch .notFound {
                // Fall through to the lyrics directory.
            }
        }
        if let lyricsDirectory, !track.title.isEmpty {
            return try read(Self.fileName(artist: track.artist, title: track.title), inside: lyricsDirectory)
        }
        throw .notFound
    }

    /// `dir/song.flac` → `dir/song.lrc`; `nil` for streams (`http://…`) and names without a file part.
    package static func sidecarName(forMusicFile file: String) -> String? {
        guard !file.isEmpty, !file.contains("://"), !file.hasSuffix("/") else { return nil }
        let slash = file.lastIndex(of: "/")
        let nameStart = slash.map { file.index(after: $0) } ?? file.startIndex
        if let dot = file[nameStart...].lastIndex(of: "."), dot != nameStart {
            return String(file[..<dot]) + ".lrc"
        }
        return file + ".lrc"
    }

    /// `Artist - Title.lrc` (or `Title.lrc` without an artist), with `/`, NUL and control characters
    /// replaced by `_` and a leading dot escaped, so the name is always one plain file name.
    package static func fileName(artist: String, title: String) -> String {
        let base = artist.isEmpty ? title : artist + " - " + title
        var scalars = String.UnicodeScalarView()
        for scalar in base.unicodeScalars {
            scalars.append(
                scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : scalar)
        }
        var name = String(scalars)
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        return name + ".lrc"
    }

    /// Reads `relative` inside `directory`, refusing anything whose real path leaves the directory.
    func read(_ relative: String, inside directory: String) throws(LyricsLookupError) -> String {
        guard !relative.hasPrefix("/") else { throw .escapesDirectory(path: relative, directory: directory) }
        guard let root = try? Posix.realpath(directory) else { throw .notFound }
        let joined = directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
        let resolved: String
        do {
            resolved = try Posix.realpath(joined)
        } catch {
            if error.code == .noSuchFileOrDirectory || error.code == .notADirectory { throw .notFound }
            throw .read(path: joined, error.code)
        }
        let prefix = root == "/" ? "/" : root + "/"
        guard resolved.hasPrefix(prefix) else { throw .escapesDirectory(path: relative, directory: directory) }
        return try readBounded(resolved)
    }

    private func readBounded(_ path: String) throws(LyricsLookupError) -> String {
        // O_NOFOLLOW: the path is already resolved, so a symlink here was swapped in after the check.
        let fd: Int32
        do {
            fd = try Posix.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        } catch {
            throw .read(path: path, error.code)
        }
        defer { Posix.close(fd) }
        let info: stat
        do {
            info = try Posix.fstat(fd, what: path)
        } catch {
            throw .read(path: path, error.code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
        guard Int(info.st_size) <= maxBytes else {
            throw .tooLarge(path: path, bytes: Int(info.st_size), limit: maxBytes)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) -> Posix.Transfer in try Posix.read(fd, into: raw, what: path) }
            }
            let count: Int
            switch result {
            case .success(.done(let read)): count = read
            case .success(.wouldBlock): continue
            case .failure(let error): throw .read(path: path, error.code)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            // The file may have grown since fstat.
            if bytes.count > maxBytes { throw .tooLarge(path: path, bytes: bytes.count, limit: maxBytes) }
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8(path: path) }
        return text
    }
}
