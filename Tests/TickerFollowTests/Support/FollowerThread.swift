import Foundation
import Glibc
import Testing
import TickerIO
import TickerTestSupport

@testable import TickerFollow

/// Runs a follower on its own thread, its signals coming through a pipe; `finish()` sends SIGTERM and waits
/// (bounded) for it to end.
final class FollowerThread: Sendable {
    private let signals: SignalPipe
    private let done = DispatchSemaphore(value: 0)
    private let logLines = LogLines()

    init(_ body: @escaping @Sendable (SignalSource, Logger) -> Void) throws {
        signals = try SignalPipe()
        let signals = self.signals
        let done = self.done
        let lines = logLines
        let log = Logger(program: "follower", sink: { _, message in lines.append(message) })
        let thread = Thread {
            body(SignalSource(pipe: signals), log)
            done.signal()
        }
        thread.start()
    }

    /// What the follower logged so far.
    var log: [String] { logLines.all }

    /// Waits until the follower logs a line satisfying `predicate` and returns it; fails loudly after `timeout`.
    @discardableResult
    func waitForLog(
        _ what: String,
        timeout: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) throws -> String {
        let deadline = DispatchTime.now() + timeout
        while true {
            if let line = logLines.all.first(where: predicate) { return line }
            if logLines.added.wait(timeout: deadline) == .timedOut {
                Issue.record(
                    "timed out after \(timeout) s waiting for \(what); log:\n\(log.joined(separator: "\n"))",
                    sourceLocation: sourceLocation)
                throw TestFailure("timed out waiting for \(what)")
            }
        }
    }

    /// Stops the follower; records an issue if it does not end within 10 s.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        signals.send(SIGTERM)
        if done.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("follower did not stop within 10 s of SIGTERM", sourceLocation: sourceLocation)
            return
        }
        signals.close()
    }
}

final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    /// Signalled once per line appended.
    let added = DispatchSemaphore(value: 0)
    func append(_ line: String) {
        lock.withLock { lines.append(line) }
        added.signal()
    }
    var all: [String] { lock.withLock { lines } }
}
