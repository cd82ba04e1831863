import TickerIO

/// Why talking to the media server failed; each message names the server and the cause.
package enum LMSConnectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name did not resolve.
    case resolve(server: String, reason: String)
    /// `connect(2)` (or `socket(2)`) failed.
    case connect(server: String, Errno)
    /// The server did not answer in time.
    case timeout(server: String, waitingFor: String)
    /// The server closed the connection.
    case closed(server: String)
    /// The server sent something that is not its CLI.
    case protocolError(server: String, LMSProtocolError)
    /// Reading or writing the socket failed.
    case io(server: String, operation: String, Errno)
    /// A stop was requested while waiting.
    case stopped

    /// A sentence naming the server and the cause.
    package var description: String {
        switch self {
        case .resolve(let server, let reason): return "resolve '\(server)': \(reason)"
        case .connect(let server, let code): return "connect '\(server)': \(code)"
        case .timeout(let server, let what): return "the media server at '\(server)' did not answer '\(what)' in time"
        case .closed(let server): return "the media server at '\(server)' closed the connection"
        case .protocolError(let server, let error): return "the media server at '\(server)': \(error)"
        case .io(let server, let operation, let code): return "\(operation) '\(server)': \(code)"
        case .stopped: return "stopped"
        }
    }
}

/// One connection to the Lyrion Media Server's command-line interface (TCP, port 9090 by default): sends
/// commands as percent-encoded tokens and reads lines of decoded tokens. Every wait is bounded and
/// interrupted by SIGTERM or SIGINT from `signals`. Owns its socket.
final class LMSConnection {
    let server: String
    let fd: Int32
    private var parser = LMSLineParser()
    /// The follower's runner: its signals, its clock, and its waits, which also deliver the lyrics arriving
    /// from a lyrics server.
    private let runner: FollowerRunner
    private let timeout: Duration

    private init(server: String, fd: Int32, runner: FollowerRunner, timeout: Duration) {
        self.server = server
        self.fd = fd
        self.runner = runner
        self.timeout = timeout
    }

    private var signals: SignalSource { runner.signals }

    deinit {
        Posix.close(fd)
    }

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
        var lastError = LMSConnectionError.connect(server: server, .connectionRefused)
        for address in addresses {
            do {
                let fd = try runner.signals.connect(address, what: server, timeout: timeout)
                return LMSConnection(server: server, fd: fd, runner: runner, timeout: timeout)
            } catch {
                switch error {
                case .stopped: throw .stopped
                case .timeout: lastError = .timeout(server: server, waitingFor: "connect")
                case .closed: lastError = .closed(server: server)
                case .system(let code): lastError = .connect(server: server, code)
                }
            }
        }
        throw lastError
    }

    /// Writes one command: `tokens` percent-encoded, separated by spaces, ended by a line feed.
    func send(_ tokens: [String]) throws(LMSConnectionError) {
        let line = tokens.map(LMSLineParser.encode).joined(separator: " ")
        do {
            try signals.sendAll(Array((line + "\n").utf8), on: fd, what: server, timeout: timeout)
        } catch {
            switch error {
            case .stopped: throw .stopped
            case .timeout: throw .timeout(server: server, waitingFor: line)
            case .closed: throw .closed(server: server)
            case .system(let code): throw .io(server: server, operation: "send", code)
            }
        }
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
        let deadline = runner.now + timeout
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
        var chunk = [UInt8](repeating: 0, count: 16384)
        let result = chunk.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) -> Posix.Transfer in
                try Posix.read(fd, into: raw, what: server)
            }
        }
        switch result {
        case .success(.done(0)): throw .closed(server: server)
        case .success(.done(let count)): parser.append(chunk[0..<count])
        case .success(.wouldBlock): return
        case .failure(let error) where error.code == .connectionReset: throw .closed(server: server)
        case .failure(let error): throw .io(server: server, operation: "recv", error.code)
        }
    }
}
