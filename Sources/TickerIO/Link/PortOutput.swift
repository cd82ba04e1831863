/// The bytes a link has queued for its serial port, how much of them is written, and a bound on what the
/// line may still hold: the one output path of the panel link and the LED strip link.
struct PortOutput {
    /// How a write of what is queued went.
    enum Flush: Equatable {
        /// Everything queued is written.
        case done
        /// Some is still waiting for room on the line.
        case pending
        /// The port failed; the reason is for the log.
        case failed(String)
    }

    private var bytes: [UInt8] = []
    private var sent = 0
    /// At most what the line still holds: what it held when last asked plus what was written since.
    private var queuedAtMost = 0

    /// An empty queue with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Whether some of what is queued is not written yet.
    var isPending: Bool { sent < bytes.count }

    /// Whether nothing was queued since the last `clear()`.
    var isEmpty: Bool { bytes.isEmpty }

    /// Forgets what is queued, written or not.
    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        sent = 0
    }

    /// Forgets what is queued and what the line held: a port that was just opened.
    mutating func reset() {
        clear()
        queuedAtMost = 0
    }

    /// Queues `more` after what is still pending (what is written already is dropped first).
    mutating func append(contentsOf more: some Collection<UInt8>) {
        if !isPending { clear() }
        bytes.append(contentsOf: more)
    }

    /// Whether the line holds more than `limit` bytes. The port is asked (an ioctl) only when what it may hold
    /// could be too much.
    mutating func lineHolds(moreThan limit: Int, on port: SerialPort) -> Bool {
        guard queuedAtMost > limit else { return false }
        queuedAtMost = port.outputWaiting
        return queuedAtMost > limit
    }

    /// Writes what is pending to `port` (without a port it is dropped), counting the bytes in `statistics`.
    mutating func flush(to port: SerialPort?, counting statistics: inout LinkStatistics) -> Flush {
        guard isPending else { return .done }
        guard let port else {
            clear()
            return .done
        }
        let result = bytes.withUnsafeBytes { raw in
            port.write(UnsafeRawBufferPointer(rebasing: raw[sent...]))
        }
        switch result {
        case .wrote(let count):
            sent += count
            statistics.bytesSent += count
            queuedAtMost += count
        case .failed(let error):
            return .failed(error.message)
        }
        return isPending ? .pending : .done
    }
}
