import Glibc
import TickerIO

/// Finds services on the local network through Avahi, Debian's mDNS/DNS-SD daemon, by running its own client,
/// `avahi-browse --resolve --parsable --terminate`, and reading the lines it prints (`AvahiBrowseOutput`). The browse ends when
/// Avahi has answered what it knows (`--terminate`), or at a deadline.
package enum AvahiBrowse {
    /// The program run (from the package avahi-utils).
    package static let program = "avahi-browse"
    /// The most output read; a browse that prints more is cut there.
    package static let maxOutputBytes = 1 << 20

    /// The services of `type` (e.g. `_wled._tcp`) that Avahi knows and resolves within `timeout`, one per
    /// instance name (IPv4 preferred when it is seen over both). Throws a sentence when Avahi cannot be asked
    /// at all; a browse that runs out of time gives what was found by then and says so in `problems`.
    package static func browse(type: String, timeout: Duration) throws(MDNSError) -> AvahiBrowseOutput {
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                program, arguments: ["--resolve", "--parsable", "--terminate", "--no-db-lookup", type])
        } catch {
            if error.code == .noSuchFileOrDirectory { throw .notInstalled }
            throw .other(error.description)
        }
        let deadline = Clock.now + timeout
        var output: [UInt8] = []
        var complaint: [UInt8] = []
        var finished = true
        var chunk = [UInt8](repeating: 0, count: 4_096)
        var open = [child.standardOutput, child.standardError]
        while !open.isEmpty {
            let left = deadline - Clock.now
            guard left > .zero else {
                finished = false
                break
            }
            var entries = open.map { pollfd(fd: $0, events: Posix.readable, revents: 0) }
            _ = try? Posix.poll(&entries, timeoutMilliseconds: left.pollMilliseconds)
            for entry in entries where entry.revents != 0 {
                let result = try? Posix.read(entry.fd, into: &chunk, what: program)
                if case .wouldBlock = result { continue }
                guard case .done(let count) = result, count > 0 else {
                    open.removeAll { $0 == entry.fd }
                    continue
                }
                if entry.fd == child.standardOutput {
                    output.append(contentsOf: chunk[0..<min(count, maxOutputBytes - output.count)])
                } else if complaint.count < 4_096 {
                    complaint.append(contentsOf: chunk[0..<count])
                }
            }
        }
        let status = child.terminate(graceMillis: 500)
        let said = String(decoding: complaint, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
        var found = AvahiBrowseOutput(parsing: output)
        if !finished {
            found.problems.append("\(program) did not finish within \(timeout); listed what it had found by then")
        } else if status != .exited(0) {
            if let said, said.contains("Daemon not running") { throw .daemonNotRunning }
            throw .other(
                "'\(program)' ended with \(status.map(\.description) ?? "an unknown status")"
                    + (said.map { ": \($0)" } ?? ""))
        }
        return found
    }
}

/// Why Avahi could not be asked.
package enum MDNSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// avahi-browse is not installed.
    case notInstalled
    /// avahi-daemon is not running (or the system's D-Bus is not).
    case daemonNotRunning
    /// Something else, in a sentence.
    case other(String)

    package var description: String {
        switch self {
        case .notInstalled:
            "cannot browse the network: '\(AvahiBrowse.program)' is not installed (Debian: apt install avahi-utils)"
        case .daemonNotRunning:
            "cannot browse the network: avahi-daemon is not running (Debian: apt install avahi-daemon, then "
                + "systemctl start avahi-daemon)"
        case .other(let message): "cannot browse the network: \(message)"
        }
    }
}
