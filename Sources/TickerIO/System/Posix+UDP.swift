import Glibc

extension SocketAddress {
    /// The address as text: `1.2.3.4:port`, `[::1]:port`, or the socket path.
    package var text: String {
        bytes.withUnsafeBytes { raw -> String in
            guard let base = raw.baseAddress else { return "?" }
            var host = [CChar](repeating: 0, count: 1_025)
            var service = [CChar](repeating: 0, count: 32)
            let status = getnameinfo(
                base.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count), &host, socklen_t(host.count),
                &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
            guard status == 0 else { return "?" }
            let name = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let port = String(decoding: service.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return family == AF_INET6 ? "[\(name)]:\(port)" : "\(name):\(port)"
        }
    }
}

extension Posix {
    /// A non-blocking, close-on-exec UDP socket for `address`'s family, connected to it when `connecting`
    /// (then the kernel reports an ICMP "port unreachable" or "host unreachable" on a later send). Closes the
    /// socket when it throws.
    package static func datagramSocket(for address: SocketAddress, connecting: Bool, what: String) throws(SystemError)
        -> Int32
    {
        let fd = try datagramSocket(family: address.family, what: what)
        guard connecting else { return fd }
        try attach(fd, to: address, "connect", what: what, by: connect)
        return fd
    }

    /// A non-blocking, close-on-exec UDP socket bound to `address` (for a receiver). Closes the socket when it
    /// throws.
    package static func boundDatagramSocket(_ address: SocketAddress, what: String) throws(SystemError) -> Int32 {
        let fd = try datagramSocket(family: address.family, what: what)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        try attach(fd, to: address, "bind", what: what, by: bind)
        return fd
    }

    /// A non-blocking, close-on-exec UDP socket of `family`.
    private static func datagramSocket(family: Int32, what: String) throws(SystemError) -> Int32 {
        let flags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let fd = socket(family, Int32(SOCK_DGRAM.rawValue) | flags, 0)
        guard fd >= 0 else { throw SystemError("socket", what) }
        return fd
    }

    /// `call` (`connect(2)` or `bind(2)`, named `operation`) of `fd` to `address`; closes `fd` when it fails.
    private static func attach(
        _ fd: Int32, to address: SocketAddress, _ operation: String, what: String,
        by call: (Int32, UnsafePointer<sockaddr>?, socklen_t) -> Int32
    ) throws(SystemError) {
        let result = address.bytes.withUnsafeBytes { raw in
            call(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        guard result == 0 else {
            let code = Errno.current
            close(fd)
            throw SystemError(operation, what, code: code)
        }
    }

    /// `sendto(2)` of one datagram to `address` with `MSG_NOSIGNAL`.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, to address: SocketAddress, what: String)
        throws(SystemError) -> Transfer
    {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .done(0) }
        let result = address.bytes.withUnsafeBytes { raw in
            Result { () throws(SystemError) -> Transfer in
                try transfer("send", what) {
                    sendto(
                        fd, base, bytes.count, Int32(MSG_NOSIGNAL),
                        raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
                }
            }
        }
        return try result.get()
    }

    /// `recv(2)` of one datagram into `buffer`: its length (cut to the buffer), or `.wouldBlock`.
    package static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, what: String)
        throws(SystemError) -> Transfer
    {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .done(0) }
        return try transfer("recv", what) { recv(fd, base, buffer.count, 0) }
    }
}
