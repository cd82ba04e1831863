import Testing
import TickerCore
import TickerIO

@testable import TickerWeb

@Suite struct WebAppTests {
    let app = WebApp(
        guardian: RequestGuard(names: [], hostName: "pi", token: nil), live: LiveView(),
        feed: WebFeed(path: "/nonexistent/tickerd-feed"),
        facts: WebFacts(version: "9.9.9", uid: "pi", started: .zero))

    func ask(_ method: String, _ path: String, body: String = "", query: [String: String] = [:]) -> WebResponse {
        app.answer(
            WebRequest(method: method, path: path, query: query, headers: ["host": "pi"], body: Array(body.utf8)))
    }

    static func text(_ response: WebResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func thePageAndItsFilesAreServedWithAPolicy() {
        for path in ["/", "/app.js", "/style.css"] {
            let response = ask("GET", path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers.contains { $0.0 == "Content-Security-Policy" })
        }
        #expect(Self.text(ask("GET", "/")).contains("<canvas id=\"panel\""))
        #expect(ask("POST", "/").status == 405)
        #expect(ask("GET", "/nothing").status == 404)
    }

    @Test func badFeedLinesAreRefusedInTheDaemonsWords() {
        let response = ask("POST", "/api/feed", body: "title ok\npage a.b text\n")
        #expect(response.status == 400)
        #expect(Self.text(response).contains("bad page name 'a.b'"), "\(Self.text(response))")
        #expect(ask("POST", "/api/feed", body: "").status == 400)
    }

    @Test func goodLinesWithNoDaemonSaySo() {
        let response = ask("POST", "/api/feed", body: "title Hello\n")
        #expect(response.status == 503)
        #expect(Self.text(response).contains("does not exist"))
    }

    @Test func aPictureIsCheckedBeforeItIsSent() {
        #expect(ask("POST", "/api/icon", body: "x").status == 400)
        let notAPicture = ask("POST", "/api/icon", body: "not a picture", query: ["name": "bell"])
        #expect(notAPicture.status == 400)
        #expect(Self.text(notAPicture).contains("neither a PNG nor a GIF"))
    }

    @Test func aBodyTooLargeIsRefused() {
        var request = WebRequest(method: "POST", path: "/api/feed", headers: ["host": "pi"])
        request.bodyTooLarge = true
        #expect(app.answer(request).status == 413)
    }

    @Test func theStreamIsAnEventStreamAndViewersAreBounded() {
        var streams: [WebResponse] = []
        for _ in 0..<LiveView.maxViewers { streams.append(ask("GET", "/api/stream")) }
        #expect(streams.allSatisfy { $0.status == 200 && $0.contentType == "text/event-stream" && $0.stream != nil })
        #expect(ask("GET", "/api/stream").status == 503)
        streams.removeAll()
        #expect(ask("GET", "/api/stream").status == 200)
    }
}
