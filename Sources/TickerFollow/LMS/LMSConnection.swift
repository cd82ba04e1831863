import TickerIO

/// Why talking to the media server failed; each message names the server and the cause.
package typealias LMSConnectionError = ServerError<LMSProtocolError>

extension LMSProtocolError: ServerProtocolError {
    /// How messages name the server.
    package static var serverPhrase: String { "the media server at" }
}

/// One connection to the Lyrion Media Server's command-line interface (TCP, port 9090 by default): sends
/// commands as percent-encoded tokens and reads lines of decoded tokens. Every wait is bounded and
/// interrupted by SIGTERM or SIGINT from `signals`. Owns its socket.
final class LMSConnection {
    private let stream: ServerStream<LMSProtocolError>
    private var parser = LMSLineParser()
    /// The follower's runner: its signals, its clock, and its waits, which also deliver the lyrics arriving
    /// from a lyrics server.
    private let runner: FollowerRunner

    private init(stream: ServerStream<LMSProtocolError>, runner: FollowerRunner) {
        self.stream = stream
        self.runner = runner
    }

    deinit {
        Posix.close(fd)
    }

    /// The server as messages name it: `host:port`.
    var server: String { stream.server }

    /// The socket, to poll.
    var fd: Int32 { stream.fd }

    /// Connects to `host:port`, trying each address the name resolves to.
    static func open(host: String, port: UInt16, runner: FollowerRunner, timeout: Duration = .seconds(3))
        throws(LMSConnectionError) -> LMSConnection
    {
        let server = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let addresses: [SocketAddress]
        do {
            addresses = try Posix.streamAddresses(host: host, port: port)
        } catch {
            throw .resolve(server: server, reason: error.reason)
        }
        let stream = try ServerStream<LMSProtocolError>.connect(
            to: addresses, server: server, signals: runner.signals, timeout: timeout)
        return LMSConnection(stream: stream, runner: runner)
    }

    /// Writes one command: `tokens` percent-encoded, separated by spaces, ended by a line feed.
    func send(_ tokens: [String]) throws(LMSConnectionError) {
        try stream.send(tokens.map(LMSLineParser.encode).joined(separator: " "))
    }

    /// The next line's tokens, or `nil` when `timeout` (nil: wait forever) passes first.
    func nextLine(timeout: Duration?) throws(LMSConnectionError) -> [String]? {
        let deadline = timeout.map { runner.now + $0 }
        while true {
            if let tokens = try take() { return tokens }
            if let deadline, runner.now >= deadline { return nil }
            let wait = FollowerWait([Posix.PollEntry(fd, Posix.readable)], until: deadline)
            let readiness: FollowerReadiness
            do throws(FollowerEnd) {
                readiness = try runner.wait(wait)
            } catch .stopped {
                throw .stopped
            } catch {
                throw .io(server: server, operation: "poll", .current)
            }
            // A timeout before the deadline is the feed's retry, which only `publish` does.
            if case .ready = readiness { try receive() }
        }
    }

    /// The tokens of the next whole line already read, if there is one.
    func take() throws(LMSConnectionError) -> [String]? {
        do {
            return try parser.next()
        } catch {
            throw .protocolError(server: server, error)
        }
    }

    /// The next line for which `matches` holds, skipping others (notifications about other players, echoes
    /// of other commands), waiting up to the connection's timeout in all.
    func line(waitingFor what: String, where matches: ([String]) -> Bool) throws(LMSConnectionError) -> [String] {
        let deadline = runner.now + stream.timeout
        while true {
            let left = deadline - runner.now
            guard left > .zero, let tokens = try nextLine(timeout: left) else {
                throw .timeout(server: server, waitingFor: what)
            }
            if matches(tokens) { return tokens }
        }
    }

    /// Reads what the socket holds into the line parser; throws when the server closed the connection.
    func receive() throws(LMSConnectionError) {
        try stream.receive { parser.append($0) }
    }
}
