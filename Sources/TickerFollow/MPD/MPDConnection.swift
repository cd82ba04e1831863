import TickerIO

/// Where MPD listens.
package enum MPDEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// A TCP host name or address and port.
    case tcp(host: String, port: UInt16)
    /// A unix-domain socket path.
    case unix(path: String)

    /// `host:port` or the socket path.
    package var description: String {
        switch self {
        case .tcp(let host, let port): return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unix(let path): return path
        }
    }
}

/// Why talking to MPD failed; each message names the endpoint and the cause.
package enum MPDConnectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name did not resolve.
    case resolve(endpoint: String, reason: String)
    /// `connect(2)` (or `socket(2)`) failed.
    case connect(endpoint: String, Errno)
    /// MPD did not answer in time.
    case timeout(endpoint: String, waitingFor: String)
    /// MPD closed the connection.
    case closed(endpoint: String)
    /// MPD sent something that is not its protocol.
    case protocolError(endpoint: String, MPDProtocolError)
    /// MPD refused a command.
    case refused(endpoint: String, command: String, message: String)
    /// Reading or writing the socket failed.
    case io(endpoint: String, operation: String, Errno)
    /// A stop was requested while waiting.
    case stopped

    /// A sentence naming the endpoint and the cause.
    package var description: String {
        switch self {
        case .resolve(let endpoint, let reason): return "resolve '\(endpoint)': \(reason)"
        case .connect(let endpoint, let code): return "connect '\(endpoint)': \(code)"
        case .timeout(let endpoint, let what): return "MPD at '\(endpoint)' did not answer '\(what)' in time"
        case .closed(let endpoint): return "MPD at '\(endpoint)' closed the connection"
        case .protocolError(let endpoint, let error): return "MPD at '\(endpoint)': \(error)"
        case .refused(let endpoint, let command, let message):
            return "MPD at '\(endpoint)' refused '\(command)': \(message)"
        case .io(let endpoint, let operation, let code):
            return "\(operation) '\(endpoint)': \(code)"
        case .stopped: return "stopped"
        }
    }
}

/// One client connection to MPD: connect, read the greeting, send commands, read replies. Every wait
/// is bounded by `timeout` and interrupted by SIGTERM or SIGINT from `signals`. Owns its socket.
final class MPDConnection {
    let endpoint: MPDEndpoint
    let fd: Int32
    private(set) var version = ""
    private var parser = MPDResponseParser()
    private let signals: SignalSource
    private let timeout: Duration

    private init(endpoint: MPDEndpoint, fd: Int32, signals: SignalSource, timeout: Duration) {
        self.endpoint = endpoint
        self.fd = fd
        self.signals = signals
        self.timeout = timeout
    }

    deinit {
        Posix.close(fd)
    }

    /// Connects, reads the greeting and sends `password` when one is given.
    static func open(
        _ endpoint: MPDEndpoint,
        password: String?,
        signals: SignalSource,
        timeout: Duration = .seconds(3)
    ) throws(MPDConnectionError) -> MPDConnection {
        let fd = try connectSocket(endpoint, signals: signals, timeout: timeout)
        let connection = MPDConnection(endpoint: endpoint, fd: fd, signals: signals, timeout: timeout)
        guard case .greeting(let version) = try connection.reply(waitingFor: "greeting") else {
            throw .protocolError(endpoint: endpoint.description, .badGreeting(line: ""))
        }
        connection.version = version
        if let password {
            _ = try connection.command("password " + quoted(password))
        }
        return connection
    }

    /// Sends `command` and returns the fields of its `OK` reply.
    func command(_ command: String) throws(MPDConnectionError) -> [MPDField] {
        try send(command)
        switch try reply(waitingFor: command) {
        case .ok(let fields): return fields
        case .ack(let ack): throw .refused(endpoint: endpoint.description, command: ack.command, message: ack.message)
        case .greeting: throw .protocolError(endpoint: endpoint.description, .malformedLine(line: "OK MPD"))
        }
    }

    /// Writes one command line.
    func send(_ command: String) throws(MPDConnectionError) {
        do {
            try signals.sendAll(Array((command + "\n").utf8), on: fd, what: endpoint.description, timeout: timeout)
        } catch {
            switch error {
            case .stopped: throw .stopped
            case .timeout: throw .timeout(endpoint: endpoint.description, waitingFor: command)
            case .closed: throw .closed(endpoint: endpoint.description)
            case .system(let code): throw .io(endpoint: endpoint.description, operation: "send", code)
            }
        }
    }

    /// The next complete reply, waiting up to `timeout` (nil: the connection's).
    func reply(waitingFor what: String, timeout: Duration? = nil) throws(MPDConnectionError) -> MPDReply {
        while true {
            do {
                if let reply = try parser.next() { return reply }
            } catch {
                throw .protocolError(endpoint: endpoint.description, error)
            }
            switch signals.wait(for: Posix.readable, on: fd, timeout: timeout ?? self.timeout) {
            case .stopped: throw .stopped
            case .timeout: throw .timeout(endpoint: endpoint.description, waitingFor: what)
            case .ready: try receive()
            }
        }
    }

    /// Reads what is available into the parser.
    private func receive() throws(MPDConnectionError) {
        var chunk = [UInt8](repeating: 0, count: 8192)
        let result = chunk.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) -> Posix.Transfer in
                try Posix.read(fd, into: raw, what: endpoint.description)
            }
        }
        switch result {
        case .success(.done(0)): throw .closed(endpoint: endpoint.description)
        case .success(.done(let count)): parser.append(chunk[0..<count])
        case .success(.wouldBlock): return
        case .failure(let error) where error.code == .connectionReset: throw .closed(endpoint: endpoint.description)
        case .failure(let error): throw .io(endpoint: endpoint.description, operation: "recv", error.code)
        }
    }

    /// MPD's quoting: double quotes around, backslash before `"` and `\`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }

    private static func connectSocket(_ endpoint: MPDEndpoint, signals: SignalSource, timeout: Duration)
        throws(MPDConnectionError) -> Int32
    {
        let addresses: [SocketAddress]
        switch endpoint {
        case .unix(let path):
            do {
                addresses = [try SocketAddress.unix(path: path)]
            } catch {
                throw .connect(endpoint: path, error.code)
            }
        case .tcp(let host, let port):
            do {
                addresses = try Posix.streamAddresses(host: host, port: port)
            } catch {
                throw .resolve(endpoint: endpoint.description, reason: error.reason)
            }
        }
        var lastError = MPDConnectionError.connect(endpoint: endpoint.description, .connectionRefused)
        for address in addresses {
            do {
                return try connect(address, endpoint: endpoint, signals: signals, timeout: timeout)
            } catch .stopped {
                throw .stopped
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// Connects to one address, waiting for a connection under way; closes the socket on failure.
    private static func connect(
        _ address: SocketAddress, endpoint: MPDEndpoint, signals: SignalSource, timeout: Duration
    ) throws(MPDConnectionError) -> Int32 {
        do {
            return try signals.connect(address, what: endpoint.description, timeout: timeout)
        } catch {
            switch error {
            case .stopped: throw .stopped
            case .timeout: throw .timeout(endpoint: endpoint.description, waitingFor: "connect")
            case .closed: throw .closed(endpoint: endpoint.description)
            case .system(let code): throw .connect(endpoint: endpoint.description, code)
            }
        }
    }
}
