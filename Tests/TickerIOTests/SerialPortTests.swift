import Glibc
import Testing
import TickerTestSupport

@testable import TickerIO

/// `SerialPort` on a pseudo-terminal, in a process without the test shim: libserialport refuses the pty, so the
/// port is opened with termios.
@Suite struct SerialPortTests {
    /// Reads from the master until `count` bytes came, within a bounded wait.
    static func read(_ count: Int, from terminal: PseudoTerminal) throws -> [UInt8] {
        let deadline = Deadline(.seconds(10))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while received.count < count {
            var entries = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
            try deadline.poll(&entries, waitingFor: "\(count) bytes on \(terminal.slavePath)")
            let n = buffer.withUnsafeMutableBytes { Glibc.read(terminal.master, $0.baseAddress, $0.count) }
            if n > 0 { received += buffer[0..<n] }
        }
        return received
    }

    @Test func aPseudoTerminalOpensInRawModeWithoutTheShimAndCarriesBytesBothWays() throws {
        #expect(getenv("LD_PRELOAD") == nil, "this test is about the path without the shim")
        let terminal = try PseudoTerminal()
        let port = try SerialPort.open(.path(terminal.slavePath), settings: SerialSettings(baudRate: 230_400))
        #expect(port.isPseudoTerminal)
        #expect(port.logName == "\(terminal.slavePath) (a pseudo-terminal)")
        // Raw: a line feed, a 0x00 and a Ctrl-C go through as they are, none turned into anything else.
        let bytes: [UInt8] = [0x00, 0x0A, 0x03, 0x0D, 0xFF, 0x11]
        #expect(bytes.withUnsafeBytes { port.write($0) } == .wrote(bytes.count))
        #expect(try Self.read(bytes.count, from: terminal) == bytes)
        try Posix.writeAll(terminal.master, [0x00, 0x0D, 0x0A], what: "master")
        var buffer = [UInt8](repeating: 0, count: 16)
        var got: [UInt8] = []
        let deadline = Deadline(.seconds(10))
        while got.count < 3 {
            var entries = [pollfd(fd: port.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            try deadline.poll(&entries, waitingFor: "the reply on the port")
            let n = buffer.withUnsafeMutableBytes { port.read(into: $0) }
            got += buffer[0..<(n ?? 0)]
        }
        #expect(got == [0x00, 0x0D, 0x0A])
        var mode = try #require(Posix.terminalMode(port.fileDescriptor))
        #expect(cfgetospeed(&mode) == speed_t(B230400))
        #expect(mode.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
        #expect(mode.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
    }

    @Test func theRateOfAnOpenPseudoTerminalCanBeSwitched() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort.open(.path(terminal.slavePath), settings: SerialSettings())
        try port.setBaudRate(921_600)
        var mode = try #require(Posix.terminalMode(port.fileDescriptor))
        #expect(cfgetospeed(&mode) == speed_t(B921600))
        let error = #expect(throws: SerialError.self) { try port.setBaudRate(250_000) }
        #expect(
            error?.message.hasPrefix("set baud rate 250000 on pseudo-terminal '\(terminal.slavePath)'") == true,
            "\(String(describing: error))")
    }

    @Test func aSecondOpenOfTheSamePseudoTerminalIsTurnedAway() throws {
        let terminal = try PseudoTerminal()
        let first = try SerialPort.open(.path(terminal.slavePath), settings: SerialSettings())
        let error = #expect(throws: SerialError.self) {
            _ = try SerialPort.open(.path(terminal.slavePath), settings: SerialSettings())
        }
        #expect(error?.kind == .busy)
        first.close()
        let again = try SerialPort.open(.path(terminal.slavePath), settings: SerialSettings())
        #expect(again.isOpen)
    }

    @Test func writingAfterTheOtherSideWentAwayFailsAndClosesThePort() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort.open(.path(terminal.slavePath), settings: SerialSettings())
        terminal.close()
        let result = [UInt8(1)].withUnsafeBytes { port.write($0) }
        guard case .failed(let error) = result else {
            Issue.record("expected a failed write, got \(result)")
            return
        }
        #expect(error.message.contains("Input/output error"), "\(error)")
        #expect(!port.isOpen)
        #expect(port.fileDescriptor == -1)
    }

    @Test func aFileThatIsNotATerminalIsStillRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("plain", "")
        #expect(!Posix.isPseudoTerminal(path))
        #expect(!Posix.isPseudoTerminal("/dev/null"))
        do {
            _ = try SerialPort.open(.path(path), settings: SerialSettings())
            Issue.record("a plain file opened as a serial port")
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.message.hasSuffix("(not a serial port)"), "\(error)")
        }
    }
}
