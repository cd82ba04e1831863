import Glibc
import TickerCore
import TickerIO

/// Watches the daemon's state file by its metadata. A poll of `lstat`, not inotify: the daemon replaces the file
/// by renaming (a new inode each time) and systemd removes and recreates its directory when the daemon restarts,
/// both of which end an inotify watch; the daemon writes at most four times a second, so a poll at that rate
/// sees every change for the price of one `lstat`.
struct StateWatch {
    enum Outcome: Equatable {
        case unchanged
        /// The file's contents, and when it was written (its modification time, real time since the epoch).
        case snapshot(StateSnapshot, written: Duration)
        case missing(isNew: Bool)
        case failed(String, isNew: Bool)
    }

    let path: String
    private var seen: (inode: UInt, seconds: Int, nanoseconds: Int, size: Int)?
    private var wasMissing = false
    private var problem = ProblemOnce()

    init(path: String) { self.path = path }

    /// Makes the next poll read the file whatever its metadata.
    mutating func forget() { seen = nil }

    mutating func poll() -> Outcome {
        let info: stat?
        do {
            info = try Posix.lstat(path)
        } catch {
            return failure(error.description)
        }
        guard let info else {
            seen = nil
            defer { wasMissing = true }
            return .missing(isNew: !wasMissing)
        }
        wasMissing = false
        let key = (UInt(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_size))
        if let seen, seen == key { return .unchanged }
        seen = key
        do {
            guard let snapshot = try StateFile.read(path) else { return .missing(isNew: true) }
            _ = problem.recovered()
            return .snapshot(snapshot, written: .seconds(info.st_mtim.tv_sec) + .nanoseconds(info.st_mtim.tv_nsec))
        } catch {
            return failure(error.description)
        }
    }

    private mutating func failure(_ problem: String) -> Outcome {
        .failed(problem, isNew: self.problem.failed(problem))
    }
}
