/// The systemd notification protocol: datagrams such as `READY=1` sent to the unix socket named by
/// `$NOTIFY_SOCKET` (a path, or an abstract name written with a leading `@`). Without that variable every
/// call does nothing, so the daemon runs the same under systemd and by hand.
package final class SystemdNotify {
    private let socket: Int32
    private let path: String
    /// Microseconds between the watchdog pings systemd expects (`$WATCHDOG_USEC`), or nil when it expects none.
    package let watchdogMicroseconds: Int64?

    /// Reads `$NOTIFY_SOCKET` and `$WATCHDOG_USEC` (honouring `$WATCHDOG_PID`).
    package init() {
        let path = Posix.environment("NOTIFY_SOCKET") ?? ""
        var watchdog: Int64? = nil
        if let text = Posix.environment("WATCHDOG_USEC"), let micros = Int64(text), micros > 0 {
            let pid = Posix.environment("WATCHDOG_PID").flatMap { Int32($0) }
            if pid == nil || pid == Posix.processID { watchdog = micros }
        }
        watchdogMicroseconds = watchdog
        self.path = path
        socket = path.hasPrefix("/") || path.hasPrefix("@") ? Posix.unixDatagramSocket() : -1
    }

    deinit { Posix.close(socket) }

    /// Whether a notify socket is configured.
    package var isActive: Bool { socket >= 0 }

    /// Sends one notification (e.g. `READY=1\nSTATUS=…`). Failures are ignored: systemd may not be listening.
    package func send(_ state: String) {
        guard socket >= 0 else { return }
        Posix.sendDatagram(Array(state.utf8), on: socket, to: path)
    }
}
