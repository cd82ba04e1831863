import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plain `GET` requests through FoundationNetworking's `URLSession` (libcurl underneath, which verifies TLS
/// certificates), bounded in time and in size: the one HTTP client of the followers and of tickerctl. Blocking:
/// call it from a worker thread or a command, never from a follower's loop.
package struct HTTPClient: Sendable {
    /// Sent as `User-Agent` with every request.
    package var userAgent: String
    /// How long a request may wait for the connection or for the next bytes, in seconds. FoundationNetworking
    /// hands libcurl whole seconds of both timeouts: 1.5 waits 1 s, and less than 1 does not wait at all.
    package var idleTimeoutSeconds: Double
    /// How long one request may take in all, in seconds.
    package var totalTimeoutSeconds: Double
    /// The largest body read; a larger one is abandoned.
    package var maxBodyBytes: Int
    /// Sent as `Accept`: what the answer should be.
    package var accept: String

    /// A client with these limits, asking for `accept` (JSON by default).
    package init(
        userAgent: String, idleTimeoutSeconds: Double, totalTimeoutSeconds: Double, maxBodyBytes: Int,
        accept: String = "application/json"
    ) {
        self.userAgent = userAgent
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.totalTimeoutSeconds = totalTimeoutSeconds
        self.maxBodyBytes = maxBodyBytes
        self.accept = accept
    }

    /// `GET url` asking for `accept`: the status and the body (at most `maxBodyBytes`), whatever the status.
    package func get(_ url: URL) throws(HTTPError) -> (status: Int, body: [UInt8]) {
        var request = URLRequest(url: url)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(accept, forHTTPHeaderField: "Accept")
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

/// Why a request got no answer.
package enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The body was larger than the client's limit.
    case tooLarge(limit: Int)
    /// No answer in time.
    case timedOut(seconds: Double)
    /// The request failed below HTTP (name resolution, connection, TLS).
    case transport(String)

    package var description: String {
        switch self {
        case .tooLarge(let limit): "answer larger than \(limit) bytes"
        case .timedOut(let seconds): "no answer within \(seconds) s"
        case .transport(let message): message
        }
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

    func result(timeoutSeconds: Double) throws(HTTPError) -> (status: Int, body: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        if overflow { throw HTTPError.tooLarge(limit: limit) }
        if let failure {
            if failure.code == .timedOut { throw HTTPError.timedOut(seconds: timeoutSeconds) }
            throw HTTPError.transport(failure.localizedDescription)
        }
        return (status, body)
    }
}
