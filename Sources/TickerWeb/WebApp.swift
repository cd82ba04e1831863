import Synchronization
import TickerCore
import TickerIO
import TickerPictures

/// What `tickerctl web` answers (docs/WEB.md): the page and its files, the live view's stream and state, the
/// page's controls (feed lines and pictures), and AWTRIX 3's API (`WebApp+AWTRIX`). Every request passes the
/// guard first.
package final class WebApp: Sendable {
    let guardian: RequestGuard
    let live: LiveView
    let feed: WebFeed
    /// Facts for AWTRIX's answers.
    let facts: WebFacts
    /// The AWTRIX commands taken, for `/api/stats`' `messages`.
    let received = Atomic<Int>(0)

    package init(guardian: RequestGuard, live: LiveView, feed: WebFeed, facts: WebFacts) {
        self.guardian = guardian
        self.live = live
        self.feed = feed
        self.facts = facts
    }

    package func answer(_ request: WebRequest) -> WebResponse {
        if let refusal = guardian.refusal(request) { return refusal }
        if request.bodyTooLarge {
            return .text(413, "Payload Too Large: a body of at most \(WebLimits.bodyBytes) bytes")
        }
        if let file = WebPage.files[request.path] {
            guard request.method == "GET" || request.method == "HEAD" else { return Self.notAllowed("GET") }
            var response = WebResponse(status: 200, contentType: file.type, body: file.body)
            response.headers = [
                ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
                ("Referrer-Policy", "no-referrer"),
            ]
            return response
        }
        switch (request.method, request.path) {
        case ("GET", "/api/stream"):
            guard live.admitViewer() else {
                return .text(503, "Service Unavailable: \(LiveView.maxViewers) viewers already watch")
            }
            var response = WebResponse(status: 200, contentType: "text/event-stream", body: [])
            response.stream = LiveStream(live)
            return response
        case ("GET", "/api/state"):
            return .json(live.currentState.encoded)
        case ("POST", "/api/feed"):
            return feed.sendLines(request.body)
        case ("POST", "/api/icon"):
            return icon(request)
        default:
            return awtrix(request) ?? .text(404, "FileNotFound")
        }
    }

    static func notAllowed(_ allowed: String) -> WebResponse {
        var response = WebResponse.text(405, "Method Not Allowed (\(allowed))")
        response.headers = [("Allow", allowed)]
        return response
    }

    /// `POST /api/icon?name=NAME`: a PNG or GIF file (at most 64 × 64 pixels; the size is read from its header
    /// before any pixel is decoded), decoded here and sent to the feed as the picture NAME.
    private func icon(_ request: WebRequest) -> WebResponse {
        guard let name = request.query["name"] else { return .text(400, "no picture name (?name=NAME)") }
        do {
            return feed.send([.picture(try PictureFile.picture(named: name, file: request.body))])
        } catch {
            return .text(400, error.description)
        }
    }
}

/// What the AWTRIX answers say about this server and its panel.
package struct WebFacts: Sendable {
    /// tickerd's version.
    package var version: String
    /// The name `/api/stats` gives as `uid`: the host's.
    package var uid: String
    /// When the server started (`Clock.now`), for `uptime`.
    package var started: Duration

    package init(version: String, uid: String, started: Duration) {
        self.version = version
        self.uid = uid
        self.started = started
    }
}
