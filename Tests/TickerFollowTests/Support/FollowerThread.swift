import Foundation
import Testing
@testable import TickerFollow

/// Runs a follower on its own thread; `finish()` requests the stop and waits (bounded) for it to end.
final class FollowerThread: @unchecked Sendable {
    let stop: StopSignal
    private let done = DispatchSemaphore(value: 0)
    private let logLines = LogLines()

    init(_ body: @escaping @Sendable (StopSignal, FollowLog) -> Void) throws {
        stop = try StopSignal.manual()
        let stop = self.stop
        let done = self.done
        let lines = logLines
        let log = FollowLog { _, message in lines.append(message) }
        let thread = Thread {
            body(stop, log)
            done.signal()
        }
        thread.start()
    }

    /// What the follower logged so far.
    var log: [String] { logLines.all }

    /// Stops the follower; records an issue if it does not end within 10 s.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        stop.request()
        if done.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("follower did not stop within 10 s of the stop request", sourceLocation: sourceLocation)
        }
    }
}

final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
