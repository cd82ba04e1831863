import Foundation
import Glibc
import Testing
import TickerCore
import TickerFollow
import TickerTestSupport
import TickerWeb

/// AWTRIX 3's HTTP API and the page's own, with curl, against a running daemon streaming to a panel: good and
/// bad bodies, the guard, the limits.
@Suite(.serialized) struct WebAPITests {
    /// The frame the panel shows after the feed lines an AWTRIX body translates to.
    static func expected(_ web: WebStage, _ commands: [FeedCommand]) -> Frame {
        web.stage.look.frame(after: commands.flatMap(\.lines))
    }

    @Test func notificationsCustomAppsSettingsAndTheScreenAsAWTRIXAnswersThem() async throws {
        let web = try await WebStage()
        let api = web.url + "/api"
        let json = ["Content-Type: application/json"]

        // A notification reaches the panel as the message the translation makes of it: on this grey panel its
        // gradient, from green to blue, is a grey level by luminance, from full to the dimmest.
        let notify =
            ##"{"text":[{"t":"Hi ","c":"FF0000"},{"t":"there"}],"duration":30,"gradient":["#00FF00",[0,0,255]]}"##
        let answer = try http("POST", api + "/notify", body: Array(notify.utf8), headers: json)
        #expect(answer.status == 200 && answer.body == "OK")
        let message = try AWTRIXNotify.commands(Array(notify.utf8))
        #expect(message.flatMap(\.lines) == ["message --for 30 --priority high --gradient 00FF00,0000FF Hi there"])
        let gradient = Self.expected(web, message)
        #expect(gradient != Self.expected(web, [.message("Hi there", duration: .seconds(30), priority: .high)]))
        try await web.stage.expect(gradient, "the notification 'Hi there' in its gradient")

        // Dismissed: the panel is blank again (nothing else plays).
        #expect(try http("POST", api + "/notify/dismiss").body == "OK")
        try await web.stage.expect(web.stage.look.blank, "the panel blank once the notification is dismissed")

        // Bad bodies: AWTRIX's 500 and its words, the cause in a header, and nothing reaches the feed.
        for body in ["{", "[1,2]", #"{"text":5}"#, #"{"duration":"long"}"#] {
            let refused = try http("POST", api + "/notify", body: Array(body.utf8), headers: json)
            #expect(refused.status == 500 && refused.body == "ErrorParsingJson", "\(body): \(refused)")
            #expect(refused.headers.lowercased().contains("x-tickerd-problem:"), "\(refused.headers)")
        }
        let badPage = try http("POST", api + "/custom?name=a.b", body: Array(#"{"text":"x"}"#.utf8))
        #expect(badPage.status == 500 && badPage.body == "ErrorParsingJson")
        #expect(web.stage.daemon.lines(containing: "feed line").isEmpty, "no bad line reached the daemon")

        // A custom app is a page; the settings set the brightness, which the state file, the settings and the
        // stats then show; the screen is the newest frame, row by row, as 24-bit colours.
        #expect(try http("POST", api + "/custom?name=weather", body: Array(#"{"text":"Sunny"}"#.utf8)).body == "OK")
        #expect(try http("POST", api + "/settings", body: Array(#"{"BRI":128,"ATRANS":false}"#.utf8)).body == "OK")
        try await web.rig.wait("the state to say 50 %") {
            (try? http("GET", web.url + "/api/state").body.contains(#""brightness":50"#)) ?? false
        }
        let settings = try JSONValue.parse(Array(try http("GET", api + "/settings").body.utf8))
        #expect(settings["BRI"] == .number(128))
        #expect(settings["ABRI"] == .bool(false), "the feed set the brightness")
        // The state file lists the pages: a switch to one that is none fails, as AWTRIX's does.
        try await web.rig.wait("the state to list the page 'weather'") {
            (try? http("GET", web.url + "/api/state").body.contains(#""pages":["weather"]"#)) ?? false
        }
        #expect(try http("POST", api + "/switch", body: Array(#"{"name":"weather"}"#.utf8)).body == "OK")
        let unknown = try http("POST", api + "/switch", body: Array(#"{"name":"nosuch"}"#.utf8))
        #expect(unknown.status == 500 && unknown.body == "FAILED", "\(unknown)")
        for key in ["ABRI", "ATRANS", "TEFF", "TSPEED", "ATIME", "MATP"] { #expect(settings[key] != nil, "\(key)") }
        let stats = try JSONValue.parse(Array(try http("GET", api + "/stats").body.utf8))
        for key in [
            "bat", "bat_raw", "type", "lux", "ldr_raw", "ram", "bri", "temp", "hum", "uptime", "wifi_signal",
            "messages", "version", "indicator1", "indicator2", "indicator3", "app", "uid", "matrix",
        ] { #expect(stats[key] != nil, "stats has '\(key)'") }
        #expect(stats["bri"] == .number(128))
        #expect(stats["matrix"] == .bool(true))
        #expect(stats["messages"]?.numberValue ?? 0 >= 4)

        try await web.stage.send("title Hi", "pause")
        let still = web.stage.look.frame(after: ["title Hi", "pause"])
        try await web.stage.expect(still, "'Hi', still")
        // Row by row, each level (0–3) scaled to 0–255 in each of red, green and blue.
        let expectedScreen = (0..<8).flatMap { y in
            (0..<64).map { x in Int(still[x, y]) * 255 / 3 * 0x010101 }
        }
        var screen: [Int] = []
        try await web.rig.wait("/api/screen to show a picture") {
            let body = try http("GET", api + "/screen").body
            screen =
                (try JSONValue.parse(Array(body.utf8))).arrayValue?.compactMap { $0.numberValue.map(Int.init) } ?? []
            return screen == expectedScreen
        }
        #expect(screen.count == 64 * 8)
    }

    @Test func theGuardRefusesOtherHostsOriginsChangesWithoutTheTokenAndWhatIsTooLarge() async throws {
        let web = try await WebStage { rig in ["--token-file", try rig.file("token", "s3cret\n")] }
        let notify = web.url + "/api/notify"
        let body = Array(#"{"text":"Knock"}"#.utf8)
        let token = "Authorization: Bearer s3cret"
        #expect(try http("POST", notify, body: body).status == 401)
        #expect(try http("POST", notify, body: body, headers: ["Authorization: Bearer wrong"]).status == 401)
        #expect(try http("POST", notify, body: body, headers: [token]).status == 200)
        // Reading needs no token; a page on another site cannot reach the server by a name of its own, nor make a
        // browser change something.
        #expect(try http("GET", web.url + "/api/stats").status == 200)
        #expect(try http("GET", web.url + "/api/state", headers: ["Host: attacker.example"]).status == 421)
        #expect(
            try http("POST", notify, body: body, headers: [token, "Origin: http://attacker.example"]).status == 403)
        #expect(try http("POST", notify, body: body, headers: [token, "Origin: null"]).status == 403)
        #expect(try http("POST", notify, body: body, headers: [token, "Origin: \(web.url)"]).status == 200)
        // Too large: a body over 1 MiB, headers over 16 KiB.
        let large = try http("POST", notify, body: Array(repeating: 0x20, count: (1 << 20) + 1), headers: [token])
        #expect(large.status == 413)
        let longHeader = try http(
            "GET", web.url + "/api/state", headers: ["X-Filler: " + String(repeating: "a", count: 20_000)])
        #expect(longHeader.status >= 400, "\(longHeader.status)")
        #expect(try http("GET", web.url + "/api/state").status == 200, "and the server serves on")
    }

    @Test func aClientThatSendsItsHeadersSlowlyIsCutOff() async throws {
        let web = try await WebStage()
        let port = UInt16(web.url.split(separator: ":").last ?? "") ?? 0
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        // A header byte every second, so the connection is never idle for long: the deadline for the headers
        // (10 s) must cut it off, not the idle timeout. Each wait is for the server to close it.
        let deadline = Deadline(.seconds(40))
        var sent = 0
        let request = Array("GET /api/state HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".utf8)
        while true {
            guard deadline.remaining > .zero else { throw TestFailure("the server kept a slow client 40 s") }
            // The server's close, waited for a second at a time, between the bytes.
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 1000) > 0 {
                var byte: UInt8 = 0
                if recv(fd, &byte, 1, 0) <= 0 { break }
            }
            let byte = sent < request.count ? request[sent] : UInt8(ascii: "a")
            guard send(fd, [byte], 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
            sent += 1
        }
        #expect(sent >= 8, "the connection lived while its bytes came, \(sent) of them")
        #expect(try http("GET", web.url + "/api/state").status == 200, "and the server serves others")
    }
}
