import Glibc
import TickerCore

/// The kept state (`[feed] keep`): replaced whole like the state file (`Posix.replaceFile`), mode 0600 since it
/// is the daemon's own, and read back once, at start.
package enum KeptStateFile {
    /// Writes `kept` to `path` atomically.
    package static func write(_ kept: KeptState, to path: String) throws(SystemError) {
        try Posix.replaceFile(path, with: Array(kept.text.utf8), mode: 0o600)
    }

    /// Reads and parses the kept state at `path`; nil when there is none. Anything but a regular file is
    /// refused, never through a symbolic link and without waiting on it (a pipe put there would block an
    /// ordinary open).
    package static func read(_ path: String) throws(KeptStateFileError) -> KeptState? {
        let fd: Int32
        do {
            fd = try Posix.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        } catch {
            if error.code == .noSuchFileOrDirectory { return nil }
            throw .system(error)
        }
        defer { Posix.close(fd) }
        let info: stat
        do {
            info = try Posix.fstat(fd, what: path)
        } catch {
            throw .system(error)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
        let bytes: [UInt8]
        do {
            bytes = try Posix.readAll(fd, limit: KeptState.maxBytes, what: path)
        } catch {
            throw .system(error)
        }
        do {
            return try KeptState(file: bytes)
        } catch {
            throw .invalid(path: path, error)
        }
    }
}

/// Why the kept state could not be read.
package enum KeptStateFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Opening or reading it failed.
    case system(SystemError)
    /// It is a directory, a pipe or a device.
    case notAFile(path: String)
    /// It is not a kept state.
    case invalid(path: String, KeptStateError)

    /// A sentence naming the file and the cause.
    package var description: String {
        switch self {
        case .system(let error): return error.description
        case .notAFile(let path): return "'\(path)' is not a regular file"
        case .invalid(let path, let error): return "'\(path)': \(error)"
        }
    }
}
