import TickerCore

/// Log severity: the configuration's own levels (`[log] level`), most important first, numbered as syslog and
/// journald number them (`syslogPriority`).
package typealias LogLevel = Config.LogLevel

extension Config.LogLevel {
    /// The name used in the config file and on the command line.
    package var name: String { rawValue }

    /// Parses a level name.
    package init?(name: String) {
        self.init(rawValue: name)
    }
}

/// Writes log lines to stderr: `<N>` priority prefixes when journald reads stderr (its `JOURNAL_STREAM`
/// names stderr's device and inode), a `tickerd: level:` prefix otherwise. One `write()` per message, so
/// messages never interleave.
package struct Logger: Sendable {
    /// Lines below this level are dropped.
    package var level: LogLevel
    /// Whether lines carry `<N>` prefixes for journald.
    package let journald: Bool
    /// The program name put before lines on a terminal.
    package let program: String
    /// Where lines go: standard error unless a test says otherwise; -1 when a sink takes them.
    package let fileDescriptor: Int32
    private let sink: (@Sendable (LogLevel, String) -> Void)?
    /// Where warnings and errors are noted as well as written (for the view socket); shared by every copy.
    package var problems: ProblemRecorder?

    /// A logger for `program` writing to `fileDescriptor`, detecting journald from the environment.
    package init(program: String, level: LogLevel = .info, fileDescriptor: Int32 = 2) {
        self.program = program
        self.level = level
        self.fileDescriptor = fileDescriptor
        self.journald = fileDescriptor == 2 && Logger.stderrIsJournal()
        self.sink = nil
    }

    /// A logger that hands every line (without prefix) to `sink` instead of writing it: for tests.
    package init(program: String, level: LogLevel = .info, sink: @escaping @Sendable (LogLevel, String) -> Void) {
        self.program = program
        self.level = level
        self.fileDescriptor = -1
        self.journald = false
        self.sink = sink
    }

    /// A logger that drops everything.
    package static let silent = Logger(program: "", sink: { _, _ in })

    /// Logs `message` at `level`: one line per line of `message`, so that every line carries its priority.
    package func log(_ level: LogLevel, _ message: String) {
        // A line is written when it is at least as important as the configured level.
        guard level <= self.level else { return }
        let lines = message.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" })
        if let problems, level <= .warning {
            let time = Double(Posix.realtimeNanoseconds()) / 1e9
            for line in lines { problems.record(level, String(line), time: time) }
        }
        if let sink {
            for line in lines { sink(level, String(line)) }
            return
        }
        var text = ""
        for line in lines {
            text += journald ? "<\(level.syslogPriority)>\(line)\n" : "\(program): \(level.name): \(line)\n"
        }
        // A log line that cannot be written has nowhere else to go.
        _ = Array(text.utf8).withUnsafeBytes { try? Posix.write(fileDescriptor, $0, what: "log") }
    }

    package func error(_ message: String) { log(.error, message) }
    package func warning(_ message: String) { log(.warning, message) }
    package func notice(_ message: String) { log(.notice, message) }
    package func info(_ message: String) { log(.info, message) }
    package func debug(_ message: String) { log(.debug, message) }

    static func stderrIsJournal() -> Bool {
        guard let stream = Posix.environment("JOURNAL_STREAM") else { return false }
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
            let info = try? Posix.fstat(2, what: "stderr")
        else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }
}
