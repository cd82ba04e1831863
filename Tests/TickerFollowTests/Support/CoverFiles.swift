import TickerCore
import TickerPictures
import TickerTestSupport

/// Covers for the followers' tests: PNG files of one colour (libpng, through the pictures module), and the
/// feed lines of the cover picture each becomes, whichever way the decoder scales (one colour stays one).
enum CoverFiles {
    /// A `side` × `side` PNG of one colour, `rgb` as six hex digits.
    static func png(_ rgb: String, side: Int = 16) throws -> [UInt8] {
        var frame = RGBFrame(width: side, height: side)
        let channels = stride(from: 0, to: 6, by: 2).map { offset -> UInt8 in
            let start = rgb.index(rgb.startIndex, offsetBy: offset)
            return UInt8(rgb[start..<rgb.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
        for pixel in 0..<side * side {
            for channel in 0..<3 { frame.bytes[pixel * 3 + channel] = channels[channel] }
        }
        return try PNGEncoder.encode(frame)
    }

    /// Whether `lines` (what the feed got up to a `picture end`) hold the title line `title` and end with the
    /// cover of one colour `rgb` after it.
    static func end(_ lines: [String], withCover rgb: String, side: Int, after title: String) -> Bool {
        guard let titleAt = lines.firstIndex(of: title), lines.count >= side + 2 else { return false }
        return titleAt < lines.count - (side + 2) && Array(lines.suffix(side + 2)) == Self.lines(rgb, side: side)
    }

    /// The feed lines of a `side` × `side` cover of one colour.
    static func lines(_ rgb: String, side: Int) -> [String] {
        ["picture begin cover \(side)x\(side)"]
            + Array(repeating: String(repeating: rgb, count: side), count: side) + ["picture end"]
    }
}

/// A plain HTTP server in Python serving the files of a directory on 127.0.0.1 at a free port: it prints
/// `port N` once it listens and `got PATH` for each request, so a test sees what was asked and how often.
/// Requests under `/slow/` are answered after `slowSeconds`.
final class CoverServer {
    let process: Child
    let port: UInt16

    init(directory: TemporaryDirectory, root: String, slowSeconds: Double = 0) throws {
        let script = try directory.write("covers.py", Self.script)
        process = try Child(
            name: "covers", executable: "/usr/bin/python3", arguments: ["-u", script, root, String(slowSeconds)])
        let line = try process.nextOutputLine("the cover server's port") { $0.hasPrefix("port ") }
        guard let port = UInt16(line.dropFirst("port ".count)) else { throw TestFailure("bad port line '\(line)'") }
        self.port = port
    }

    /// The URL of `path` on the server.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Waits for the next request, and returns its path.
    @discardableResult
    func waitForRequest(timeout: Duration = .seconds(10)) throws -> String {
        String(try process.nextOutputLine("a request", timeout: timeout) { $0.hasPrefix("got ") }.dropFirst(4))
    }

    static let script = #"""
        import http.server, os, sys, time

        ROOT = sys.argv[1]
        SLOW = float(sys.argv[2])

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                print("got " + self.path, flush=True)
                path = self.path.split("?")[0]
                if path.startswith("/slow/"):
                    time.sleep(SLOW)
                    path = path[len("/slow"):]
                file = os.path.join(ROOT, path.lstrip("/"))
                if not os.path.isfile(file):
                    self.send_error(404)
                    return
                body = open(file, "rb").read()
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print("port %d" % server.server_address[1], flush=True)
        server.serve_forever()
        """#
}
