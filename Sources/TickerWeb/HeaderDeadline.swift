import Glibc
import TickerIO

/// The time a client has to send a request's headers, from when it connects or its last answer ended: a
/// connection still without a whole request after `limit` is shut down (a slow sender holding connections open,
/// "slowloris"). libmicrohttpd's own timeout counts only silence, which a byte every few seconds resets.
final class HeaderDeadline: @unchecked Sendable {
    static let limit = Duration.seconds(10)

    private var mutex = pthread_mutex_t()
    // Guarded by `mutex`: each connection's socket and since when it has been waiting for headers (nil while a
    // request is being answered).
    private var waiting: [Int: (socket: Int32, since: Duration?)] = [:]

    init() { pthread_mutex_init(&mutex, nil) }

    private func locked(_ body: () -> Void) {
        pthread_mutex_lock(&mutex)
        body()
        pthread_mutex_unlock(&mutex)
    }

    /// A connection opened, or its answer ended: its headers are awaited from now.
    func awaitHeaders(_ connection: OpaquePointer, socket: Int32? = nil) {
        locked {
            let key = Int(bitPattern: UnsafeRawPointer(connection))
            guard let socket = socket ?? waiting[key]?.socket else { return }
            waiting[key] = (socket, Clock.now)
        }
    }

    /// A request's headers are in.
    func headersArrived(_ connection: OpaquePointer) {
        locked { waiting[Int(bitPattern: UnsafeRawPointer(connection))]?.since = nil }
    }

    func closed(_ connection: OpaquePointer) {
        locked { waiting[Int(bitPattern: UnsafeRawPointer(connection))] = nil }
    }

    /// Shuts down the connections past their time; libmicrohttpd then closes them. Returns how many.
    @discardableResult
    func enforce(at now: Duration) -> Int {
        var late: [Int32] = []
        locked {
            for (key, entry) in waiting {
                guard let since = entry.since, now - since > Self.limit else { continue }
                late.append(entry.socket)
                waiting[key]?.since = nil
            }
        }
        for socket in late { shutdown(socket, Int32(SHUT_RDWR)) }
        return late.count
    }
}
