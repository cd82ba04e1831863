import Synchronization
import TickerCore

/// Keeps the last warnings and errors a `Logger` wrote, for the view socket's new viewers: shared by every copy
/// of the logger (the sinks hold their own), behind one lock.
package final class ProblemRecorder: Sendable {
    /// How many problems are kept.
    package static let capacity = 8

    private let state = Mutex<(recent: [ViewProblem], total: Int)>(([], 0))

    package init() {}

    /// Notes `text`, logged at `level` (warnings and errors only) at the wall-clock instant `time` (seconds).
    package func record(_ level: LogLevel, _ text: String, time: Double) {
        let problemLevel: ViewProblem.Level
        switch level {
        case .error: problemLevel = .error
        case .warning: problemLevel = .warning
        default: return
        }
        state.withLock { state in
            state.recent.append(ViewProblem(time: time, level: problemLevel, text: text))
            if state.recent.count > Self.capacity { state.recent.removeFirst() }
            state.total += 1
        }
    }

    /// The problems kept, oldest first, and how many were ever recorded.
    package var recent: (problems: [ViewProblem], total: Int) {
        state.withLock { ($0.recent, $0.total) }
    }
}
