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
        try StateFileError.parse(path) { () throws(SystemError) in
            try Posix.readFile(path, limit: StateSnapshot.maxBytes)
        } as: { bytes throws(StateSnapshotError) in
            try StateSnapshot(json: bytes)
        }
    }
}

/// Why the state file could not be read.
package typealias StateFileError = DaemonFileError<StateSnapshotError>
