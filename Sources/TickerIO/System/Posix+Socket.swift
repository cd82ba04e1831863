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
