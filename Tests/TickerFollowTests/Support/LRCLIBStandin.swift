import Foundation
import Glibc
import TickerTestSupport

/// `scripts/lrclib-standin` started for one test: a local HTTP server that speaks LRCLIB's API, answering by
/// track name (a hit, a miss, an instrumental, plain only, slow, 500 then a hit, 429, malformed, huge), and
/// printing every request it gets. Killed when released.
final class LRCLIBStandin {
    private let child: Child
    /// `http://127.0.0.1:PORT`.
    let url: String

    /// Starts the stand-in; with `tls` (a certificate and its key), it speaks HTTPS.
    init(tls: (certificate: String, key: String)? = nil) throws {
        child = try Child(
            name: "lrclib-standin", executable: BuiltProducts.packageRoot + "/scripts/lrclib-standin",
            arguments: tls.map { ["--tls", $0.certificate, $0.key] } ?? [])
        let first = try child.nextOutputLine("its port") { $0.hasPrefix("port ") }
        url = (tls == nil ? "http" : "https") + "://127.0.0.1:" + first.dropFirst("port ".count)
    }

    deinit { child.kill() }

    /// The requests received so far for track `name` (reads what the server printed, without waiting).
    func requests(for name: String) throws -> [String] {
        var entries = child.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while poll(&entries, nfds_t(entries.count), 0) > 0 {
            for entry in entries where entry.revents != 0 { child.service(entry.fd) }
            entries = child.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        }
        return child.outputLines.filter { Self.line($0, asksFor: name, at: nil) }
    }

    /// Waits for a request for track `name` to `path` (`/api/get`, `/api/search`) and returns its line.
    @discardableResult
    func waitForRequest(_ path: String, for name: String, timeout: Duration = .seconds(10)) throws -> String {
        try child.nextOutputLine("a request to \(path) for '\(name)'", timeout: timeout) {
            Self.line($0, asksFor: name, at: path)
        }
    }

    /// The stand-in's line for a request for track `name` (to `path`, or to any path).
    private static func line(_ line: String, asksFor name: String, at path: String?) -> Bool {
        let query = "track_name=" + name.replacingOccurrences(of: " ", with: "%20")
        guard line.hasPrefix("GET " + (path.map { $0 + "?" } ?? "")) else { return false }
        return line.contains(query + "&") || line.contains(query + " ")
    }
}
