import Glibc

/// Ports for servers that tests start, and sockets bound to one.
public enum FreePort {
    /// A TCP port on 127.0.0.1 that nobody listens on now (bound to port 0, read back, closed).
    public static func tcp() throws -> UInt16 {
        let (fd, port) = try bound(Int32(SOCK_STREAM.rawValue))
        close(fd)
        return port
    }

    /// A UDP socket bound to a free port on 127.0.0.1, for a test to receive on, and that port. The caller
    /// closes it.
    public static func udpReceiver() throws -> (fd: Int32, port: UInt16) {
        try bound(Int32(SOCK_DGRAM.rawValue))
    }

    /// A socket of `type` bound to port 0 on 127.0.0.1, and the port it got.
    private static func bound(_ type: Int32) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, type, 0)
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw TestFailure("bind: errno \(errno)")
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}
