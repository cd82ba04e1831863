import TickerCore

/// The state file (`[feed] state`): replaced whole, so a reader sees the old snapshot or the new one and never
/// a mix — written to `<path>.tmp` in the same directory, synced, renamed over `<path>`; mode 0644 whatever
/// the umask, so scripts of other users may read it.
package enum StateFile {
    /// Writes `snapshot` to `path` atomically.
    package static func write(_ snapshot: StateSnapshot, to path: String) throws(SystemError) {
        try Posix.replaceFile(path, with: Array(snapshot.json.utf8), mode: 0o644)
    }

    /// Reads and parses the state file at `path`; nil when there is none.
    package static func read(_ path: String) throws(StateFileError) -> StateSnapshot? {
        let bytes: [UInt8]
        do {
            bytes = try Posix.readFile(path, limit: StateSnapshot.maxBytes)
        } catch {
            if error.code == .noSuchFileOrDirectory { return nil }
            throw .system(error)
        }
        do {
            return try StateSnapshot(json: bytes)
        } catch {
            throw .invalid(path: path, error)
        }
    }
}

/// Why the state file could not be read.
package enum StateFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Opening or reading it failed.
    case system(SystemError)
    /// It is not a snapshot.
    case invalid(path: String, StateSnapshotError)

    /// A sentence naming the file and the cause.
    package var description: String {
        switch self {
        case .system(let error): return error.description
        case .invalid(let path, let error): return "'\(path)': \(error)"
        }
    }
}
