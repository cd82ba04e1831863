import Glibc
import TickerTestSupport

/// The reading end of a real feed FIFO, as tickerd would hold it (`O_RDWR`, so it never sees EOF).
final class FeedTap {
    let path: String
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Every line read so far, in order.
    private(set) var lines: [String] = []
    private var consumed = 0

    init(path: String) throws {
        self.path = path
        guard mkfifo(path, 0o600) == 0 else { throw TestFailure("mkfifo \(path): errno \(errno)") }
        fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw TestFailure("open \(path): errno \(errno)") }
    }

    deinit { close(fd) }

    /// Reads lines until one satisfies `predicate`; returns the lines read since the previous call, up to
    /// and including it. Fails loudly, showing what arrived, after `timeout` seconds.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(10), _ predicate: (String) -> Bool) throws -> [String] {
        let deadline = Deadline(timeout)
        let start = consumed
        while true {
            while consumed < lines.count {
                consumed += 1
                if predicate(lines[consumed - 1]) {
                    return Array(lines[start..<consumed])
                }
            }
            var entries = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            guard
                try deadline.poll(
                    &entries, waitingFor: what, story: { "feed so far:\n" + lines.joined(separator: "\n") }) > 0
            else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                while let newline = buffer.firstIndex(of: 0x0A) {
                    lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
                    buffer.removeSubrange(...newline)
                }
            }
        }
    }

    /// Waits for the exact line `line`.
    @discardableResult
    func waitFor(line: String, timeout: Duration = .seconds(10)) throws -> [String] {
        try waitFor("'\(line)'", timeout: timeout) { $0 == line }
    }
}
