import Glibc

/// Why a child process could not be started.
package struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The program as named.
    package var program: String
    /// The failing call.
    package var operation: String
    /// Why (`errno`, or the error `posix_spawnp` returned).
    package var code: Errno

    /// A sentence naming the program and the cause.
    package var description: String {
        if operation == "posix_spawnp" {
            if code == .noSuchFileOrDirectory, !program.contains("/") {
                return "cannot run '\(program)': not found in PATH"
            }
            return "cannot run '\(program)': \(code)"
        }
        return "\(operation) '\(program)': \(code)"
    }
}

/// A child process whose standard output and standard error are pipes read by the parent (non-blocking);
/// its standard input is `/dev/null`. Owns both descriptors and the process: `terminate()` ends and reaps
/// it, and so does `deinit` when that was not done.
package final class ChildProcess {
    /// The program as named.
    package let program: String
    /// Its process id.
    package let pid: pid_t
    /// The reading end of its standard output (non-blocking); -1 once closed.
    package private(set) var standardOutput: Int32
    /// The reading end of its standard error (non-blocking); -1 once closed.
    package private(set) var standardError: Int32
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
    /// environment. The signal mask and the dispositions a `SignalSource` changed (SIGTERM, SIGINT, SIGHUP
    /// blocked; SIGPIPE ignored) are reset to the defaults in the child.
    package static func spawn(_ program: String, arguments: [String]) throws(SpawnError) -> ChildProcess {
        let output: (read: Int32, write: Int32)
        let errors: (read: Int32, write: Int32)
        do {
            output = try Posix.pipe()
        } catch {
            throw SpawnError(program: program, operation: "pipe", code: error.code)
        }
        do {
            errors = try Posix.pipe()
        } catch {
            Posix.close(output.read)
            Posix.close(output.write)
            throw SpawnError(program: program, operation: "pipe", code: error.code)
        }
        defer {
            Posix.close(output.write)
            Posix.close(errors.write)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        let (result, pid) = start(program, arguments, actions: &actions, inNewSession: false)
        guard result == 0 else {
            Posix.close(output.read)
            Posix.close(errors.read)
            throw SpawnError(program: program, operation: "posix_spawnp", code: Errno(rawValue: result))
        }
        try? Posix.setNonBlocking(output.read, what: program)
        try? Posix.setNonBlocking(errors.read, what: program)
        return ChildProcess(program: program, pid: pid, standardOutput: output.read, standardError: errors.read)
    }

    /// Starts `program` with `arguments` and the parent's environment in a session of its own, and
    /// lets it go: standard input and output are `/dev/null`, standard error is the parent's (so its log
    /// goes where the parent's goes), signals as in `spawn`. Nobody waits for it; when the parent exits
    /// first, init (or the service manager) reaps it. Returns its process id.
    @discardableResult
    package static func spawnDetached(_ program: String, arguments: [String]) throws(SpawnError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let (result, pid) = start(program, arguments, actions: &actions, inNewSession: true)
        guard result == 0 else {
            throw SpawnError(program: program, operation: "posix_spawnp", code: Errno(rawValue: result))
        }
        return pid
    }

    /// `posix_spawnp(3)` with the signal mask emptied and the dispositions a `SignalSource` changed reset;
    /// returns its result (0 or an errno value) and the child's id.
    private static func start(
        _ program: String, _ arguments: [String], actions: inout posix_spawn_file_actions_t, inNewSession: Bool
    ) -> (result: Int32, pid: pid_t) {
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
        let session = inNewSession ? Posix.spawnNewSession : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | session)

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        return (result, pid)
    }

    /// Closes the standard error pipe (after it reported end-of-file), so it is no longer polled.
    package func closeStandardError() {
        Posix.close(standardError)
        standardError = -1
    }

    /// Ends the child: SIGTERM, up to `graceMillis` for it to exit, then SIGKILL; reaps it and closes the
    /// pipes. Returns how it ended, or `nil` when it had already been reaped.
    @discardableResult
    package func terminate(graceMillis: Int = 2000) -> ExitStatus? {
        defer {
            Posix.close(standardOutput)
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
            Posix.sleep(milliseconds: 10)
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
package enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
    /// It called `exit` with this code.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)
    /// It was reaped elsewhere.
    case unknown

    /// Decodes a `waitpid` status (the `WIFEXITED`/`WEXITSTATUS` macros are not imported into Swift).
    package init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    package var description: String {
        switch self {
        case .exited(let code): return "exit status \(code)"
        case .signaled(let signal): return "signal \(signal)"
        case .unknown: return "an unknown status"
        }
    }
}
