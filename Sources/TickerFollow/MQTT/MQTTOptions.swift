import TickerIO

/// What `tickerctl follow mqtt` was asked to do.
package struct MQTTOptions: Equatable, Sendable {
    /// The broker, without its password (read from `passwordFile` when the bridge starts).
    package var server: MQTTServer
    /// The file holding the password, if any.
    package var passwordFile: String?
    /// The topics.
    package var topics: MQTTTopics
    /// The feed FIFO.
    package var feedPath: String
    /// The daemon's state file.
    package var statePath: String
    /// `--forget`: clear what the bridge left on the broker and exit.
    package var forget: Bool

    /// The state file the packaged unit makes the daemon write (`[feed] state`).
    package static let defaultStatePath = "/run/tickerd/state/state.json"
    /// The credential name the unit loads the password under (`LoadCredential=mqtt-password:…`).
    package static let credentialName = "mqtt-password"
    /// The largest password file read.
    static let maxPasswordBytes = 4_096

    /// Options as given.
    package init(
        server: MQTTServer, passwordFile: String?, topics: MQTTTopics, feedPath: String, statePath: String,
        forget: Bool
    ) {
        self.server = server
        self.passwordFile = passwordFile
        self.topics = topics
        self.feedPath = feedPath
        self.statePath = statePath
        self.forget = forget
    }

    /// Reads the password file: its contents, one trailing newline (`\n` or `\r\n`) dropped.
    package static func readPassword(_ path: String) throws(UsageError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try Posix.readFile(path, limit: maxPasswordBytes)
        } catch {
            throw UsageError("password file: \(error)")
        }
        var end = bytes.endIndex
        if end > 0, bytes[end - 1] == UInt8(ascii: "\n") {
            end -= 1
            if end > 0, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        guard let text = String(validating: bytes[..<end], as: UTF8.self), !bytes.contains(0) else {
            throw UsageError("password file '\(path)' is not UTF-8 text")
        }
        return text
    }

    /// Runs the bridge (or `--forget`); returns the exit status.
    func run(signals: SignalSource, log: Logger) -> Int32 {
        var server = self.server
        if let passwordFile {
            do {
                server.password = try Self.readPassword(passwordFile)
            } catch {
                log.error(error.description)
                return 1
            }
        }
        let bridge = MQTTBridge(server: server, topics: topics, feedPath: feedPath, statePath: statePath)
        return forget ? bridge.forget(signals: signals, log: log) : bridge.run(signals: signals, log: log)
    }
}
