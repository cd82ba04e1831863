import Glibc
import Synchronization

/// Held while a child is spawned or a descriptor that must not leak into children is being created, so that
/// no child of a test running in parallel inherits another test's pseudo-terminal or pipe.
public let descriptorLock = Mutex<Void>(())

/// The children still running, killed when the test process exits even if their `Child` was never released.
let liveChildren: Mutex<Set<pid_t>> = {
    atexit {
        liveChildren.withLock { pids in
            for pid in pids { kill(pid, SIGKILL) }
        }
    }
    return Mutex([])
}()

/// How a child ended.
public enum Termination: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    public var description: String {
        switch self {
        case .exited(let status): return "exited with status \(status)"
        case .signaled(let signal): return "killed by signal \(signal)"
        }
    }
}

/// A process started by a test: stdin from /dev/null (or a pipe the test writes lines to), stdout and stderr
/// collected through pipes, only descriptors 0–2 inherited, default signal handling. Killed (SIGKILL) and
/// reaped when released. The one process wrapper of every test target.
public final class Child {
    /// A short name for diagnostics.
    public let name: String
    /// The process id.
    public let pid: pid_t
    /// Complete lines written to stderr so far.
    public private(set) var lines: [String] = []
    /// Everything written to stdout so far.
    public private(set) var output: [UInt8] = []
    /// How it ended, once it has (both pipes closed and the process reaped).
    public private(set) var termination: Termination?
    /// When the end was seen.
    public private(set) var endedAt: ContinuousClock.Instant?

    private var errorFD: Int32
    private var outputFD: Int32
    private var inputFD: Int32 = -1
    private var partial: [UInt8] = []
    private var outputLinesRead = 0

    /// A terminal for a child's standard input and output.
    public struct Terminal {
        /// The terminal's path (a pseudo-terminal's slave side, say).
        public let path: String
        /// Whether it becomes the child's controlling terminal: the child starts a session of its own and opens
        /// the terminal as its first, so that a hang-up sends it SIGHUP as closing a window would.
        public let controlling: Bool
        /// Whether standard error goes there too (else it stays a pipe the test reads, and `lines` fills).
        public let standardError: Bool

        public init(path: String, controlling: Bool, standardError: Bool = false) {
            self.path = path
            self.controlling = controlling
            self.standardError = standardError
        }
    }

    /// `POSIX_SPAWN_SETSID`, which Glibc's Swift module leaves out (a GNU extension of `spawn.h`).
    private static let spawnNewSession: Int16 = 0x80

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments` (without argv[0]) and the
    /// test's environment, minus the variables systemd would set, plus `environment`. With `input`, its
    /// standard input is a pipe that `send` writes to; with `terminal`, its standard input and output are that
    /// terminal, in a session of its own (and stderr too if the terminal says so).
    public init(
        name: String, executable: String, arguments: [String], environment: [String: String] = [:], input: Bool = false,
        terminal: Terminal? = nil
    ) throws {
        self.name = name
        var errorPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var inputPipe: [Int32] = [-1, -1]
        let piped = descriptorLock.withLock { _ -> Bool in
            guard pipe(&errorPipe) == 0, pipe(&outputPipe) == 0, !input || pipe(&inputPipe) == 0 else { return false }
            for fd in errorPipe + outputPipe + inputPipe where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard piped else { throw TestFailure("pipe: errno \(errno)") }
        // Only the test's ends are non-blocking.
        _ = fcntl(errorPipe[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(outputPipe[0], F_SETFL, O_NONBLOCK)

        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        for systemdVariable in [
            "NOTIFY_SOCKET", "LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES", "WATCHDOG_USEC", "WATCHDOG_PID",
            "JOURNAL_STREAM", "LD_PRELOAD",
        ] {
            variables[systemdVariable] = nil
        }
        for (key, value) in environment { variables[key] = value }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | (terminal == nil ? 0 : Child.spawnNewSession))

        var spawned: pid_t = 0
        let result = descriptorLock.withLock { _ -> Int32 in
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let terminal {
                // Opened after the new session began: a session leader's first terminal becomes its controlling one.
                let flags = O_RDWR | (terminal.controlling ? 0 : O_NOCTTY)
                posix_spawn_file_actions_addopen(&actions, 0, terminal.path, flags, 0)
                posix_spawn_file_actions_adddup2(&actions, 0, 1)
                if terminal.standardError { posix_spawn_file_actions_adddup2(&actions, 0, 2) }
            } else if input {
                posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            if terminal == nil { posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1) }
            if terminal?.standardError != true { posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2) }
            // Whatever else is open here (another test's pseudo-terminal, say) stays out of the child.
            for fd in Child.openDescriptors() where fd > 2 {
                posix_spawn_file_actions_addclose(&actions, fd)
            }
            return posix_spawnp(&spawned, executable, &actions, &attributes, argv, envp)
        }
        close(errorPipe[1])
        close(outputPipe[1])
        if input { close(inputPipe[0]) }
        guard result == 0 else {
            close(errorPipe[0])
            close(outputPipe[0])
            if input { close(inputPipe[1]) }
            throw TestFailure("cannot start '\(executable)': \(String(cString: strerror(result)))")
        }
        inputFD = inputPipe[1]
        pid = spawned
        liveChildren.withLock { _ = $0.insert(spawned) }
        errorFD = errorPipe[0]
        outputFD = outputPipe[0]
        // What goes to the terminal has no pipe: the test reads the terminal.
        if terminal != nil {
            close(outputFD)
            outputFD = -1
        }
        if terminal?.standardError == true {
            close(errorFD)
            errorFD = -1
        }
    }

    deinit { kill() }

    /// The descriptors open in this process.
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var found: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let fd = Int32(name), fd != own { found.append(fd) }
        }
        return found
    }

    /// The descriptors to poll while the child is alive.
    public var descriptors: [Int32] { [errorFD, outputFD].filter { $0 >= 0 } }

    /// Reads whatever the child wrote to `fd`; notices the end when both pipes have closed.
    public func service(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                if fd == errorFD { take(buffer[0..<count]) } else { output.append(contentsOf: buffer[0..<count]) }
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return }
            // End of file (or an error, which means the same here).
            close(fd)
            if fd == errorFD {
                errorFD = -1
                if !partial.isEmpty { lines.append(String(decoding: partial, as: UTF8.self)) }
                partial = []
            } else {
                outputFD = -1
            }
            if errorFD < 0, outputFD < 0 { reap(options: 0) }
            return
        }
    }

    private func take(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
            } else {
                partial.append(byte)
            }
        }
    }

    private func reap(options: Int32) {
        guard termination == nil else { return }
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, options) } while result < 0 && errno == EINTR
        guard result == pid else { return }
        termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        liveChildren.withLock { _ = $0.remove(pid) }
        endedAt = .now
    }

    /// Sends `signal` to the child (nothing once it has been reaped).
    public func send(_ signal: Int32) {
        guard termination == nil else { return }
        Glibc.kill(pid, signal)
    }

    /// Kills the child if it still runs, reaps it and closes the pipes.
    public func kill() {
        if termination == nil {
            Glibc.kill(pid, SIGKILL)
            reap(options: 0)
        }
        for fd in [errorFD, outputFD, inputFD] where fd >= 0 { close(fd) }
        errorFD = -1
        outputFD = -1
        inputFD = -1
    }

    /// Writes `line` and a newline to the child's standard input (a child started with `input`).
    public func send(line: String) throws {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(inputFD, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw TestFailure("writing to the standard input of \(name): errno \(errno)") }
            offset += count
        }
    }

    /// The stderr lines that contain `text`.
    public func lines(containing text: String) -> [String] { lines.filter { $0.contains(text) } }

    /// stdout as text.
    public var outputText: String { String(decoding: output, as: UTF8.self) }

    /// stdout as complete lines.
    public var outputLines: [String] {
        output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// stderr as text.
    public var errors: String { lines.joined(separator: "\n") }

    /// Reads the child's output until `condition` holds; throws after `timeout`, showing what it said.
    public func wait(_ what: String, timeout: Duration = .seconds(10), until condition: () throws -> Bool) throws {
        let deadline = Deadline(timeout)
        while try !condition() {
            guard !descriptors.isEmpty else { throw TestFailure("\(name) ended while waiting for \(what)\n\(tail)") }
            var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            try deadline.poll(&entries, waitingFor: "\(what) from \(name)") { tail }
            for entry in entries where entry.revents != 0 { service(entry.fd) }
        }
    }

    /// The next stdout line (after those returned before) that satisfies `predicate`.
    @discardableResult
    public func nextOutputLine(_ what: String, timeout: Duration = .seconds(10), where predicate: (String) -> Bool)
        throws -> String
    {
        var found: String?
        try wait(what, timeout: timeout) {
            let lines = outputLines
            while found == nil, outputLinesRead < lines.count {
                outputLinesRead += 1
                if predicate(lines[outputLinesRead - 1]) { found = lines[outputLinesRead - 1] }
            }
            return found != nil
        }
        return found ?? ""
    }

    /// Runs `executable` with `arguments` to its end and returns what it wrote to standard output; throws,
    /// with what it said, unless it exits with status 0 within `timeout`.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        timeout: Duration = .seconds(10)
    ) throws -> String {
        let name = executable.split(separator: "/").last.map(String.init) ?? executable
        let child = try Child(name: name, executable: executable, arguments: arguments, environment: environment)
        try child.wait("the end of \(name) \(arguments.joined(separator: " "))", timeout: timeout) {
            child.termination != nil
        }
        guard child.termination == .exited(0) else {
            throw TestFailure("\(name) \(arguments.joined(separator: " ")) failed\n\(child.outputText)\n\(child.tail)")
        }
        return child.outputText
    }

    /// Sends `signal` and waits (up to `timeout`) for the child to end; returns how it did.
    @discardableResult
    public func stop(with signal: Int32 = SIGTERM, timeout: Duration = .seconds(10)) throws -> Termination {
        send(signal)
        try wait("the exit after signal \(signal)", timeout: timeout) { termination != nil }
        return termination ?? .exited(-1)
    }

    /// The process ids of this child's own children (from `/proc`).
    public func children() -> [pid_t] {
        guard let tasks = opendir("/proc/\(pid)/task") else { return [] }
        var names: [String] = []
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.first?.isNumber == true { names.append(name) }
        }
        closedir(tasks)
        return names.flatMap { task -> [pid_t] in
            let fd = open("/proc/\(pid)/task/\(task)/children", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return [] }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return [] }
            return String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ").compactMap {
                pid_t($0.trimmingPrefix(while: \.isWhitespace).filter { !$0.isWhitespace })
            }
        }
    }

    /// The last stderr lines, for a failure message.
    public var tail: String {
        let shown = lines.suffix(25)
        let state = termination?.description ?? "running"
        let header = "\(name) (pid \(pid), \(state)), last \(shown.count) of \(lines.count) stderr lines:"
        return ([header] + shown.map { "  | " + $0 }).joined(separator: "\n")
    }
}
