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
        try KeptStateFileError.parse(path) { () throws(SystemError) in
            let fd = try Posix.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            defer { Posix.close(fd) }
            guard try Posix.fstat(fd, what: path).st_mode & S_IFMT == S_IFREG else { return nil }
            return try Posix.readAll(fd, limit: KeptState.maxBytes, what: path)
        } as: { bytes throws(KeptStateError) in
            try KeptState(file: bytes)
        }
    }
}

/// Why the kept state could not be read.
package typealias KeptStateFileError = DaemonFileError<KeptStateError>
