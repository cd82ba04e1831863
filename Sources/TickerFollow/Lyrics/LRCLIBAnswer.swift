import TickerCore

/// What LRCLIB knows about a track, as far as the panel cares.
package enum LRCLIBAnswer: Equatable, Sendable {
    /// Timed lyrics, as LRC.
    case synced(String)
    /// The track has no words: show nothing, and do not ask again.
    case instrumental
    /// Nothing usable: no record, or a record with plain lyrics only (the sweep needs times).
    case notFound

    /// The answer in the body of `/api/get` (one record, as a JSON object).
    package static func parseRecord(_ body: [UInt8]) throws(OnlineLyricsError) -> LRCLIBAnswer {
        let record = try json(body)
        guard case .object = record else { throw .malformed("expected a JSON object") }
        return answer(in: record)
    }

    /// The best answer in the body of `/api/search` (a JSON array of records): the first record with timed
    /// lyrics or marked instrumental, preferring one whose duration is within 2 s of `durationSeconds`.
    package static func parseSearch(_ body: [UInt8], durationSeconds: Double?) throws(OnlineLyricsError) -> LRCLIBAnswer
    {
        guard let records = try json(body).arrayValue else { throw .malformed("expected a JSON array") }
        var fallback = LRCLIBAnswer.notFound
        for record in records {
            let answer = answer(in: record)
            guard answer != .notFound else { continue }
            guard let durationSeconds, let duration = record["duration"]?.numberValue else { return answer }
            if abs(duration - durationSeconds) <= 2 { return answer }
            if fallback == .notFound { fallback = answer }
        }
        return fallback
    }

    private static func answer(in record: JSONValue) -> LRCLIBAnswer {
        if record["instrumental"]?.boolValue == true { return .instrumental }
        if let synced = record["syncedLyrics"]?.stringValue, !synced.isEmpty { return .synced(synced) }
        return .notFound
    }

    // The client has already bounded the body (`LRCLIBClient.maxBodyBytes`).
    private static func json(_ body: [UInt8]) throws(OnlineLyricsError) -> JSONValue {
        do {
            return try JSONValue.parse(body, limit: body.count)
        } catch {
            throw .malformed("not JSON")
        }
    }
}

/// Why an online lookup gave no answer this time. None of these is cached: the track is asked for again later.
package enum OnlineLyricsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server said something the client cannot read.
    case malformed(String)
    /// The body was larger than the client's limit.
    case tooLarge(limit: Int)
    /// The server answered with an HTTP error status (429 and 5xx back the client off).
    case status(Int)
    /// No answer in time.
    case timedOut(seconds: Double)
    /// The request failed below HTTP (name resolution, connection, TLS).
    case transport(String)
    /// The server was backed off after trouble; no request was made.
    case backingOff

    /// Whether the server should be left alone for a while.
    package var backsOff: Bool {
        switch self {
        case .status(let code): code == 429 || code >= 500
        case .timedOut, .transport: true
        default: false
        }
    }

    package var description: String {
        switch self {
        case .malformed(let what): "malformed answer (\(what))"
        case .tooLarge(let limit): "answer larger than \(limit) bytes"
        case .status(let code): "HTTP status \(code)"
        case .timedOut(let seconds): "no answer within \(seconds) s"
        case .transport(let message): message
        case .backingOff: "backing off after earlier trouble"
        }
    }
}
