import Glibc

/// Why a bounded operation on a stream socket did not complete.
package enum StreamFailure: Error, Equatable, Sendable {
    /// A system call failed.
    case system(Errno)
    /// The peer closed the connection (`EPIPE`, `ECONNRESET`).
    case closed
    /// The timeout passed first.
    case timeout
    /// SIGTERM or SIGINT arrived while waiting.
    case stopped
}

extension SignalSource {
    /// Connects a stream socket to `address`, waiting at most `timeout` for a connection under way, and
    /// returns its descriptor; the socket is closed when connecting fails.
    package func connect(_ address: SocketAddress, what: String, timeout: Duration) throws(StreamFailure) -> Int32 {
        let started: (fd: Int32, inProgress: Bool)
        do {
            started = try Posix.startConnecting(address, what: what)
        } catch {
            throw .system(error.code)
        }
        guard started.inProgress else { return started.fd }
        let failure: StreamFailure
        switch wait(for: Posix.writable, on: started.fd, timeout: timeout) {
        case .stopped: failure = .stopped
        case .timeout: failure = .timeout
        case .ready:
            guard let code = Posix.pendingSocketError(started.fd) else { return started.fd }
            failure = .system(code)
        }
        Posix.close(started.fd)
        throw failure
    }

    /// Sends all of `bytes` on the non-blocking socket `fd`, waiting at most `timeout` whenever it is full.
    package func sendAll(_ bytes: [UInt8], on fd: Int32, what: String, timeout: Duration) throws(StreamFailure) {
        var offset = 0
        while offset < bytes.count {
            switch Result(catching: { () throws(SystemError) in try Posix.send(fd, bytes, from: offset, what: what) }) {
            case .success(.done(let count)):
                offset += count
            case .success(.wouldBlock):
                switch wait(for: Posix.writable, on: fd, timeout: timeout) {
                case .stopped: throw .stopped
                case .timeout: throw .timeout
                case .ready: continue
                }
            case .failure(let error) where error.code == .brokenPipe || error.code == .connectionReset:
                throw .closed
            case .failure(let error):
                throw .system(error.code)
            }
        }
    }
}
