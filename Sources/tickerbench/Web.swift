import Foundation
import Glibc
import TickerCore
import TickerIO

// `tickerbench web`: the web front end's cost and latency (docs/FIGURES.md#the-web-front-end). The daemon plays
// its demo track at 60 fps to a 32×8 RGB matrix over DDP (a receiver here), with its view socket on; `tickerctl
// web` serves it; viewers are streams read here (each counting the frames it gets) and, for the latency, a
// headless Chromium whose page notes, for each frame it draws, the time since the daemon sent it.

/// A stream of the live view read here, as a browser's `EventSource` would: it counts the frames it got.
final class StreamViewer {
    let socket: Int32
    private(set) var frames = 0
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    private var tail: [UInt8] = []

    init?(port: UInt16) {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let request = Array("GET /api/stream HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        guard connected == 0, write(socket, request, request.count) == request.count else { return nil }
        _ = fcntl(socket, F_SETFL, O_NONBLOCK)
    }

    deinit { close(socket) }

    /// Reads what came, counting the frames (`event: frame` lines; a chunk boundary may split one).
    func service() {
        while true {
            let count = read(socket, &buffer, buffer.count)
            guard count > 0 else { return }
            let text = tail + buffer[0..<count]
            let marker = Array("event: frame".utf8)
            var index = 0
            while index + marker.count <= text.count {
                if text[index] == marker[0], Array(text[index..<index + marker.count]) == marker { frames += 1 }
                index += 1
            }
            tail = Array(text.suffix(marker.count - 1))
        }
    }
}

/// The benchmark's processes: the daemon, the web front end, a DDP receiver, and the viewers.
final class WebRun {
    let directory = benchDirectory("tickerbench-web-\(getpid())")
    let daemon: Process
    var web: Process?
    let receiver: DDPReceiver
    var viewers: [StreamViewer] = []
    let port: UInt16

    /// Starts the daemon (with its view socket when `view`), and the web front end when `view`.
    init?(_ products: BuiltProducts, tickerctl: String, view: Bool) {
        guard let receiver = DDPReceiver() else { return nil }
        self.receiver = receiver
        port = UInt16(18_000 + getpid() % 1000)
        let viewPath = directory.appendingPathComponent("view").path
        let statePath = directory.appendingPathComponent("state.json").path
        daemon = products.tickerdProcess(
            [
                "--demo", "--device", "ddp://127.0.0.1:\(receiver.port)", "--size", "32x8", "--depth", "rgb",
                "--set", "leds.max-milliamps=0", "--fps", "60", "--no-terminal", "--log-level", "warning",
                "--set", "feed.state=\(statePath)",
            ] + (view ? ["--set", "feed.view=\(viewPath)"] : []))
        guard products.start(daemon, for: "web") else { return nil }
        if view {
            let web = Process()
            web.executableURL = URL(fileURLWithPath: tickerctl)
            web.arguments = [
                "web", "--listen", "127.0.0.1", "--port", "\(port)", "--view", viewPath, "--state", statePath,
                "--feed", directory.appendingPathComponent("feed").path,
            ]
            web.standardError = FileHandle.nullDevice
            do { try web.run() } catch {
                print("tickerbench web: cannot start \(tickerctl): \(error)")
                return nil
            }
            self.web = web
            // Up once the state says the daemon is reached.
            let deadline = Clock.now + .seconds(10)
            while Clock.now < deadline, !((try? answer("/api/state"))??.contains("\"daemon\":true") ?? false) {
                pump(for: .milliseconds(50))
            }
        } else {
            pump(for: .seconds(1))
        }
    }

    func answer(_ path: String) throws -> String? {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { return nil }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Services the receiver and the viewers for `duration`.
    func pump(for duration: Duration) {
        let deadline = Clock.now + duration
        while Clock.now < deadline {
            var entries = ([receiver.socket] + viewers.map(\.socket)).map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            _ = poll(&entries, nfds_t(entries.count), 20)
            receiver.service {}
            for viewer in viewers { viewer.service() }
        }
    }

    func stop() {
        viewers.removeAll()
        for process in [web, daemon].compactMap({ $0 }) where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Debian's headless Chromium through chromedriver (WebDriver, spoken with curl), showing the page.
final class BenchBrowser {
    let driver: Process
    let session: String

    init?(url: String) {
        let port = 19_000 + Int(getpid() % 1000)
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        guard (try? driver.run()) != nil else { return nil }
        let endpoint = "http://127.0.0.1:\(port)"
        var made: String?
        let deadline = Clock.now + .seconds(20)
        while made == nil, Clock.now < deadline {
            let value = Self.call(
                "POST", endpoint + "/session",
                #"{"capabilities":{"alwaysMatch":{"goog:chromeOptions":{"binary":"/usr/bin/chromium","args":["#
                    + #""--headless=new","--no-sandbox","--disable-gpu","--window-size=390,844"]}}}}"#)
            made = (value as? [String: Any])?["sessionId"] as? String
            if made == nil { usleep(200_000) }
        }
        guard let made else { return nil }
        session = endpoint + "/session/" + made
        _ = Self.call("POST", session + "/url", #"{"url":"\#(url)"}"#)
    }

    /// Runs a script in the page and returns its value.
    func run(_ script: String) -> Any? {
        guard let body = try? JSONSerialization.data(withJSONObject: ["script": script, "args": []]) else { return nil }
        return Self.call("POST", session + "/execute/sync", String(decoding: body, as: UTF8.self))
    }

    func stop() {
        _ = Self.call("DELETE", session, nil)
        driver.terminate()
        driver.waitUntilExit()
    }

    static func call(_ method: String, _ url: String, _ body: String?) -> Any? {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "--max-time", "30", "-X", method] + (body.map { ["--data-binary", $0] } ?? []) + [url]
        let output = Pipe()
        curl.standardOutput = output
        guard (try? curl.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["value"]
    }
}

func webFigures(_ arguments: [String]) -> Int32 {
    var seconds = 10
    var pairs = 3
    var products = BuiltProducts()
    var index = 0
    while index + 1 < arguments.count {
        switch arguments[index] {
        case "--seconds": seconds = Int(arguments[index + 1]) ?? seconds
        case "--pairs": pairs = Int(arguments[index + 1]) ?? pairs
        case "--tickerd": products.tickerd = arguments[index + 1]
        default:
            print("tickerbench web: unknown option '\(arguments[index])' (expected --seconds, --pairs, --tickerd)")
            return 2
        }
        index += 2
    }
    let tickerctl = URL(fileURLWithPath: products.tickerd).deletingLastPathComponent().appendingPathComponent(
        "tickerctl"
    )
    .path
    guard products.areBuilt(for: "web"), FileManager.default.isExecutableFile(atPath: tickerctl) else {
        print("tickerbench web: needs \(tickerctl) too (swift build -c release)")
        return 1
    }
    let duration = Duration.seconds(seconds)
    print("the demo track at 60 fps on a 32×8 RGB matrix over DDP, \(seconds) s per measurement")
    guard let run = WebRun(products, tickerctl: tickerctl, view: true), let web = run.web else { return 1 }
    defer { run.stop() }
    print("viewers  web CPU %  web resident MB  frames sent  frames to each stream (least)")
    for count in [0, 1, 16] {
        // The sixteenth viewer is the browser, whose page measures the latency.
        let streams = count == 16 ? 15 : count
        while run.viewers.count < streams {
            guard let viewer = StreamViewer(port: run.port) else { return 1 }
            run.viewers.append(viewer)
        }
        let browser = count == 16 ? BenchBrowser(url: "http://localhost:\(run.port)/") : nil
        if count == 16, browser == nil { print("tickerbench web: no browser (chromium and chromedriver)") }
        run.pump(for: .seconds(2))
        let before = run.viewers.map(\.frames)
        let sentBefore = run.receiver.frames
        _ = browser?.run("window.tickerdLatencies.length = 0")
        let (figures, _) = counting(web.processIdentifier) { run.pump(for: duration) }
        let sent = run.receiver.frames - sentBefore
        let least = zip(run.viewers.map(\.frames), before).map { $0 - $1 }.min()
        print(
            String(
                format: "%7d  %9.2f  %15.1f  %11d  ", count, figures.cpuPercent,
                Double(residentKilobytes(web.processIdentifier).0) / 1024, sent) + (least.map { "\($0)" } ?? "-"))
        if let browser {
            let latencies = ((browser.run("return window.tickerdLatencies") as? [Double]) ?? []).sorted()
            print(
                String(
                    format:
                        "wire → canvas in the browser, %d frames drawn: median %.1f ms, p99 %.1f ms (a frame: 16.7 ms)",
                    latencies.count, percentile(latencies, 0.5), percentile(latencies, 0.99)))
            browser.stop()
        }
    }
    run.stop()
    print("the daemon's CPU %, in alternating pairs: the view socket on with the web front end and one viewer, off")
    var ratios: [Double] = []
    for pair in 1...pairs {
        var cpu: [Double] = []
        for view in [true, false] {
            guard let one = WebRun(products, tickerctl: tickerctl, view: view) else { return 1 }
            if view, let viewer = StreamViewer(port: one.port) { one.viewers.append(viewer) }
            one.pump(for: .seconds(2))
            cpu.append(counting(one.daemon.processIdentifier) { one.pump(for: duration) }.figures.cpuPercent)
            one.stop()
        }
        ratios.append(cpu[0] / cpu[1])
        print(String(format: "pair %d: on %.2f %%, off %.2f %%, on/off %.3f", pair, cpu[0], cpu[1], cpu[0] / cpu[1]))
    }
    print(String(format: "median on/off: %.3f", percentile(ratios.sorted(), 0.5)))
    return 0
}
