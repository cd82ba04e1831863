import TickerCore

/// A viewer of the daemon's view socket (`ViewSocket`): connects to its path and reads its records, one
/// `ViewMessage` each. For the web front end, `tickerctl panel --protocol view` and the tests.
package final class ViewConnection {
    /// The socket's path.
    package let path: String
    /// The connected descriptor: poll it for input when the connection does not wait.
    package let fileDescriptor: Int32
    private let waits: Bool
    private var buffer = [UInt8](repeating: 0, count: ViewMessage.maxBytes)
    /// Whether `close` was called.
    package private(set) var isClosed = false

    /// Connects to the view socket at `path`; reads wait for a record when `waits`, else they return nil when
    /// none is there.
    package init(path: String, waits: Bool = true) throws(SystemError) {
        self.path = path
        self.waits = waits
        fileDescriptor = try Posix.connectSequencedPackets(to: path, nonBlocking: !waits)
    }

    deinit { close() }

    /// The next record's bytes: nil when none is there yet (a connection that does not wait); throws
    /// `ViewConnectionError.closed` once the daemon closed the connection.
    package func nextRecord() throws(ViewConnectionError) -> [UInt8]? {
        let transfer: Posix.Transfer
        do {
            transfer = try Posix.receiveRecord(fileDescriptor, into: &buffer, waiting: waits, what: path)
        } catch {
            throw .system(error)
        }
        switch transfer {
        case .wouldBlock: return nil
        case .done(0): throw .closed
        case .done(let count):
            guard count <= buffer.count else { throw .message(.tooLong(bytes: count, limit: buffer.count)) }
            return Array(buffer[0..<count])
        }
    }

    /// The next record, decoded (see `nextRecord`).
    package func next() throws(ViewConnectionError) -> ViewMessage? {
        guard let record = try nextRecord() else { return nil }
        do {
            return try ViewMessage(decoding: record)
        } catch {
            throw .message(error)
        }
    }

    /// Closes the connection.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        Posix.close(fileDescriptor)
    }
}

/// Why a view connection stopped reading.
package enum ViewConnectionError: Error, CustomStringConvertible {
    /// The daemon closed the connection (it stopped, or found this viewer gone).
    case closed
    /// Reading failed.
    case system(SystemError)
    /// A record could not be read.
    case message(ViewMessageError)

    package var description: String {
        switch self {
        case .closed: "the daemon closed the view socket"
        case .system(let error): "\(error)"
        case .message(let error): "\(error)"
        }
    }
}
