import Glibc

/// A test failure that tells the story: what was being waited for, and what the processes said.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The end of a bounded wait. Tests wait on events (a descriptor becoming readable), never on sleeps, and
/// every wait ends here, loudly, when the event does not come.
public struct Deadline: Sendable {
    /// How long the wait may last in all.
    public let timeout: Duration
    private let end: ContinuousClock.Instant

    /// A deadline `timeout` from now.
    public init(_ timeout: Duration) {
        self.timeout = timeout
        end = .now + timeout
    }

    /// What is left, zero once it has passed.
    public var remaining: Duration { max(end - .now, .zero) }

    /// `poll(2)` on `entries` until one has events or the deadline passes; returns how many have events (0 when
    /// a signal interrupted the wait). Throws when the deadline has passed, naming `what` and adding `story`
    /// (say, what the processes logged): also when it passed while the caller's loop kept finding events that
    /// were not the one it waits for.
    @discardableResult
    public func poll(_ entries: inout [pollfd], waitingFor what: String, story: () -> String = { "" }) throws -> Int {
        let left = remaining
        if left == .zero { throw timedOut(waitingFor: what, story: story) }
        let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000
        let ready = entries.withUnsafeMutableBufferPointer { buffer in
            Glibc.poll(buffer.baseAddress, nfds_t(buffer.count), Int32(clamping: max(milliseconds, 1)))
        }
        if ready < 0, errno == EINTR { return 0 }
        if ready < 0 { throw TestFailure("poll while waiting for \(what): errno \(errno)") }
        if ready == 0, remaining == .zero { throw timedOut(waitingFor: what, story: story) }
        return Int(ready)
    }

    private func timedOut(waitingFor what: String, story: () -> String) -> TestFailure {
        let told = story()
        return TestFailure("timed out after \(timeout) waiting for \(what)" + (told.isEmpty ? "" : "\n" + told))
    }
}

/// A throw-away directory under /tmp, removed with its contents when released.
public final class TemporaryDirectory {
    /// Its path.
    public let path: String

    /// Makes one (`mkdtemp`).
    public init() throws {
        var template = Array("/tmp/tickerd-test.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: errno \(errno)") }
        path = String(cString: made)
    }

    deinit {
        remove(path)
    }

    /// The path of `name` inside it.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` (making the directories on the way) and returns the path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let target = file(name)
        var directory = ""
        for part in name.split(separator: "/").dropLast() {
            directory += "/" + part
            mkdir(path + directory, 0o755)
        }
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TestFailure("create '\(target)': errno \(errno)") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw TestFailure("write '\(target)': errno \(errno)")
        }
        return target
    }

    private func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
