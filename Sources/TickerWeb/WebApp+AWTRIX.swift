import Glibc
import TickerCore
import TickerFollow
import TickerIO

extension WebApp {
    /// AWTRIX 3's endpoints (docs/WEB.md#awtrix-3s-api), answered as AWTRIX answers them; nil for a path that
    /// is none of them. A body AWTRIX would refuse is refused with AWTRIX's status and words, the cause in the
    /// header `X-Tickerd-Problem`, and nothing reaches the feed.
    func awtrix(_ request: WebRequest) -> WebResponse? {
        let post = request.method == "POST"
        switch request.path {
        case "/api/notify" where post:
            return carryOut { () throws(AWTRIXError) in try AWTRIXNotify.commands(request.body) }
        case "/api/notify/dismiss":
            return carryOut { () throws(AWTRIXError) in AWTRIXNotify.dismiss() }
        case "/api/custom" where post:
            return carryOut { () throws(AWTRIXError) in
                try AWTRIXCustom.commands(name: request.query["name"] ?? "", request.body)
            }
        case "/api/switch" where post:
            return carryOut { () throws(AWTRIXError) in
                let name = try AWTRIXApps.switchTarget(request.body)
                // The state file lists the pages; without it, the daemon is left to ignore an unknown one.
                if let pages = live.currentState["state"]?["pages"]?.arrayValue,
                    !pages.contains(.string(name))
                {
                    throw .failed("no app named '\(name)'")
                }
                return AWTRIXApps.switchCommands(to: name)
            }
        // AWTRIX takes the next app on any method, the previous one on POST only.
        case "/api/nextapp":
            return carryOut { () throws(AWTRIXError) in AWTRIXApps.turnCommands(forward: true) }
        case "/api/previousapp" where post:
            return carryOut { () throws(AWTRIXError) in AWTRIXApps.turnCommands(forward: false) }
        case "/api/settings" where post:
            return carryOut { () throws(AWTRIXError) in try AWTRIXSettings.commands(request.body) }
        case "/api/settings" where request.method == "GET":
            return Self.reply(
                .json(
                    AWTRIXSettings.answer(
                        brightnessPercent: brightnessPercent,
                        automatic: live.currentState["state"]?["brightnessAuto"]?.boolValue ?? true,
                        pageTimeSeconds: 8)))
        case "/api/stats" where request.method == "GET":
            return Self.reply(.json(stats.json))
        case "/api/screen" where request.method == "GET":
            guard let frame = live.newestFrame else { return .text(503, "no frame from the daemon yet") }
            var rgb: [UInt8] = []
            rgb.reserveCapacity(frame.width * frame.height * 3)
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let color = frame.rgb(x: x, y: y)
                    rgb += [UInt8(color >> 16), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
                }
            }
            do {
                return Self.reply(.json(try AWTRIXScreen.json(rgb: rgb, width: frame.width, height: frame.height)))
            } catch { return Self.reply(error.reply) }
        case "/api/notify", "/api/custom", "/api/switch", "/api/previousapp", "/api/settings", "/api/stats",
            "/api/screen":
            return Self.notAllowed(
                ["/api/settings", "/api/stats", "/api/screen"].contains(request.path) ? "GET" : "POST")
        default:
            return nil
        }
    }

    /// Translates a request into feed commands and writes them: AWTRIX's `OK`, or its refusal.
    private func carryOut(_ translate: () throws(AWTRIXError) -> [FeedCommand]) -> WebResponse {
        let commands: [FeedCommand]
        do { commands = try translate() } catch {
            var response = Self.reply(error.reply)
            response.headers.append(("X-Tickerd-Problem", Self.headerSafe(error.reason)))
            return response
        }
        let sent = feed.send(commands)
        guard sent.status == 200 else { return sent }
        received.add(1, ordering: .relaxed)
        return Self.reply(.ok)
    }

    private static func reply(_ reply: AWTRIXReply) -> WebResponse {
        WebResponse(status: reply.status, contentType: reply.contentType, body: Array(reply.body.utf8))
    }

    /// A sentence as a header's value: printable ASCII only, at most 300 characters.
    private static func headerSafe(_ text: String) -> String {
        String(
            text.unicodeScalars.prefix(300).map { $0.isASCII && $0.value >= 32 && $0.value < 127 ? Character($0) : "?" }
        )
    }

    /// The brightness in force, from the daemon's state file (100 when there is none).
    private var brightnessPercent: Int {
        live.currentState["state"]?["brightness"]?.numberValue.map { Int($0) } ?? 100
    }

    /// `GET /api/stats`: what tickerd knows, neutral values for the rest.
    private var stats: AWTRIXStats {
        var stats = AWTRIXStats()
        let state = live.currentState
        stats.brightnessPercent = brightnessPercent
        stats.uptimeSeconds = Int((Clock.now - facts.started) / .seconds(1))
        stats.messagesReceived = received.load(ordering: .relaxed)
        stats.version = facts.version
        stats.uid = facts.uid
        stats.matrix = state["status"]?["connected"]?.boolValue ?? false
        stats.app = state["state"]?["playing"]?.boolValue == true ? "Music" : "Time"
        stats.freeMemoryBytes = Self.availableMemory
        return stats
    }

    /// The memory available, in bytes (`MemAvailable` in /proc/meminfo).
    private static var availableMemory: Int {
        guard let bytes = try? Posix.readFile("/proc/meminfo", limit: 16_384) else { return 0 }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("MemAvailable:")
        {
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }
}
