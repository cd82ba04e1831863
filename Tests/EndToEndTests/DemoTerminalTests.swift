import Glibc
import Testing
import TickerIO
import TickerTestSupport

/// A program run on a fresh pseudo-terminal, as in a terminal window: the test reads what it draws from the
/// master side and can close that side, as closing the window does.
final class TerminalRun {
    let terminal: PseudoTerminal
    let child: Child
    /// Everything written to the terminal so far.
    private(set) var drawn: [UInt8] = []

    /// Starts `executable` with `arguments` on the terminal (its controlling one if `controlling`; stderr there
    /// too if `errorsToo`).
    init(
        _ executable: String, _ arguments: [String], controlling: Bool, errorsToo: Bool = false,
        environment: [String: String] = [:]
    ) throws {
        terminal = try PseudoTerminal()
        child = try Child(
            name: executable.split(separator: "/").last.map(String.init) ?? executable, executable: executable,
            arguments: arguments, environment: environment,
            terminal: Child.Terminal(path: terminal.slavePath, controlling: controlling, standardError: errorsToo))
    }

    deinit { child.kill() }

    var text: String { String(decoding: drawn, as: UTF8.self) }

    /// Reads the terminal (and the child's stderr pipe) until `text` has been drawn.
    func read(until text: String, timeout: Duration = .seconds(20)) throws {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Deadline(timeout)
        while !self.text.contains(text) {
            var entries =
                [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
                + child.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            try deadline.poll(&entries, waitingFor: "'\(text)' in the terminal") {
                "\(child.tail)\nlast drawn: \(String(reflecting: String(self.text.suffix(300))))"
            }
            for entry in entries where entry.revents != 0 {
                if entry.fd == terminal.master {
                    let count = buffer.withUnsafeMutableBytes { Glibc.read(terminal.master, $0.baseAddress, $0.count) }
                    if count > 0 { drawn += buffer[0..<count] }
                } else {
                    child.service(entry.fd)
                }
            }
        }
    }

    /// Sends `signal` to the terminal's foreground process group, as typing Ctrl-C (SIGINT) does.
    func sendToForeground(_ signal: Int32) throws {
        let group = tcgetpgrp(terminal.master)
        guard group > 0 else { throw TestFailure("no foreground process group on \(terminal.slavePath)") }
        kill(-group, signal)
    }
}

/// `tickerd --demo` (and any panel drawn in a terminal) in a real terminal: Ctrl-C ends it cleanly, also under
/// `make demo`, and a terminal that goes away (its window closed) stops it, whether the hang-up comes as SIGHUP
/// (the terminal was its controlling one) or as a failed write.
@Suite struct DemoTerminalTests {
    /// Starts `tickerd` with `arguments` on a terminal, waits for the panel's status line, closes the terminal
    /// and returns how `tickerd` ended and what it logged.
    static func hangUp(_ arguments: [String], controlling: Bool) throws -> (Termination?, [String]) {
        let run = try TerminalRun(try BuiltProducts.tickerd(), arguments, controlling: controlling)
        // The status line ends every picture drawn.
        try run.read(until: "feed errors")
        run.terminal.close()
        try run.child.wait("tickerd to exit once its terminal hung up", timeout: .seconds(20)) {
            run.child.termination != nil
        }
        return (run.child.termination, run.child.lines)
    }

    @Test func theDemoStopsWhenItsTerminalGoesAway() throws {
        let (termination, lines) = try Self.hangUp(["--demo"], controlling: true)
        #expect(termination == .exited(0))
        let stop = lines.first { $0.contains("stopping on") } ?? ""
        // SIGHUP comes just after the terminal hung up; a picture drawn in between finds it gone first.
        #expect(
            stop.contains("stopping on SIGHUP (the terminal hung up)")
                || stop.contains("stopping on a failed write to the terminal"), "\(lines)")
        #expect(lines.filter { $0.contains("configuration reloaded") }.isEmpty, "\(lines)")
    }

    @Test func aStillPanelStopsOnTheSIGHUPOfItsTerminal() throws {
        // Nothing changes on an idle panel, so nothing is drawn after the first picture: only the SIGHUP tells.
        let directory = try TemporaryDirectory()
        let (termination, lines) = try Self.hangUp(["--terminal", "--feed", directory.file("feed")], controlling: true)
        #expect(termination == .exited(0))
        #expect(lines.contains { $0.contains("stopping on SIGHUP (the terminal hung up)") }, "\(lines)")
    }

    @Test func theDemoStopsWhenItsTerminalFailsWithoutASIGHUP() throws {
        // Not its controlling terminal: no SIGHUP comes, the next picture's write fails.
        let (termination, lines) = try Self.hangUp(["--demo"], controlling: false)
        #expect(termination == .exited(0))
        #expect(
            lines.contains {
                $0.contains("stopping on a failed write to the terminal (write 'terminal': Input/output error)")
            }, "\(lines)")
    }

    @Test func theLogLineAtCtrlCStartsOnALineOfItsOwn() throws {
        let run = try TerminalRun(try BuiltProducts.tickerd(), ["--demo"], controlling: true, errorsToo: true)
        try run.read(until: "feed errors")
        try run.sendToForeground(SIGINT)
        let log = "tickerd: notice: stopping on SIGINT"
        try run.read(until: log)
        let before = run.text.components(separatedBy: log).first ?? ""
        // The status line drawn last ends first (and the terminal gets its cursor and colours back).
        #expect(before.hasSuffix("\u{1B}[0m\u{1B}[?25h\n"), "\(String(reflecting: String(before.suffix(80))))")
    }

    @Test func makeDemoEndsCleanlyOnCtrlC() throws {
        // The recipe as it is, without building: `swift build` is skipped, the demo runs from this build.
        guard let built = BuiltProducts.directory else { throw TestFailure("no built tickerd") }
        let run = try TerminalRun(
            "make",
            ["-C", BuiltProducts.packageRoot, "--no-print-directory", "demo", "SWIFT=true", "BUILDDIR=\(built)"],
            controlling: true)
        try run.read(until: "feed errors")
        try run.sendToForeground(SIGINT)
        try run.child.wait("make demo to end after Ctrl-C", timeout: .seconds(20)) { run.child.termination != nil }
        // Ctrl-C is for the demo, which stops cleanly; make neither reports an interrupt nor races the demo to
        // reap it ("wait: No child processes").
        #expect(run.child.termination == .exited(0), "\(run.child.tail)")
        #expect(run.child.lines(containing: "make: ***").isEmpty, "\(run.child.tail)")
        #expect(!run.child.lines(containing: "stopping on SIGINT").isEmpty, "\(run.child.tail)")
    }
}
