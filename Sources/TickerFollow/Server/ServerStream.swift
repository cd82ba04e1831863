import TickerIO

/// A connected stream socket to a server that talks in lines (MPD, the Lyrion Media Server's CLI): sends
/// whole lines and reads what arrives, every wait bounded by `timeout` and interrupted by SIGTERM or SIGINT
/// from `signals`; failures are `ServerError`s naming `server`. The connection that holds it closes `fd`.
struct ServerStream<ProtocolError: ServerProtocolError> {
    /// The server as messages name it: `host:port` or the socket path.
    let server: String
    /// The socket.
    let fd: Int32
    /// What interrupts the waits.
    let signals: SignalSource
    /// The longest wait for a connection, for room to send, or for an answer.
    let timeout: Duration

    /// Connects to the first of `addresses` (those of `server`) that takes the connection; a stop ends the
    /// tries at once, and otherwise the last failure is thrown.
    static func connect(to addresses: [SocketAddress], server: String, signals: SignalSource, timeout: Duration)
        throws(ServerError<ProtocolError>) -> ServerStream
    {
        var lastError = ServerError<ProtocolError>.connect(server: server, .connectionRefused)
        for address in addresses {
            do {
                let fd = try signals.connect(address, what: server, timeout: timeout)
                return ServerStream(server: server, fd: fd, signals: signals, timeout: timeout)
            } catch .system(let code) {
                lastError = .connect(server: server, code)
            } catch .stopped {
                throw .stopped
            } catch {
                lastError = ServerError(error, server: server, operation: "connect", waitingFor: "connect")
            }
        }
        throw lastError
    }

    /// Writes `line` and a line feed.
    func send(_ line: String) throws(ServerError<ProtocolError>) {
        do {
            try signals.sendAll(Array((line + "\n").utf8), on: fd, what: server, timeout: timeout)
        } catch {
            throw ServerError(error, server: server, operation: "send", waitingFor: line)
        }
    }

    /// Reads what the socket holds and hands it to `append`; throws when the server closed the connection.
    func receive(_ append: (ArraySlice<UInt8>) -> Void) throws(ServerError<ProtocolError>) {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let result = chunk.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) -> Posix.Transfer in
                try Posix.read(fd, into: raw, what: server)
            }
        }
        switch result {
        case .success(.done(0)): throw .closed(server: server)
        case .success(.done(let count)): append(chunk[0..<count])
        case .success(.wouldBlock): return
        case .failure(let error) where error.code == .connectionReset: throw .closed(server: server)
        case .failure(let error): throw .io(server: server, operation: "recv", error.code)
        }
    }
}
