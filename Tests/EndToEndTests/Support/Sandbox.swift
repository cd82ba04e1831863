import Foundation
import Glibc
import TickerTestSupport

/// A real systemd booted by `scripts/systemd-sandbox` in private PID and mount namespaces, driven from the
/// test with `nsenter`: the installed units run there exactly as on a machine, while the host's `/etc`,
/// `/usr`, `/var`, `/run`, `/tmp`, groups and installed packages stay untouched (see the script). It dies with the rig: the
/// rig kills `unshare` with SIGKILL, which takes systemd and everything under it along.
final class Sandbox {
    /// Why the sandbox cannot run on this machine, or nil when it can.
    static let unavailable: String? = {
        if getuid() != 0 { return "booting a systemd sandbox needs root" }
        for tool in ["/usr/bin/unshare", "/usr/bin/nsenter", "/lib/systemd/systemd", "/usr/bin/setpriv"]
        where access(tool, X_OK) != 0 {
            return "booting a systemd sandbox needs \(tool)"
        }
        return nil
    }()

    /// The package root, as the sandbox sees it.
    static let repository = "/run/tickerd-sandbox/repo"
    /// The built products, as the sandbox sees them.
    static let build = "/run/tickerd-sandbox/build"

    let rig: Rig
    /// The process running `unshare`.
    private let launcher: Child
    /// systemd's process id as the host sees it.
    private(set) var pid: pid_t = 0

    /// Boots systemd and waits until it says it is running.
    init(rig: Rig) async throws {
        self.rig = rig
        guard let products = BuiltProducts.directory else {
            throw TestFailure("no built products; run 'swift build' first")
        }
        let root = BuiltProducts.packageRoot
        launcher = try rig.start(
            "systemd-sandbox", root + "/scripts/systemd-sandbox", [rig.path("sandbox"), root, products])
        let launcher = launcher
        var found: pid_t = 0
        try await Self.check("the sandbox's systemd to start", rig: rig) {
            // Before it becomes `unshare`, the script has children of its own (mkdir, find): only a child that
            // runs systemd will do.
            let children =
                (try? String(contentsOfFile: "/proc/\(launcher.pid)/task/\(launcher.pid)/children", encoding: .utf8))
                ?? ""
            found =
                children.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pid_t($0) }.first { child in
                    let name = try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)
                    return name?.trimmingCharacters(in: .whitespacesAndNewlines) == "systemd"
                } ?? 0
            return found != 0 || launcher.termination != nil
        }
        guard found != 0 else { throw TestFailure("the sandbox ended at once\n\(rig.diagnostics)") }
        pid = found
        let bus = hostPath("/run/systemd/private")
        try await Self.check("the sandbox's systemd to open its bus", rig: rig) { access(bus, F_OK) == 0 }
        let state = try await run("systemctl is-system-running --wait", allowFailure: true).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard state == "running" || state == "degraded" else {
            throw TestFailure("the sandbox's systemd is '\(state)'")
        }
    }

    /// Checks `condition`, which no descriptor signals, every 50 ms until it holds (the rig services its
    /// panels and processes in between); throws when it does not within `timeout`.
    static func check(
        _ what: String, rig: Rig, timeout: Duration = Rig.timeout, _ condition: @escaping () -> Bool
    ) async throws {
        let deadline = Deadline(timeout)
        while !condition() {
            guard deadline.remaining > .zero else {
                throw TestFailure("timed out after \(timeout) waiting for \(what)\n\(rig.diagnostics)")
            }
            try? await rig.wait("\(what) (checked again)", timeout: .milliseconds(50)) { false }
        }
    }

    /// Starts `command` with `sh -c` inside the sandbox (as root, or as `user` with the groups of that user),
    /// without waiting for it.
    func start(_ command: String, as user: String? = nil, input: Bool = false) throws -> Child {
        var arguments = ["-t", String(pid), "-m", "-p", "--"]
        if let user { arguments += ["setpriv", "--reuid=\(user)", "--regid=\(user)", "--init-groups"] }
        arguments += ["sh", "-c", command]
        return try rig.start("sandbox: \(command)", "/usr/bin/nsenter", arguments, input: input)
    }

    /// Runs `command` with `sh -c` inside the sandbox (as root, or as `user` with the groups of that user) and
    /// waits for it, for at most `timeout`. Throws when it fails, unless `allowFailure`.
    @discardableResult
    func run(
        _ command: String, as user: String? = nil, allowFailure: Bool = false, timeout: Duration = Rig.timeout
    ) async throws -> (status: Termination, output: String, errors: String) {
        let child = try start(command, as: user)
        let end = try await rig.exit(of: child, timeout: timeout)
        let output = String(decoding: child.output, as: UTF8.self)
        let errors = child.lines.joined(separator: "\n")
        if end != .exited(0), !allowFailure {
            throw TestFailure("in the sandbox, '\(command)' \(end):\n\(output)\(errors)\n\(rig.diagnostics)")
        }
        return (end, output, errors)
    }

    /// A property of a unit (`systemctl show -P`).
    func property(_ name: String, of unit: String) async throws -> String {
        try await run("systemctl show -P \(name) \(unit)").output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A path inside the sandbox as the host can reach it (through systemd's root).
    func hostPath(_ path: String) -> String { "/proc/\(pid)/root" + path }

    /// Writes a file inside the sandbox.
    func write(_ path: String, _ text: String) throws {
        let full = hostPath(path)
        try FileManager.default.createDirectory(
            atPath: BuiltProducts.parent(of: full), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    /// Waits until `command` (run inside the sandbox) prints something for which `condition` holds, asking
    /// again as long as the rig's deadline allows.
    func wait(
        _ what: String, for command: String, timeout: Duration = Rig.timeout, until condition: (String) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = try await run(command, allowFailure: true).output
            if condition(last) { return }
            // Asked again after a tenth of a second, during which the rig keeps servicing the panel.
            try? await rig.wait("the next question to \(what)", timeout: .milliseconds(100)) { false }
        }
        throw TestFailure(
            "timed out after \(timeout) waiting for \(what); '\(command)' last said:\n\(last)\n\(rig.diagnostics)")
    }
}
