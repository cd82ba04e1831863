import Foundation
import Glibc
import TickerIO
import TickerTestSupport

/// A piece of a test's work handed to the rig's thread while the test's task waits for it.
private final class UncheckedJob: @unchecked Sendable {
    private var work: (() throws -> Void)?
    init(_ work: @escaping () throws -> Void) { self.work = work }

    /// Does the work once and lets go of everything it captured, before the waiting task resumes: a rig must
    /// not outlive its test in a queue's hands (the last test's rig would then never kill its processes).
    func run() -> Result<Void, any Error> {
        let result = Result<Void, any Error> { try work?() }
        work = nil
        return result
    }
}

/// Bytes on their way into a FIFO, written as the pipe makes room.
final class PendingWrite {
    let path: String
    private(set) var descriptor: Int32
    private var bytes: [UInt8]
    private var written = 0
    /// Why writing stopped early (the reader went away), if it did.
    private(set) var failure: String?

    init(path: String, bytes: [UInt8]) throws {
        self.path = path
        self.bytes = bytes
        descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TestFailure("open '\(path)' for writing: \(String(cString: strerror(errno)))")
        }
        service()
    }

    deinit { finish() }

    var isDone: Bool { descriptor < 0 }

    func service() {
        while written < bytes.count, descriptor >= 0 {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, min($0.count, 65_536)) }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                return
            } else {
                failure =
                    "write '\(path)' after \(written) of \(bytes.count) bytes: \(String(cString: strerror(errno)))"
                break
            }
        }
        finish()
    }

    private func finish() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}

/// One test's world: a temporary directory, the processes it started, the panels, sockets and watchers it
/// made, and one place to wait for things to happen. Waiting polls every descriptor of the rig (so panels
/// keep answering and logs keep being read while a test waits for anything) until a condition holds or a
/// deadline passes, which fails the test with what every process said. Everything is killed and removed
/// when the rig is released, whether the test passed or not.
final class Rig {
    /// A generous deadline: slow, busy machines must pass.
    static let timeout: Duration = .seconds(20)

    /// The temporary directory.
    let directory: String
    private(set) var children: [Child] = []
    private(set) var panels: [FakePanel] = []
    private var listeners: [NotifyListener] = []
    private var watchers: [FileWatcher] = []
    private var catchers: [DatagramCatcher] = []
    private var writes: [PendingWrite] = []
    private var viewers: [ViewConnection] = []
    private let poller = DispatchQueue(label: "end-to-end poll")

    init() throws {
        // A daemon that dies while the test writes its FIFO must fail the test, not kill the test process.
        signal(SIGPIPE, SIG_IGN)
        var template = Array("/tmp/tickerd-e2e.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw TestFailure("mkdtemp: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
    }

    deinit {
        for child in children { child.kill() }
        for panel in panels { panel.unplug() }
        writes.removeAll()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A path inside the temporary directory.
    func path(_ name: String) -> String { directory + "/" + name }

    /// Writes `text` to a file in the temporary directory and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: Things to wait on

    /// Starts a program; with `input`, its standard input is a pipe that `Child.send(line:)` writes to.
    @discardableResult
    func start(
        _ name: String, _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        input: Bool = false
    ) throws -> Child {
        let child = try Child(
            name: name, executable: executable, arguments: arguments, environment: environment, input: input)
        children.append(child)
        return child
    }

    /// Starts the built `tickerd`; with `shim` (the default), the shim is preloaded that lets libserialport open
    /// pseudo-terminals, so the panel is reached through the same code as a real serial port. Without it,
    /// `tickerd` opens a pseudo-terminal with termios, as it does for a user.
    @discardableResult
    func tickerd(
        _ arguments: [String], environment: [String: String] = [:], name: String = "tickerd", shim: Bool = true
    ) throws -> Child {
        var environment = environment
        if shim { environment["LD_PRELOAD"] = try BuiltProducts.shim() }
        return try start(name, try BuiltProducts.tickerd(), arguments, environment: environment)
    }

    /// Starts the built `tickerctl`.
    @discardableResult
    func tickerctl(_ arguments: [String], environment: [String: String] = [:], name: String = "tickerctl") throws
        -> Child
    {
        try start(name, try BuiltProducts.tickerctl(), arguments, environment: environment)
    }

    /// A fake panel linked at `link` (a name in the temporary directory by default).
    func panel(
        link: String? = nil, width: Int, height: Int, depth: Int, scroll: Bool = true, withTruth: Bool = false
    ) throws -> FakePanel {
        let panel = try FakePanel(
            link: link ?? path("panel\(panels.count)"), width: width, height: height, depth: depth, scroll: scroll,
            withTruth: withTruth)
        panels.append(panel)
        return panel
    }

    /// A notify socket in the temporary directory.
    func notifySocket() throws -> NotifyListener {
        let listener = try NotifyListener(path: path("notify"))
        listeners.append(listener)
        return listener
    }

    /// A UDP socket listening at `host` and `port`, read while the rig waits.
    func catcher(host: String = "127.0.0.1", port: UInt16) throws -> DatagramCatcher {
        let catcher = try DatagramCatcher(host: host, port: port)
        catchers.append(catcher)
        return catcher
    }

    /// A viewer of the view socket at `path`, polled while the rig waits (a wait's condition reads it; one
    /// that never reads would keep the wait busy: connect that one with `ViewConnection` itself).
    func viewer(_ path: String) throws -> ViewConnection {
        let viewer = try ViewConnection(path: path, waits: false)
        viewers.append(viewer)
        return viewer
    }

    /// Watches `path` for writes.
    func watch(_ path: String) throws -> FileWatcher {
        let watcher = try FileWatcher(path: path)
        watchers.append(watcher)
        return watcher
    }

    /// Writes `bytes` into the FIFO at `path` (as one writer that then closes) and waits until all are in.
    func feed(_ bytes: [UInt8], to path: String) async throws {
        let pending = try PendingWrite(path: path, bytes: bytes)
        writes.append(pending)
        try await wait("\(bytes.count) bytes written into '\(path)'") { pending.isDone }
        writes.removeAll { $0 === pending }
        if let failure = pending.failure { throw TestFailure("\(failure)\n\(diagnostics)") }
    }

    /// Writes feed lines (each ended by a newline) into the FIFO at `path`.
    func feed(_ lines: [String], to path: String) async throws {
        try await feed(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
    }

    // MARK: Waiting

    /// Services every descriptor until `condition` holds; throws, with the processes' last words, when it
    /// does not within `timeout`.
    ///
    /// The waiting (polling, servicing panels and pipes, evaluating `condition`) runs on the rig's own
    /// thread while the test's task is suspended: the test runner's few shared threads may be busy with
    /// other tests for seconds, and a panel must answer a hello within the daemon's patience regardless.
    func wait(_ what: String, timeout: Duration = Rig.timeout, until condition: @escaping () throws -> Bool)
        async throws
    {
        // The task is suspended until the job ends, so nothing touches the rig from two threads at once.
        let job = UncheckedJob { try self.serviceUntil(what, timeout: timeout, condition) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            poller.async { continuation.resume(with: job.run()) }
        }
    }

    private func serviceUntil(_ what: String, timeout: Duration, _ condition: () throws -> Bool) throws {
        let deadline = Deadline(timeout)
        var entries: [pollfd] = []
        var actions: [(Int32) -> Void] = []
        while try !condition() {
            entries.removeAll(keepingCapacity: true)
            actions.removeAll(keepingCapacity: true)
            for child in children {
                for fd in child.descriptors {
                    entries.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
                    actions.append { child.service($0) }
                }
            }
            for panel in panels where panel.descriptor >= 0 && panel.reading {
                entries.append(pollfd(fd: panel.descriptor, events: Int16(POLLIN), revents: 0))
                actions.append { _ in panel.service() }
            }
            for listener in listeners {
                entries.append(pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0))
                actions.append { _ in listener.service() }
            }
            for catcher in catchers where catcher.descriptor >= 0 {
                entries.append(pollfd(fd: catcher.descriptor, events: Int16(POLLIN), revents: 0))
                actions.append { _ in catcher.service() }
            }
            for watcher in watchers {
                entries.append(pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0))
                actions.append { _ in watcher.service() }
            }
            for viewer in viewers where !viewer.isClosed {
                entries.append(pollfd(fd: viewer.fileDescriptor, events: Int16(POLLIN), revents: 0))
                actions.append { _ in }
            }
            for pending in writes where !pending.isDone {
                entries.append(pollfd(fd: pending.descriptor, events: Int16(POLLOUT), revents: 0))
                actions.append { _ in pending.service() }
            }
            guard try deadline.poll(&entries, waitingFor: what, story: { diagnostics }) > 0 else { continue }
            for (index, entry) in entries.enumerated() where entry.revents != 0 {
                actions[index](entry.fd)
            }
        }
    }

    /// Waits for a stderr line of `child` containing `text` (among lines from `after` on) and returns it.
    @discardableResult
    func line(of child: Child, containing text: String, after: Int = 0) async throws -> String {
        var found: String?
        try await wait("\(child.name) to log a line containing '\(text)'") {
            found = child.lines.dropFirst(after).first { $0.contains(text) }
            return found != nil
        }
        return found ?? ""
    }

    /// Waits for `child` to end and returns how it did.
    @discardableResult
    func exit(of child: Child, timeout: Duration = Rig.timeout) async throws -> Termination {
        try await wait("\(child.name) to exit", timeout: timeout) { child.termination != nil }
        return child.termination ?? .exited(-1)
    }

    /// What every process said and every panel saw.
    var diagnostics: String {
        (children.map(\.tail) + panels.map(\.summary)).joined(separator: "\n")
    }
}
