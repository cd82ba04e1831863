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
package typealias MPDConnectionError = ServerError<MPDProtocolError>

extension MPDProtocolError: ServerProtocolError {
    /// How messages name the server.
    package static var serverPhrase: String { "MPD at" }
}

/// One client connection to MPD: connect, read the greeting, send commands, read replies. Every wait
/// is bounded by `timeout` and interrupted by SIGTERM or SIGINT from `signals`. Owns its socket.
final class MPDConnection {
    private let stream: ServerStream<MPDProtocolError>
    private(set) var version = ""
    private var parser = MPDResponseParser()

    private init(stream: ServerStream<MPDProtocolError>) {
        self.stream = stream
    }

    deinit {
        Posix.close(fd)
    }

    /// The socket, to poll.
    var fd: Int32 { stream.fd }

    /// Connects, reads the greeting and sends `password` when one is given.
    static func open(
        _ endpoint: MPDEndpoint,
        password: String?,
        signals: SignalSource,
        timeout: Duration = .seconds(3)
    ) throws(MPDConnectionError) -> MPDConnection {
        let stream = try ServerStream<MPDProtocolError>.connect(
            to: try addresses(of: endpoint), server: endpoint.description, signals: signals, timeout: timeout)
        let connection = MPDConnection(stream: stream)
        guard case .greeting(let version) = try connection.reply(waitingFor: "greeting") else {
            throw .protocolError(server: stream.server, .badGreeting(line: ""))
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
        case .ack(let ack): throw .refused(server: stream.server, command: ack.command, message: ack.message)
        case .greeting: throw .protocolError(server: stream.server, .malformedLine(line: "OK MPD"))
        }
    }

    /// Sends `command`, which may answer with binary data of up to `limit` bytes (`readpicture`, `albumart`),
    /// and returns its reply and the data (nil when it had none).
    func binaryCommand(_ command: String, limit: Int) throws(MPDConnectionError) -> (reply: MPDReply, binary: [UInt8]?)
    {
        parser.binaryLimit = limit
        defer { parser.binaryLimit = 0 }
        try send(command)
        let answer = try reply(waitingFor: command)
        return (answer, parser.binary)
    }

    /// Writes one command line.
    func send(_ command: String) throws(MPDConnectionError) {
        try stream.send(command)
    }

    /// The next complete reply, waiting up to `timeout` (nil: the connection's).
    func reply(waitingFor what: String, timeout: Duration? = nil) throws(MPDConnectionError) -> MPDReply {
        while true {
            do {
                if let reply = try parser.next() { return reply }
            } catch {
                throw .protocolError(server: stream.server, error)
            }
            switch stream.signals.wait(for: Posix.readable, on: fd, timeout: timeout ?? stream.timeout) {
            case .stopped: throw .stopped
            case .timeout: throw .timeout(server: stream.server, waitingFor: what)
            case .ready: try stream.receive { parser.append($0) }
            }
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

    /// The addresses to try for `endpoint`: the socket path, or what the host name resolves to.
    private static func addresses(of endpoint: MPDEndpoint) throws(MPDConnectionError) -> [SocketAddress] {
        switch endpoint {
        case .unix(let path):
            do {
                return [try SocketAddress.unix(path: path)]
            } catch {
                throw .connect(server: path, error.code)
            }
        case .tcp(let host, let port):
            do {
                return try Posix.streamAddresses(host: host, port: port)
            } catch {
                throw .resolve(server: endpoint.description, reason: error.reason)
            }
        }
    }
}
