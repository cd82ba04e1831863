import Foundation
import Glibc
import Testing

/// The package root and its debug build products, for tests that run the built binaries.
enum BuildProducts {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// `.build/debug/NAME`, or a failure naming the command that builds it.
    static func path(_ name: String) throws -> String {
        let path = root + "/.build/debug/" + name
        guard FileManager.default.fileExists(atPath: path) else {
            throw TestFailure("'\(path)' is missing; build it first (swift build --build-tests; swift build --product TickerTestShim)")
        }
        return path
    }
}

/// A child process started by a test: standard input a pipe the test writes lines to, standard output a pipe
/// read line by line with a deadline, standard error kept in a file for the failure message. SIGKILLed
/// when released, so a failing test leaves nothing running.
final class TestProcess {
    let name: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorLog: String
    private let exited = DispatchSemaphore(value: 0)
    private var buffer: [UInt8] = []
    /// Every line the process wrote to standard output so far.
    private(set) var lines: [String] = []
    private var consumed = 0

    init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        errorLog: String
    ) throws {
        name = (executable as NSString).lastPathComponent
        self.errorLog = errorLog
        guard FileManager.default.createFile(atPath: errorLog, contents: nil) else {
            throw TestFailure("cannot create '\(errorLog)'")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorLog)
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
    }

    deinit { kill() }

    var pid: pid_t { process.processIdentifier }

    /// What the process wrote to standard error so far.
    var errors: String { (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "" }

    /// Writes `line` and a newline to the process's standard input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Reads standard output until a line satisfies `predicate` and returns it; fails loudly after `timeout`.
    @discardableResult
    func waitForLine(
        _ what: String,
        timeout: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            while consumed < lines.count {
                consumed += 1
                if predicate(lines[consumed - 1]) { return lines[consumed - 1] }
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                let output = lines.joined(separator: "\n")
                Issue.record(
                    "timed out after \(timeout) s waiting for \(what) from \(name); output:\n\(output)\nstderr:\n\(errors)",
                    sourceLocation: sourceLocation)
                throw TestFailure("timed out waiting for \(what) from \(name)")
            }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 {
                Issue.record("\(name) closed its output while waiting for \(what); stderr:\n\(errors)", sourceLocation: sourceLocation)
                throw TestFailure("\(name) ended while waiting for \(what)")
            }
            buffer.append(contentsOf: chunk[0..<count])
            while let newline = buffer.firstIndex(of: 0x0A) {
                lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
                buffer.removeSubrange(...newline)
            }
        }
    }

    /// Sends `signal` and waits (up to `timeout`) for the process to exit; returns its exit status.
    func stop(with signal: Int32 = SIGTERM, timeout: Double = 10) throws -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        Glibc.kill(pid, signal)
        guard exited.wait(timeout: .now() + timeout) == .success else {
            kill()
            throw TestFailure("\(name) did not exit within \(timeout) s of signal \(signal); stderr:\n\(errors)")
        }
        exited.signal()
        return process.terminationStatus
    }

    /// SIGKILL and reap, for clean-up.
    func kill() {
        if process.isRunning {
            Glibc.kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        try? input.fileHandleForWriting.close()
    }

    /// The process ids of this process's children (from `/proc`).
    func children() -> [pid_t] {
        let tasks = "/proc/\(pid)/task"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return names.flatMap { task -> [pid_t] in
            let text = (try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }
}

/// A private D-Bus session bus (`dbus-daemon --session --nofork`) on a socket in `directory`; its address
/// is read from the daemon's own output, so it is listening once `init` returns. Killed when released.
final class SessionBus {
    let address: String
    private let daemon: TestProcess

    init(directory: TemporaryDirectory) throws {
        daemon = try TestProcess(
            "/usr/bin/dbus-daemon",
            ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(directory.file("bus"))", "--print-address=1"],
            errorLog: directory.file("dbus.log"))
        address = try daemon.waitForLine("the bus address") { $0.hasPrefix("unix:") }
    }

    func kill() { daemon.kill() }
}
