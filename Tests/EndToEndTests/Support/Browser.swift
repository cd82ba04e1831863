import Foundation
import Glibc
import TickerTestSupport

/// One HTTP exchange made with curl: the status and the body.
struct HTTPAnswer {
    let status: Int
    let body: String
    /// The response's header lines, as received.
    var headers: String = ""
}

/// Makes an HTTP request with curl (`headers` as `Name: value`), as a client of the web front end would.
func http(
    _ method: String, _ url: String, body: [UInt8]? = nil, headers: [String] = [], timeout: Int = 10
) throws -> HTTPAnswer {
    let headerFile = NSTemporaryDirectory() + "tickerd-headers-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: headerFile) }
    var arguments = [
        "-s", "-S", "-o", "-", "-D", headerFile, "-w", "\n%{http_code}", "--max-time", String(timeout), "-X", method,
    ]
    for header in headers { arguments += ["-H", header] }
    var bodyFile: String?
    if let body {
        let path = NSTemporaryDirectory() + "tickerd-body-\(UUID().uuidString)"
        try Data(body).write(to: URL(fileURLWithPath: path))
        bodyFile = path
        arguments += ["--data-binary", "@" + path]
    }
    defer { if let bodyFile { try? FileManager.default.removeItem(atPath: bodyFile) } }
    let output = try Child.run("curl", arguments + [url], timeout: .seconds(timeout + 5))
    guard let newline = output.lastIndex(of: "\n"), let status = Int(output[output.index(after: newline)...]) else {
        throw TestFailure("curl \(method) \(url): no status in '\(output.suffix(200))'")
    }
    let headers = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
    return HTTPAnswer(status: status, body: String(output[..<newline]), headers: headers)
}

/// Debian's headless Chromium, driven through chromedriver's WebDriver API (W3C): a page opened at a phone's
/// size, scripts run in it, screenshots taken.
final class Browser {
    private let driver: Child
    private let endpoint: String
    private let session: String

    /// Starts chromedriver and a browser session whose window is `width` × `height` CSS pixels.
    init(rig: Rig, width: Int = 390, height: Int = 844) throws {
        let port = try FreePort.tcp()
        driver = try rig.start("chromedriver", "chromedriver", ["--port=\(port)"])
        try driver.nextOutputLine("chromedriver to start", timeout: .seconds(20)) {
            $0.contains("started successfully")
        }
        endpoint = "http://127.0.0.1:\(port)"
        let capabilities = """
            {"capabilities":{"alwaysMatch":{"goog:chromeOptions":{"binary":"/usr/bin/chromium","args":[\
            "--headless=new","--no-sandbox","--disable-gpu","--disable-dev-shm-usage",\
            "--window-size=\(width),\(height)"]}}}}
            """
        let answer = try Self.value(
            try http("POST", endpoint + "/session", body: Array(capabilities.utf8), timeout: 60))
        guard let id = (answer as? [String: Any])?["sessionId"] as? String else {
            throw TestFailure("chromedriver made no session: \(answer)")
        }
        session = endpoint + "/session/" + id
    }

    deinit {
        _ = try? http("DELETE", session)
    }

    /// Opens `url`.
    func open(_ url: String) throws {
        _ = try Self.value(try http("POST", session + "/url", body: Array(#"{"url":"\#(url)"}"#.utf8), timeout: 30))
    }

    /// Runs `script` (a function body; `arguments[0]`… are `arguments`) in the page and returns its value.
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any {
        let body = try JSONSerialization.data(withJSONObject: ["script": script, "args": arguments])
        return try Self.value(try http("POST", session + "/execute/sync", body: Array(body), timeout: 30))
    }

    /// A PNG of the window.
    func screenshot() throws -> Data {
        guard let text = try Self.value(try http("GET", session + "/screenshot", timeout: 30)) as? String,
            let png = Data(base64Encoded: text)
        else { throw TestFailure("chromedriver gave no screenshot") }
        return png
    }

    private static func value(_ answer: HTTPAnswer) throws -> Any {
        guard let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
            let value = object["value"]
        else { throw TestFailure("chromedriver answered \(answer.status): \(answer.body.prefix(300))") }
        if answer.status != 200 { throw TestFailure("chromedriver answered \(answer.status): \(value)") }
        return value
    }
}
