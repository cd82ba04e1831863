import TickerIO

/// How a worker thread wakes its follower's loop: a non-blocking pipe whose read end the loop polls
/// (`FollowerRunner.wait`), written a byte when the worker has news, drained when the loop takes it.
final class WakePipe: @unchecked Sendable {
    private let ends: (read: Int32, write: Int32)
    private let what: String

    /// A pipe named `what` in error messages (`lyrics wake pipe`).
    init(_ what: String) throws(SystemError) {
        self.what = what
        ends = try Posix.pipe()
        do {
            try Posix.setNonBlocking(ends.read, what: what)
            try Posix.setNonBlocking(ends.write, what: what)
        } catch {
            Posix.close(ends.read)
            Posix.close(ends.write)
            throw error
        }
    }

    deinit {
        Posix.close(ends.read)
        Posix.close(ends.write)
    }

    /// The end to poll: readable after `wake()`, until `drain()`.
    var descriptor: Int32 { ends.read }

    /// Makes the loop's poll return (from the worker thread); a full pipe is already awake.
    func wake() {
        var one: UInt8 = 1
        _ = withUnsafeBytes(of: &one) { try? Posix.write(ends.write, $0, what: what) }
    }

    /// Reads what the wakes wrote, so that the next poll waits again.
    func drain() {
        var sink = [UInt8](repeating: 0, count: 64)
        while case .done(let count)? = sink.withUnsafeMutableBytes({
            try? Posix.read(ends.read, into: $0, what: what)
        }),
            count > 0
        {}
    }
}
