import Glibc
import TickerTestSupport

/// A UDP socket bound to an address, keeping every datagram it receives and when: the ears of a network LED
/// receiver, for tests of what reached it and how often. The rig polls it while a test waits.
final class DatagramCatcher {
    /// One datagram and when it came.
    struct Datagram {
        let at: ContinuousClock.Instant
        let bytes: [UInt8]
    }

    /// Where it listens.
    let host: String
    let port: UInt16
    /// What came, oldest first.
    private(set) var datagrams: [Datagram] = []
    private(set) var descriptor: Int32 = -1

    /// Binds to `host` (an IPv4 address) and `port`.
    init(host: String, port: UInt16) throws {
        self.host = host
        self.port = port
        descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard descriptor >= 0, bound else {
            throw TestFailure("bind udp \(host):\(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close() }

    /// Reads what has come.
    func service() {
        var buffer = [UInt8](repeating: 0, count: 2_048)
        while descriptor >= 0 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            datagrams.append(Datagram(at: .now, bytes: Array(buffer.prefix(count))))
        }
    }

    /// Stops listening: the port is closed, and a sender gets "port unreachable".
    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// A free UDP port on 127.0.0.1 now.
    static func freePort() throws -> UInt16 {
        let probe = try DatagramCatcher(host: "127.0.0.1", port: 0)
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe.descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}
