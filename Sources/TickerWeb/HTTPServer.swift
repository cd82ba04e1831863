import CMicroHTTPD
import Glibc
import TickerIO

/// The bounds of the server (docs/WEB.md#limits).
package enum WebLimits {
    /// Connections at once, from every address together: a proxy or Home Assistant may carry many clients
    /// from one address, so there is no limit per address.
    package static let connections: UInt32 = 256
    /// Memory per connection for its request line and headers: the largest header block.
    package static let headerBytes = 16_384
    /// The largest request body: a picture file (`PictureFile.maxFileBytes`) and no more.
    package static let bodyBytes = 1 << 20
    /// Seconds a connection may stay idle (a slow sender of headers included) before it is closed.
    package static let idleSeconds: UInt32 = 10
    /// Bytes of stack of each connection's thread.
    package static let threadStack = 256 * 1024
}

/// An HTTP server on libmicrohttpd, one thread per connection: a request's headers and body are read by the
/// library, and `handle` answers it whole; a stream answer (`WebResponse.stream`) is read on the connection's
/// own thread, so a slow client holds up only itself.
package final class HTTPServer: @unchecked Sendable {
    private let handle: @Sendable (WebRequest) -> WebResponse
    fileprivate let deadline = HeaderDeadline()
    private let reaper: PeriodicTimer
    // Set once in `init`, read by `stop`.
    private var daemon: OpaquePointer?

    /// Starts listening on `listenDescriptor` (a socket systemd handed over) or else on `address`, port
    /// `port`; throws what `MHD_start_daemon` failed with.
    package init(
        address: String, port: UInt16, listenDescriptor: Int32? = nil,
        handle: @escaping @Sendable (WebRequest) -> WebResponse
    ) throws(SystemError) {
        self.handle = handle
        reaper = try PeriodicTimer()
        try reaper.arm(intervalNanoseconds: 1_000_000_000)
        var storage = sockaddr_storage()
        let length = try Self.socketAddress(address, port: port, into: &storage)
        let limits = cmhd_limits(
            connections: WebLimits.connections, connection_memory: WebLimits.headerBytes,
            idle_seconds: WebLimits.idleSeconds, thread_stack: WebLimits.threadStack)
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                cmhd_start(
                    listenDescriptor ?? -1, pointer, length, 1, limits, accessHandler, context, requestCompleted,
                    connectionChanged)
            }
        }
        guard daemon != nil else {
            throw SystemError("listen", "\(address) port \(port)", code: Errno(rawValue: errno == 0 ? EINVAL : errno))
        }
    }

    /// The descriptor to poll: readable once a second, when `enforceDeadlines` should run.
    package var deadlineDescriptor: Int32 { reaper.fileDescriptor }

    /// Shuts down the connections that did not send a request's headers in time (`HeaderDeadline`).
    package func enforceDeadlines() {
        _ = reaper.expirations()
        deadline.enforce(at: Clock.now)
    }

    deinit { stop() }

    /// Stops listening and ends every connection (a stream ends when its `next` returns nil).
    package func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    /// The port bound (useful after asking for port 0).
    package var port: UInt16 {
        daemon.map(cmhd_port) ?? 0
    }

    private static func socketAddress(
        _ address: String, port: UInt16, into storage: inout sockaddr_storage
    ) throws(SystemError) -> socklen_t {
        let six = address.contains(":")
        let parsed = withUnsafeMutablePointer(to: &storage) { pointer in
            if six {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_family = sa_family_t(AF_INET6)
                    $0.pointee.sin6_port = port.bigEndian
                    return inet_pton(AF_INET6, address, &$0.pointee.sin6_addr) == 1
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                $0.pointee.sin_family = sa_family_t(AF_INET)
                $0.pointee.sin_port = port.bigEndian
                return inet_pton(AF_INET, address, &$0.pointee.sin_addr) == 1
            }
        }
        guard parsed else { throw SystemError("listen on", "'\(address)' (not an IP address)", code: .invalidArgument) }
        return socklen_t(six ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    }

    /// One call of libmicrohttpd's access handler: the first makes the request's record, the next take its
    /// body, the last (no more body) answers.
    fileprivate func access(
        _ connection: OpaquePointer, path: String, method: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, record: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let existing = record.pointee else {
            deadline.headersArrived(connection)
            record.pointee = Unmanaged.passRetained(PendingRequest()).toOpaque()
            return cmhd_yes()
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if let upload, pending.body.count + uploadSize.pointee <= WebLimits.bodyBytes {
                upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                    pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                }
            } else {
                pending.tooLarge = true
            }
            uploadSize.pointee = 0
            return cmhd_yes()
        }
        let request = WebRequest(
            method: method, path: path, query: Self.arguments(connection), headers: Self.headers(connection),
            body: pending.tooLarge ? [] : pending.body, bodyTooLarge: pending.tooLarge)
        return Self.queue(handle(request), on: connection)
    }

    private static func arguments(_ connection: OpaquePointer) -> [String: String] {
        let found = Found()
        _ = MHD_get_connection_values(
            connection, cmhd_argument_kind(),
            { context, _, key, value in
                guard let context, let key else { return cmhd_yes() }
                let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                if found.values.count < 32 {
                    found.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
                }
                return cmhd_yes()
            }, Unmanaged.passUnretained(found).toOpaque())
        return found.values
    }

    private static func headers(_ connection: OpaquePointer) -> [String: String] {
        var headers: [String: String] = [:]
        for name in ["host", "origin", "authorization", "content-type"] {
            if let value = MHD_lookup_connection_value(connection, cmhd_header_kind(), name) {
                headers[name] = String(cString: value)
            }
        }
        return headers
    }

    private static func queue(_ response: WebResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        if let stream = response.stream {
            made = MHD_create_response_from_callback(
                UInt64.max, 16_384, streamReader, Unmanaged.passRetained(StreamState(stream)).toOpaque(),
                { $0.map { Unmanaged<StreamState>.fromOpaque($0).release() } })
        } else {
            made = response.body.withUnsafeBytes {
                MHD_create_response_from_buffer(
                    $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), cmhd_must_copy())
            }
        }
        guard let made else { return cmhd_no() }
        defer { MHD_destroy_response(made) }
        MHD_add_response_header(made, "Content-Type", response.contentType)
        MHD_add_response_header(made, "Cache-Control", "no-store")
        MHD_add_response_header(made, "X-Content-Type-Options", "nosniff")
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}

/// A request's body as it arrives.
private final class PendingRequest {
    var body: [UInt8] = []
    var tooLarge = false
}

/// What a query's arguments were gathered into.
private final class Found {
    var values: [String: String] = [:]
}

/// A stream answer and the bytes of it not yet taken.
private final class StreamState {
    let stream: any WebStream
    var pending: [UInt8] = []
    var offset = 0

    init(_ stream: any WebStream) { self.stream = stream }
}

private let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, upload, uploadSize, record in
    guard let context, let connection, let url, let method, let uploadSize, let record else { return cmhd_no() }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.access(
        connection, path: String(cString: url), method: String(cString: method), upload: upload,
        uploadSize: uploadSize, record: record)
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, connection, record, _ in
    if let context, let connection {
        Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().deadline.awaitHeaders(connection)
    }
    guard let record, let pending = record.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pending).release()
    record.pointee = nil
}

private let connectionChanged: MHD_NotifyConnectionCallback = { context, connection, _, code in
    guard let context, let connection else { return }
    let deadline = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().deadline
    if cmhd_started(code) != 0 {
        deadline.awaitHeaders(connection, socket: cmhd_socket(connection))
    } else {
        deadline.closed(connection)
    }
}

private let streamReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
    let state = Unmanaged<StreamState>.fromOpaque(context).takeUnretainedValue()
    if state.offset == state.pending.count {
        guard let next = state.stream.next() else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
        state.pending = next
        state.offset = 0
    }
    let count = min(capacity, state.pending.count - state.offset)
    state.pending.withUnsafeBytes { raw in
        UnsafeMutableRawBufferPointer(start: buffer, count: count).copyMemory(
            from: UnsafeRawBufferPointer(rebasing: raw[state.offset..<state.offset + count]))
    }
    state.offset += count
    return count
}
