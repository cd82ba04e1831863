/// What the web server answers an AWTRIX 3 request with: AWTRIX's own status codes and bodies, so that clients
/// written for an AWTRIX clock read them unchanged (docs/WEB.md#awtrix-3s-api).
package struct AWTRIXReply: Equatable, Sendable {
    /// The HTTP status.
    package var status: Int
    /// The media type: `text/plain` for AWTRIX's words, `application/json` for its JSON answers.
    package var contentType: String
    /// The body.
    package var body: String

    /// A reply of `status` with `body` in `contentType`.
    package init(status: Int, contentType: String = "text/plain", body: String) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// 200 `OK`: what AWTRIX answers every command it took.
    package static let ok = AWTRIXReply(status: 200, body: "OK")

    /// 200 with a JSON answer (`/api/stats`, `/api/settings`, `/api/screen`).
    package static func json(_ text: String) -> AWTRIXReply {
        AWTRIXReply(status: 200, contentType: "application/json", body: text)
    }
}

/// An AWTRIX request refused: the reply AWTRIX gives (500 `ErrorParsingJson` for a bad body, 500 `FAILED` for
/// an app it cannot switch to), and a sentence naming what was wrong, for the log. Nothing reached the feed.
package struct AWTRIXError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What to answer.
    package var reply: AWTRIXReply
    /// The cause, naming the key or the value.
    package var reason: String

    /// The cause.
    package var description: String { reason }

    /// A body AWTRIX could not use: 500 `ErrorParsingJson`.
    package static func parsing(_ reason: String) -> AWTRIXError {
        AWTRIXError(reply: AWTRIXReply(status: 500, body: "ErrorParsingJson"), reason: reason)
    }

    /// A command that could not be carried out: 500 `FAILED`.
    package static func failed(_ reason: String) -> AWTRIXError {
        AWTRIXError(reply: AWTRIXReply(status: 500, body: "FAILED"), reason: reason)
    }
}
