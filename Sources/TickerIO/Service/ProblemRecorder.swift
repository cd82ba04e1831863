import Glibc
import TickerCore

/// Keeps the last warnings and errors a `Logger` wrote, for the view socket's new viewers: shared by every copy
/// of the logger (the sinks hold their own), behind one lock. A pthread mutex, not `Synchronization.Mutex`: the
/// daemon loads no more of Swift's libraries than it needs (ResidentLibrariesTests).
package final class ProblemRecorder: @unchecked Sendable {
    /// How many problems are kept.
    package static let capacity = 8

    private var mutex = pthread_mutex_t()
    // Guarded by `mutex`.
    private var problems: [ViewProblem] = []
    private var total = 0

    package init() { pthread_mutex_init(&mutex, nil) }

    deinit { pthread_mutex_destroy(&mutex) }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    /// Notes `text`, logged at `level` (warnings and errors only) at the wall-clock instant `time` (seconds).
    package func record(_ level: LogLevel, _ text: String, time: Double) {
        let problemLevel: ViewProblem.Level
        switch level {
        case .error: problemLevel = .error
        case .warning: problemLevel = .warning
        default: return
        }
        locked {
            problems.append(ViewProblem(time: time, level: problemLevel, text: text))
            if problems.count > Self.capacity { problems.removeFirst() }
            total += 1
        }
    }

    /// The problems kept, oldest first, and how many were ever recorded.
    package var recent: (problems: [ViewProblem], total: Int) {
        locked { (problems, total) }
    }
}
