import Glibc

/// Why a child process could not be started.
public struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The program as named.
    public var program: String
    /// The failing call.
    public var operation: String
    /// `errno` (or the error posix_spawn returned).
    public var errno: Int32

    /// A sentence naming the program and the cause.
    public var description: String {
        if operation == "posix_spawnp" {
            if errno == ENOENT, !program.contains("/") { return "cannot run '\(program)': not found in PATH" }
            return "cannot run '\(program)': \(String(cString: strerror(errno)))"
        }
        return "\(operation) '\(program)': \(String(cString: strerror(errno)))"
    }
}

/// A child process whose standard output and standard error are pipes read by the parent (non-blocking);
/// its standard input is `/dev/null`. Owns both descriptors and the process: `terminate()` ends and reaps
/// it, and so does `deinit` when that was not done.
final class ChildProcess {
    let program: String
    let pid: pid_t
    private(set) var standardOutput: Int32
    private(set) var standardError: Int32
    private var reaped = false

    private init(program: String, pid: pid_t, standardOutput: Int32, standardError: Int32) {
        self.program = program
        self.pid = pid
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    deinit {
        _ = terminate()
    }

    /// Starts `program` (looked up in `PATH` when it has no `/`) with `arguments` and the parent's
    /// environment. The signal mask and the dispositions the follower changed (SIGTERM, SIGINT, SIGHUP
    /// blocked; SIGPIPE ignored) are reset to the defaults in the child.
    static func spawn(_ program: String, arguments: [String]) throws(SpawnError) -> ChildProcess {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard openPipe(&output) else { throw SpawnError(program: program, operation: "pipe", errno: errno) }
        guard openPipe(&errors) else {
            let code = errno
            close(output[0])
            close(output[1])
            throw SpawnError(program: program, operation: "pipe", errno: code)
        }
        defer {
            close(output[1])
            close(errors[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard result == 0 else {
            close(output[0])
            close(errors[0])
            throw SpawnError(program: program, operation: "posix_spawnp", errno: result)
        }
        _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(errors[0], F_SETFL, O_NONBLOCK)
        return ChildProcess(program: program, pid: pid, standardOutput: output[0], standardError: errors[0])
    }

    /// `pipe` with both ends close-on-exec (`pipe2` is not imported into Swift on this toolchain).
    private static func openPipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Closes the standard error pipe (after it reported end-of-file), so it is no longer polled.
    func closeStandardError() {
        if standardError >= 0 { close(standardError) }
        standardError = -1
    }

    /// Ends the child: SIGTERM, up to `graceMillis` for it to exit, then SIGKILL; reaps it and closes the
    /// pipes. Returns how it ended, or `nil` when it had already been reaped.
    @discardableResult
    func terminate(graceMillis: Int = 2000) -> ExitStatus? {
        defer {
            if standardOutput >= 0 { close(standardOutput) }
            closeStandardError()
            standardOutput = -1
        }
        guard !reaped else { return nil }
        if let status = reap(blocking: false) { return status }
        kill(pid, SIGTERM)
        var waited = 0
        while waited < graceMillis {
            if let status = reap(blocking: false) { return status }
            // No descriptor to wait on for a child's exit on this toolchain; a short poll is the bounded wait.
            poll(nil, 0, 10)
            waited += 10
        }
        kill(pid, SIGKILL)
        return reap(blocking: true)
    }

    private func reap(blocking: Bool) -> ExitStatus? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid {
                reaped = true
                return ExitStatus(waitStatus: status)
            }
            if result < 0, errno == EINTR { continue }
            if result < 0 {
                // ECHILD: someone else reaped it; there is nothing left to wait for.
                reaped = true
                return ExitStatus.unknown
            }
            return nil
        }
    }
}

/// How a child process ended.
enum ExitStatus: Equatable, CustomStringConvertible {
    /// It called `exit` with this code.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)
    /// It was reaped elsewhere.
    case unknown

    /// Decodes a `waitpid` status (the `WIFEXITED`/`WEXITSTATUS` macros are not imported into Swift).
    init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    var description: String {
        switch self {
        case .exited(let code): return "exit status \(code)"
        case .signaled(let signal): return "signal \(signal)"
        case .unknown: return "an unknown status"
        }
    }
}
