import Glibc
import Testing

@testable import TickerIO

@Suite struct LoggerTests {
    /// Everything `body` logs through a logger at `level`, read back from a pipe.
    func logged(at level: LogLevel, _ body: (Logger) -> Void) -> String {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        body(Logger(program: "tickerd", level: level, fileDescriptor: ends[1]))
        close(ends[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func writesWhatIsAtLeastAsImportantAsTheLevel() {
        let text = logged(at: .warning) { logger in
            logger.error("one")
            logger.warning("two")
            logger.notice("three")
            logger.debug("four")
        }
        #expect(text == "tickerd: error: one\ntickerd: warning: two\n")
    }

    @Test func everyLineOfAMessageCarriesThePrefix() {
        let text = logged(at: .info) { $0.error("a.conf:1: bad\na.conf:2: worse") }
        #expect(text == "tickerd: error: a.conf:1: bad\ntickerd: error: a.conf:2: worse\n")
    }

    @Test func levelsOrderFromMostImportant() {
        #expect(LogLevel.error < .warning && LogLevel.warning < .notice && LogLevel.info < .debug)
        #expect(LogLevel(name: "notice") == .notice && LogLevel(name: "loud") == nil)
    }
}
