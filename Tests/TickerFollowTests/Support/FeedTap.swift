import Foundation
import Glibc
import Testing

/// A throw-away directory, removed when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/tickerfollow.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: errno \(errno)") }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: target, atomically: false, encoding: .utf8)
        return target
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

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
    func waitFor(
        _ what: String,
        timeout: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        let start = consumed
        while true {
            while consumed < lines.count {
                consumed += 1
                if predicate(lines[consumed - 1]) {
                    return Array(lines[start..<consumed])
                }
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                Issue.record(
                    "timed out after \(timeout) s waiting for \(what); feed so far:\n\(lines.joined(separator: "\n"))",
                    sourceLocation: sourceLocation)
                throw TestFailure("timed out waiting for \(what)")
            }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, Int32(remaining * 1000) + 1) > 0 {
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
    }

    /// Waits for the exact line `line`.
    @discardableResult
    func waitFor(line: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try waitFor("'\(line)'", timeout: timeout, sourceLocation: sourceLocation) { $0 == line }
    }
}
