import Foundation
import TickerCore

/// Asks an LRCLIB server (lrclib.net, or a self-hosted one) for a track's lyrics: `GET /api/get` with the
/// artist, title, album and duration, then `GET /api/search` when that finds nothing, through `HTTPClient`.
/// Blocking: call it from a worker thread, never from a follower's loop.
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
        let client = HTTPClient(
            userAgent: Self.userAgent, idleTimeoutSeconds: idleTimeoutSeconds,
            totalTimeoutSeconds: totalTimeoutSeconds, maxBodyBytes: maxBodyBytes)
        do {
            return try client.get(url)
        } catch {
            switch error {
            case .tooLarge(let limit): throw .tooLarge(limit: limit)
            case .timedOut(let seconds): throw .timedOut(seconds: seconds)
            case .transport(let message): throw .transport(message)
            }
        }
    }
}
