import Foundation
import TickerCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asks an LRCLIB server (lrclib.net, or a self-hosted one) for a track's lyrics: `GET /api/get` with the
/// artist, title, album and duration, then `GET /api/search` when that finds nothing. HTTP goes through
/// FoundationNetworking's `URLSession` (libcurl underneath), which verifies TLS certificates. Blocking: call
/// it from a worker thread, never from a follower's loop.
package struct LRCLIBClient: Sendable {
    /// The server's base URL, e.g. `https://lrclib.net`.
    package var server: String
    /// How long a request may wait for the connection or for the next bytes, in seconds.
    package var idleTimeoutSeconds: Double
    /// How long one request may take in all, in seconds.
    package var totalTimeoutSeconds: Double
    /// The largest body read; a larger one is abandoned.
    package var maxBodyBytes: Int

    /// Sent with every request, as LRCLIB asks of its clients.
    package static let userAgent = "tickerd/\(TickerVersion.current) (LED-matrix ticker; lyrics follower)"

    /// A client of `server`.
    package init(
        server: String, idleTimeoutSeconds: Double = 5, totalTimeoutSeconds: Double = 10, maxBodyBytes: Int = 1 << 20
    ) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.totalTimeoutSeconds = totalTimeoutSeconds
        self.maxBodyBytes = maxBodyBytes
    }

    /// The lyrics LRCLIB has for `track`.
    package func lookUp(_ track: Track) throws(OnlineLyricsError) -> LRCLIBAnswer {
        var query = [("artist_name", track.artist), ("track_name", track.title), ("album_name", track.album)]
        if let duration = track.durationSeconds, duration.isFinite, duration > 0 {
            query.append(("duration", String(Int(duration.rounded()))))
        }
        let (status, body) = try get("/api/get", query: query)
        if status == 200 {
            let answer = try LRCLIBAnswer.parseRecord(body)
            if answer != .notFound { return answer }
        } else if status != 404 {
            throw .status(status)
        }
        let (searchStatus, searchBody) = try get("/api/search", query: Array(query.prefix(3)))
        guard searchStatus == 200 else {
            if searchStatus == 404 { return .notFound }
            throw .status(searchStatus)
        }
        return try LRCLIBAnswer.parseSearch(searchBody, durationSeconds: track.durationSeconds)
    }

    /// `GET server+path?query`: the status and the body (at most `maxBodyBytes`).
    func get(_ path: String, query: [(String, String)]) throws(OnlineLyricsError) -> (Int, [UInt8]) {
        guard var components = URLComponents(string: server + path),
            components.scheme == "https" || components.scheme == "http"
        else { throw .transport("invalid server URL '\(server)' (expected http:// or https://)") }
        components.queryItems = query.filter { !$0.1.isEmpty }.map { URLQueryItem(name: $0.0, value: $0.1) }
        guard let url = components.url else { throw .transport("invalid server URL '\(server)'") }
        var request = URLRequest(url: url)
        request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeoutSeconds
        configuration.timeoutIntervalForResource = totalTimeoutSeconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let transfer = Transfer(limit: maxBodyBytes)
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: request).resume()
        // The session's own timeouts end the task; this bound only guards against a task that never reports.
        guard transfer.done.wait(timeout: .now() + totalTimeoutSeconds + 5) == .success else {
            throw .timedOut(seconds: totalTimeoutSeconds)
        }
        return try transfer.result(timeoutSeconds: totalTimeoutSeconds)
    }
}

/// One request's delegate: collects the body up to a limit and signals when the task ends.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let limit: Int
    private let lock = NSLock()
    private var body: [UInt8] = []
    private var status = 0
    private var overflow = false
    private var failure: URLError?

    init(limit: Int) { self.limit = limit }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { status = (response as? HTTPURLResponse)?.statusCode ?? 0 }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel = lock.withLock {
            guard !overflow else { return false }
            if body.count + data.count > limit {
                overflow = true
                return true
            }
            body.append(contentsOf: data)
            return false
        }
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock { failure = error.map { ($0 as? URLError) ?? URLError(.unknown) } }
        done.signal()
    }

    func result(timeoutSeconds: Double) throws(OnlineLyricsError) -> (Int, [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        if overflow { throw OnlineLyricsError.tooLarge(limit: limit) }
        if let failure {
            if failure.code == .timedOut { throw OnlineLyricsError.timedOut(seconds: timeoutSeconds) }
            throw OnlineLyricsError.transport(failure.localizedDescription)
        }
        return (status, body)
    }
}
