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

    static let allowed = [
        "--host": "a host name or address", "--port": "a port number", "--username": "a user name",
        "--password-file": "a file holding the password", "--cafile": "a file of CA certificates",
        "--topic-prefix": "an MQTT topic", "--discovery-prefix": "an MQTT topic, or empty",
        "--state": "the daemon's state file", "--feed": "the feed pipe's path",
    ]

    /// Parses the options after `follow mqtt`. `hostName` makes the default prefix; `CREDENTIALS_DIRECTORY` in
    /// `environment` the default password file.
    static func parse(
        _ scanner: inout ArgumentScanner, environment: [String: String], hostName: String = Posix.hostName
    )
        throws(UsageError) -> MQTTOptions
    {
        var options: [String: String] = [:]
        var tls = false
        var forget = false
        while let argument = scanner.next() {
            switch argument {
            case "--tls": tls = true
            case "--forget": forget = true
            default:
                guard let expected = allowed[argument] else {
                    let list = (allowed.keys + ["--tls", "--forget"]).sorted().joined(separator: ", ")
                    throw UsageError("unknown option '\(argument)' for 'follow mqtt' (expected one of: \(list))")
                }
                let value = try scanner.value(for: argument, expected: expected)
                guard !value.isEmpty || argument == "--discovery-prefix" else {
                    throw UsageError("option '\(argument)' needs a value (\(expected))")
                }
                options[argument] = value
            }
        }
        var port: UInt16?
        if let text = options["--port"] {
            guard let value = UInt16(text), value > 0 else {
                throw UsageError("invalid port '\(text)' (expected 1-65535)")
            }
            port = value
        }
        if options["--cafile"] != nil { tls = true }
        var passwordFile = options["--password-file"]
        if passwordFile == nil, let directory = environment["CREDENTIALS_DIRECTORY"], !directory.isEmpty {
            passwordFile = directory + "/" + credentialName
        }
        let host = String(
            hostName.unicodeScalars.map { $0 == "/" || $0 == "+" || $0 == "#" || $0.value < 0x21 ? "_" : Character($0) }
        )
        let topics = try MQTTTopics(
            prefix: options["--topic-prefix"] ?? "tickerd/\(host.isEmpty ? "localhost" : host)",
            discoveryPrefix: options["--discovery-prefix"] ?? "homeassistant")
        return MQTTOptions(
            server: MQTTServer(
                host: options["--host"] ?? "localhost", port: port, username: options["--username"], tls: tls,
                caFile: options["--cafile"]),
            passwordFile: passwordFile, topics: topics, feedPath: options["--feed"] ?? FollowCommand.defaultFeedPath,
            statePath: options["--state"] ?? defaultStatePath, forget: forget)
    }

    /// Reads the password file: its contents, one trailing newline (`\n` or `\r\n`) dropped.
    static func readPassword(_ path: String) throws(UsageError) -> String {
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
