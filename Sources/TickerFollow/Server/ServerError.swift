import TickerIO

/// A server's own protocol error (MPD's, the Lyrion Media Server CLI's), and how messages name that server.
package protocol ServerProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The words before the server's address in a message: "MPD at", "the media server at".
    static var serverPhrase: String { get }
}

/// Why talking to a server over a stream socket failed; each message names the server and the cause.
package enum ServerError<ProtocolError: ServerProtocolError>: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name did not resolve.
    case resolve(server: String, reason: String)
    /// `connect(2)` (or `socket(2)`) failed.
    case connect(server: String, Errno)
    /// The server did not answer in time.
    case timeout(server: String, waitingFor: String)
    /// The server closed the connection.
    case closed(server: String)
    /// The server sent something that is not its protocol.
    case protocolError(server: String, ProtocolError)
    /// The server refused a command.
    case refused(server: String, command: String, message: String)
    /// Reading or writing the socket failed.
    case io(server: String, operation: String, Errno)
    /// A stop was requested while waiting.
    case stopped

    /// What `failure` of a bounded `operation` ("send") on `server` means: a timeout while `waitingFor` an
    /// answer, or a failed system call.
    init(_ failure: StreamFailure, server: String, operation: String, waitingFor: String) {
        switch failure {
        case .stopped: self = .stopped
        case .timeout: self = .timeout(server: server, waitingFor: waitingFor)
        case .closed: self = .closed(server: server)
        case .system(let code): self = .io(server: server, operation: operation, code)
        }
    }

    /// A sentence naming the server and the cause.
    package var description: String {
        let at = ProtocolError.serverPhrase
        switch self {
        case .resolve(let server, let reason): return "resolve '\(server)': \(reason)"
        case .connect(let server, let code): return "connect '\(server)': \(code)"
        case .timeout(let server, let what): return "\(at) '\(server)' did not answer '\(what)' in time"
        case .closed(let server): return "\(at) '\(server)' closed the connection"
        case .protocolError(let server, let error): return "\(at) '\(server)': \(error)"
        case .refused(let server, let command, let message): return "\(at) '\(server)' refused '\(command)': \(message)"
        case .io(let server, let operation, let code): return "\(operation) '\(server)': \(code)"
        case .stopped: return "stopped"
        }
    }
}
