import Glibc

/// Where MPD listens.
public enum MPDEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// A TCP host name or address and port.
    case tcp(host: String, port: UInt16)
    /// A unix-domain socket path.
    case unix(path: String)

    /// `host:port` or the socket path.
    public var description: String {
        switch self {
        case .tcp(let host, let port): return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unix(let path): return path
        }
    }
}

/// Why talking to MPD failed; each message names the endpoint and the cause.
public enum MPDConnectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name did not resolve.
    case resolve(endpoint: String, reason: String)
    /// `connect(2)` (or `socket(2)`) failed.
    case connect(endpoint: String, errno: Int32)
    /// MPD did not answer in time.
    case timeout(endpoint: String, waitingFor: String)
    /// MPD closed the connection.
    case closed(endpoint: String)
    /// MPD sent something that is not its protocol.
    case protocolError(endpoint: String, MPDProtocolError)
    /// MPD refused a command.
    case refused(endpoint: String, command: String, message: String)
    /// Reading or writing the socket failed.
    case io(endpoint: String, operation: String, errno: Int32)
    /// A stop was requested while waiting.
    case stopped

    /// A sentence naming the endpoint and the cause.
    public var description: String {
        switch self {
        case .resolve(let endpoint, let reason): return "resolve '\(endpoint)': \(reason)"
        case .connect(let endpoint, let code): return "connect '\(endpoint)': \(String(cString: strerror(code)))"
        case .timeout(let endpoint, let what): return "MPD at '\(endpoint)' did not answer '\(what)' in time"
        case .closed(let endpoint): return "MPD at '\(endpoint)' closed the connection"
        case .protocolError(let endpoint, let error): return "MPD at '\(endpoint)': \(error)"
        case .refused(let endpoint, let command, let message):
            return "MPD at '\(endpoint)' refused '\(command)': \(message)"
        case .io(let endpoint, let operation, let code):
            return "\(operation) '\(endpoint)': \(String(cString: strerror(code)))"
        case .stopped: return "stopped"
        }
    }
}

/// One client connection to MPD: connect, read the greeting, send commands, read replies. Every wait
/// is bounded by `timeoutMillis` and interrupted by the stop signal. Owns its socket.
final class MPDConnection {
    let endpoint: MPDEndpoint
    let fd: Int32
    private(set) var version = ""
    private var parser = MPDResponseParser()
    private let stop: StopSignal
    private let timeoutMillis: Int32

    private init(endpoint: MPDEndpoint, fd: Int32, stop: StopSignal, timeoutMillis: Int32) {
        self.endpoint = endpoint
        self.fd = fd
        self.stop = stop
        self.timeoutMillis = timeoutMillis
    }

    deinit {
        close(fd)
    }

    /// Connects, reads the greeting and sends `password` when one is given.
    static func open(
        _ endpoint: MPDEndpoint,
        password: String?,
        stop: StopSignal,
        timeoutMillis: Int32 = 3000
    ) throws(MPDConnectionError) -> MPDConnection {
        let fd = try connectSocket(endpoint, stop: stop, timeoutMillis: timeoutMillis)
        let connection = MPDConnection(endpoint: endpoint, fd: fd, stop: stop, timeoutMillis: timeoutMillis)
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
        let bytes = Array((command + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.send(fd, buffer.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
                continue
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN {
                switch stop.wait(for: Int16(POLLOUT), on: fd, timeoutMillis: timeoutMillis) {
                case .stopped: throw .stopped
                case .timeout: throw .timeout(endpoint: endpoint.description, waitingFor: command)
                case .ready: continue
                }
            }
            if code == EPIPE || code == ECONNRESET { throw .closed(endpoint: endpoint.description) }
            throw .io(endpoint: endpoint.description, operation: "send", errno: code)
        }
    }

    /// The next complete reply, waiting up to the timeout (negative `timeoutMillis`: the connection's).
    func reply(waitingFor what: String, timeoutMillis: Int32 = -1) throws(MPDConnectionError) -> MPDReply {
        let limit = timeoutMillis < 0 ? self.timeoutMillis : timeoutMillis
        while true {
            do {
                if let reply = try parser.next() { return reply }
            } catch {
                throw .protocolError(endpoint: endpoint.description, error)
            }
            switch stop.wait(for: Int16(POLLIN), on: fd, timeoutMillis: limit) {
            case .stopped: throw .stopped
            case .timeout: throw .timeout(endpoint: endpoint.description, waitingFor: what)
            case .ready: try receive()
            }
        }
    }

    /// Reads what is available into the parser.
    private func receive() throws(MPDConnectionError) {
        var chunk = [UInt8](repeating: 0, count: 8192)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            parser.append(chunk[0..<count])
            return
        }
        if count == 0 { throw .closed(endpoint: endpoint.description) }
        let code = errno
        if code == EINTR || code == EAGAIN { return }
        if code == ECONNRESET { throw .closed(endpoint: endpoint.description) }
        throw .io(endpoint: endpoint.description, operation: "recv", errno: code)
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

    private static func connectSocket(
        _ endpoint: MPDEndpoint,
        stop: StopSignal,
        timeoutMillis: Int32
    ) throws(MPDConnectionError) -> Int32 {
        switch endpoint {
        case .unix(let path):
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            guard !bytes.isEmpty, bytes.count < capacity else {
                throw .connect(endpoint: path, errno: ENAMETOOLONG)
            }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in bytes.enumerated() { raw[index] = byte }
            }
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { throw .connect(endpoint: path, errno: errno) }
            let length = socklen_t(MemoryLayout<sockaddr_un>.size)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
            }
            return try finishConnect(fd, result: result, endpoint: endpoint, stop: stop, timeoutMillis: timeoutMillis)
        case .tcp(let host, let port):
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &list)
            guard status == 0, let first = list else {
                throw .resolve(endpoint: endpoint.description, reason: String(cString: gai_strerror(status)))
            }
            defer { freeaddrinfo(list) }
            var lastError = MPDConnectionError.connect(endpoint: endpoint.description, errno: ECONNREFUSED)
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                entry = current.pointee.ai_next
                let info = current.pointee
                let fd = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), info.ai_protocol)
                guard fd >= 0 else { continue }
                let result = connect(fd, info.ai_addr, info.ai_addrlen)
                do {
                    return try finishConnect(fd, result: result, endpoint: endpoint, stop: stop, timeoutMillis: timeoutMillis)
                } catch .stopped {
                    throw .stopped
                } catch {
                    lastError = error
                }
            }
            throw lastError
        }
    }

    /// Completes a non-blocking `connect`, closing `fd` on failure.
    private static func finishConnect(
        _ fd: Int32,
        result: Int32,
        endpoint: MPDEndpoint,
        stop: StopSignal,
        timeoutMillis: Int32
    ) throws(MPDConnectionError) -> Int32 {
        if result == 0 { return fd }
        var code = errno
        if code == EINPROGRESS || code == EAGAIN {
            switch stop.wait(for: Int16(POLLOUT), on: fd, timeoutMillis: timeoutMillis) {
            case .stopped:
                close(fd)
                throw .stopped
            case .timeout:
                close(fd)
                throw .timeout(endpoint: endpoint.description, waitingFor: "connect")
            case .ready:
                var socketError: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length)
                if socketError == 0 { return fd }
                code = socketError
            }
        }
        close(fd)
        throw .connect(endpoint: endpoint.description, errno: code)
    }
}
