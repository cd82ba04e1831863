/// A request as `WebApp` answers it: read whole, headers named in lower case, its body at most
/// `WebLimits.bodyBytes` (a longer one is `bodyTooLarge`, and its bytes are dropped as they come).
package struct WebRequest: Sendable {
    package var method: String
    /// The path, without the query.
    package var path: String
    /// The query's arguments, decoded (`name=a%20b` → `a b`).
    package var query: [String: String]
    /// The headers the answer depends on, by lower-case name: `host`, `origin`, `authorization`.
    package var headers: [String: String]
    package var body: [UInt8]
    package var bodyTooLarge: Bool

    package init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = [], bodyTooLarge: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }
}

/// An answer: a status, a body of its type, and more headers; or a stream that goes on (`stream`).
package struct WebResponse {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    package var headers: [(String, String)] = []
    /// An answer without end (the live view's events), read piece by piece on the connection's thread.
    package var stream: (any WebStream)?

    package init(status: Int, contentType: String = "text/plain", body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A text answer, as AWTRIX gives them (`OK`, `ErrorParsingJson`).
    package static func text(_ status: Int, _ text: String) -> WebResponse {
        WebResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// A JSON answer.
    package static func json(_ text: String, status: Int = 200) -> WebResponse {
        WebResponse(status: status, contentType: "application/json", body: Array(text.utf8))
    }
}

/// The body of an answer that goes on: each call blocks until there is something to send, and gives it.
package protocol WebStream: AnyObject, Sendable {
    /// The next bytes to send, waiting for them as long as need be; nil ends the answer.
    func next() -> [UInt8]?
}
