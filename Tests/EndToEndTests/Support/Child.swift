import Glibc
import Synchronization
import TickerIO

/// Held while a child is spawned or a descriptor that must not leak into children is being created, so that
/// no child of a test running in parallel inherits another test's pseudo-terminal or pipe.
let descriptorLock = Mutex<Void>(())

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
enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    var description: String {
        switch self {
        case .exited(let status): return "exited with status \(status)"
        case .signaled(let signal): return "killed by signal \(signal)"
        }
    }
}

/// A process started by a test: stdin from /dev/null, stdout and stderr collected through pipes, only
/// descriptors 0–2 inherited, default signal handling. Killed (SIGKILL) and reaped when released.
final class Child {
    /// A short name for diagnostics.
    let name: String
    /// The process id.
    let pid: pid_t
    /// Complete lines written to stderr so far.
    private(set) var lines: [String] = []
    /// Everything written to stdout so far.
    private(set) var output: [UInt8] = []
    /// How it ended, once it has (both pipes closed and the process reaped).
    private(set) var termination: Termination?
    /// Monotonic time at which the end was seen.
    private(set) var endedAt: Duration?

    private var errorFD: Int32
    private var outputFD: Int32
    private var partial: [UInt8] = []

    /// Starts `executable` with `arguments` (without argv[0]) and the test's environment, minus the variables
    /// systemd would set, plus `environment`.
    init(name: String, executable: String, arguments: [String], environment: [String: String] = [:]) throws {
        self.name = name
        var errorPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        let piped = descriptorLock.withLock { _ -> Bool in
            guard pipe(&errorPipe) == 0, pipe(&outputPipe) == 0 else { return false }
            for fd in errorPipe + outputPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard piped else { throw E2EFailure("pipe: \(String(cString: strerror(errno)))") }
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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var spawned: pid_t = 0
        let result = descriptorLock.withLock { _ -> Int32 in
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
            // Whatever else is open here (another test's pseudo-terminal, say) stays out of the child.
            for fd in Child.openDescriptors() where fd > 2 {
                posix_spawn_file_actions_addclose(&actions, fd)
            }
            return posix_spawn(&spawned, executable, &actions, &attributes, argv, envp)
        }
        close(errorPipe[1])
        close(outputPipe[1])
        guard result == 0 else {
            close(errorPipe[0])
            close(outputPipe[0])
            throw E2EFailure("cannot start '\(executable)': \(String(cString: strerror(result)))")
        }
        pid = spawned
        liveChildren.withLock { _ = $0.insert(spawned) }
        errorFD = errorPipe[0]
        outputFD = outputPipe[0]
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
    var descriptors: [Int32] { [errorFD, outputFD].filter { $0 >= 0 } }

    /// Reads whatever the child wrote to `fd`; notices the end when both pipes have closed.
    func service(_ fd: Int32) {
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
        endedAt = Clock.now
    }

    /// Sends `signal` to the child (nothing once it has been reaped).
    func send(_ signal: Int32) {
        guard termination == nil else { return }
        Glibc.kill(pid, signal)
    }

    /// Kills the child if it still runs, reaps it and closes the pipes.
    func kill() {
        if termination == nil {
            Glibc.kill(pid, SIGKILL)
            reap(options: 0)
        }
        for fd in [errorFD, outputFD] where fd >= 0 { close(fd) }
        errorFD = -1
        outputFD = -1
    }

    /// The stderr lines that contain `text`.
    func lines(containing text: String) -> [String] { lines.filter { $0.contains(text) } }

    /// stdout as text.
    var outputText: String { String(decoding: output, as: UTF8.self) }

    /// The last stderr lines, for a failure message.
    var tail: String {
        let shown = lines.suffix(25)
        let state = termination?.description ?? "running"
        let header = "\(name) (pid \(pid), \(state)), last \(shown.count) of \(lines.count) stderr lines:"
        return ([header] + shown.map { "  | " + $0 }).joined(separator: "\n")
    }
}
