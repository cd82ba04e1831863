import Glibc

/// A stream socket address: a unix socket path, or one of the addresses `getaddrinfo` gave for a host.
package struct SocketAddress: Sendable, Equatable {
    let family: Int32
    let type: Int32
    let proto: Int32
    let bytes: [UInt8]

    /// The address of the unix stream socket at `path`; throws `ENAMETOOLONG` for a path that does not fit.
    package static func unix(path: String) throws(SystemError) -> SocketAddress {
        var address = sockaddr_un()
        let name = Array(path.utf8)
        guard !name.isEmpty, name.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemError("connect", path, code: .nameTooLong)
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in name.enumerated() { raw[index] = byte }
        }
        let bytes = withUnsafeBytes(of: &address) { Array($0) }
        return SocketAddress(family: AF_UNIX, type: Int32(SOCK_STREAM.rawValue), proto: 0, bytes: bytes)
    }
}

/// Why a host name did not resolve: `getaddrinfo`'s own message (`gai_strerror`).
package struct ResolveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host as given.
    package let host: String
    /// The resolver's message, e.g. "Name or service not known".
    package let reason: String

    /// `resolve 'host': reason`.
    package var description: String { "resolve '\(host)': \(reason)" }
}

extension Posix {
    /// `pipe(2)` with both ends close-on-exec (`pipe2` is not imported into Swift on this toolchain).
    package static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { throw SystemError("pipe") }
        for fd in fds { setCloseOnExec(fd) }
        return (fds[0], fds[1])
    }

    /// The TCP stream addresses of `host` and `port` (`getaddrinfo`), in the resolver's order.
    package static func streamAddresses(host: String, port: UInt16) throws(ResolveError) -> [SocketAddress] {
        try addresses(host: host, port: port, type: Int32(SOCK_STREAM.rawValue))
    }

    /// The UDP addresses of `host` and `port` (`getaddrinfo`), in the resolver's order.
    package static func datagramAddresses(host: String, port: UInt16) throws(ResolveError) -> [SocketAddress] {
        try addresses(host: host, port: port, type: Int32(SOCK_DGRAM.rawValue))
    }

    /// The addresses of `host` and `port` for sockets of `type` (`getaddrinfo`), in the resolver's order.
    private static func addresses(host: String, port: UInt16, type: Int32) throws(ResolveError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = type
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ResolveError(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            let info = current.pointee
            entry = info.ai_next
            guard let address = info.ai_addr else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
            addresses.append(
                SocketAddress(family: info.ai_family, type: info.ai_socktype, proto: info.ai_protocol, bytes: bytes))
        }
        return addresses
    }

    /// Opens a non-blocking, close-on-exec socket for `address` and starts connecting it (`socket`,
    /// `connect`): the descriptor, and whether the connection is still under way (then poll for `POLLOUT` and
    /// ask `pendingSocketError`). Closes the socket when it throws.
    package static func startConnecting(_ address: SocketAddress, what: String) throws(SystemError)
        -> (fd: Int32, inProgress: Bool)
    {
        let flags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let fd = socket(address.family, address.type | flags, address.proto)
        guard fd >= 0 else { throw SystemError("socket", what) }
        let result = address.bytes.withUnsafeBytes { raw in
            connect(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if result == 0 { return (fd, false) }
        let code = Errno.current
        if code == .inProgress || code == .wouldBlock { return (fd, true) }
        close(fd)
        throw SystemError("connect", what, code: code)
    }

    /// The outcome of a non-blocking `connect` once the socket polled writable (`getsockopt(SO_ERROR)`): nil
    /// when it connected.
    package static func pendingSocketError(_ fd: Int32) -> Errno? {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return .current }
        return code == 0 ? nil : Errno(rawValue: code)
    }

    /// `send(2)` with `MSG_NOSIGNAL` (a closed peer is `EPIPE`, never SIGPIPE); a short count is possible.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, what: String) throws(SystemError) -> Transfer
    {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .done(0) }
        return try transfer("send", what) { Glibc.send(fd, base, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// `send(2)` of `bytes` from `offset` on, as `send(_:_:what:)` does.
    package static func send(_ fd: Int32, _ bytes: [UInt8], from offset: Int, what: String) throws(SystemError)
        -> Transfer
    {
        try transfer(bytes, from: offset) { (rest) throws(SystemError) in try send(fd, rest, what: what) }
    }
}

extension Posix {
    /// A non-blocking, close-on-exec unix `SOCK_SEQPACKET` socket bound to `path` and listening for up to
    /// `backlog` connections (`socket`, `bind`, `listen`). The path must not exist. Closes the socket when it
    /// throws.
    package static func listenSequencedPackets(at path: String, backlog: Int32) throws(SystemError) -> Int32 {
        let address = try SocketAddress.unix(path: path)
        let fd = socket(
            AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket", path) }
        let bound = address.bytes.withUnsafeBytes { raw in
            bind(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        guard bound == 0 else {
            let error = SystemError("bind", path)
            close(fd)
            throw error
        }
        guard listen(fd, backlog) == 0 else {
            let error = SystemError("listen", path)
            close(fd)
            throw error
        }
        return fd
    }

    /// Accepts a connection on the listening socket `fd`, non-blocking and close-on-exec (`accept`): nil when
    /// none is waiting.
    package static func accept(_ fd: Int32, what: String) throws(SystemError) -> Int32? {
        while true {
            let connection = Glibc.accept(fd, nil, nil)
            if connection >= 0 {
                setCloseOnExec(connection)
                do {
                    try setNonBlocking(connection, what: what)
                } catch {
                    close(connection)
                    throw error
                }
                return connection
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: throw SystemError("accept", what)
            }
        }
    }

    /// A close-on-exec unix `SOCK_SEQPACKET` socket connected to `path` (`socket`, `connect`), blocking unless
    /// `nonBlocking`. Closes the socket when it throws.
    package static func connectSequencedPackets(to path: String, nonBlocking: Bool) throws(SystemError) -> Int32 {
        let address = try SocketAddress.unix(path: path)
        let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        let fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | flags, 0)
        guard fd >= 0 else { throw SystemError("socket", path) }
        while true {
            let result = address.bytes.withUnsafeBytes { raw in
                connect(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
            }
            if result == 0 { return fd }
            if errno == EINTR { continue }
            let error = SystemError("connect", path)
            close(fd)
            throw error
        }
    }

    /// `send(2)` of one whole record with `MSG_DONTWAIT | MSG_NOSIGNAL`: it never waits, a full buffer is
    /// `wouldBlock`, a closed peer is `EPIPE` (never SIGPIPE).
    package static func sendRecord(_ fd: Int32, _ bytes: [UInt8], what: String) throws(SystemError) -> Transfer {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SystemError) -> Transfer in
                try transfer("send", what) {
                    Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                }
            }
        }
        return try result.get()
    }

    /// `recv(2)` of one record into `buffer` with `MSG_TRUNC`: the record's whole length (more than the buffer
    /// holds when it was cut), 0 at the end of the stream, or `wouldBlock`.
    package static func receiveRecord(_ fd: Int32, into buffer: inout [UInt8], waiting: Bool, what: String)
        throws(SystemError) -> Transfer
    {
        let flags = Int32(MSG_TRUNC) | (waiting ? 0 : Int32(MSG_DONTWAIT))
        let result = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) -> Transfer in
                try transfer("recv", what) { Glibc.recv(fd, raw.baseAddress, raw.count, flags) }
            }
        }
        return try result.get()
    }

    /// `chmod(2)` of `path`, and `chown(2)` of it to group `gid` when one is given.
    package static func setPermissions(_ path: String, mode: mode_t, gid: gid_t?) throws(SystemError) {
        if Glibc.chmod(path, mode) != 0 { throw SystemError("chmod", path) }
        if let gid, Glibc.chown(path, uid_t.max, gid) != 0 { throw SystemError("chown", path) }
    }
}
