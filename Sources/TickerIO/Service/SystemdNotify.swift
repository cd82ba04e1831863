import Glibc

/// The systemd notification protocol: datagrams such as `READY=1` sent to the unix socket named by
/// `$NOTIFY_SOCKET` (a path, or an abstract name written with a leading `@`). Without that variable every
/// call does nothing, so the daemon runs the same under systemd and by hand.
public final class SystemdNotify {
    private let socket: Int32
    private var address = sockaddr_un()
    private let addressLength: socklen_t
    /// Microseconds between the watchdog pings systemd expects (`$WATCHDOG_USEC`), or nil when it expects none.
    public let watchdogMicroseconds: Int64?

    /// Reads `$NOTIFY_SOCKET` and `$WATCHDOG_USEC` (honouring `$WATCHDOG_PID`).
    public init() {
        let path = Posix.environment("NOTIFY_SOCKET") ?? ""
        var watchdog: Int64? = nil
        if let text = Posix.environment("WATCHDOG_USEC"), let micros = Int64(text), micros > 0 {
            let pid = Posix.environment("WATCHDOG_PID").flatMap { Int32($0) }
            if pid == nil || pid == Posix.processID { watchdog = micros }
        }
        watchdogMicroseconds = watchdog
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path),
            bytes.first == UInt8(ascii: "/") || bytes.first == UInt8(ascii: "@")
        else {
            socket = -1
            addressLength = 0
            return
        }
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    deinit { Posix.close(socket) }

    /// Whether a notify socket is configured.
    public var isActive: Bool { socket >= 0 }

    /// Sends one notification (e.g. `READY=1\nSTATUS=…`). Failures are ignored: systemd may not be listening.
    public func send(_ state: String) {
        guard socket >= 0 else { return }
        var bytes = Array(state.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                bytes.withUnsafeMutableBytes { raw in
                    sendto(socket, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL), target, addressLength)
                }
            }
        }
    }
}
