import Foundation
import Glibc
import Testing
import TickerCore
import TickerTestSupport

/// A stream of the live view read by the test as a browser's `EventSource` would: the frame numbers it got.
final class StreamReader {
    let fd: Int32
    private(set) var sequences: [UInt64] = []
    private var text = ""

    init(port: UInt16) throws {
        fd = try connectTCP(port: port)
        let request = Array("GET /api/stream HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        guard write(fd, request, request.count) == request.count else { throw TestFailure("write: errno \(errno)") }
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Reads what came, noting each frame's `id:` line.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
            while let end = text.range(of: "\n") {
                let line = text[..<end.lowerBound]
                if line.hasPrefix("id: "), let sequence = UInt64(line.dropFirst(4)) { sequences.append(sequence) }
                text.removeSubrange(..<end.upperBound)
            }
        }
    }
}

/// A TCP connection to 127.0.0.1:`port`.
func connectTCP(port: UInt16) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard fd >= 0, connected == 0 else {
        close(fd)
        throw TestFailure("connect to port \(port): errno \(errno)")
    }
    return fd
}

/// One request on a connection of its own; the status, or 0 when there was no answer.
func quickRequest(port: UInt16, _ request: String) -> Int {
    guard let fd = try? connectTCP(port: port) else { return 0 }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(request.utf8)
    guard send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { return 0 }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { break }
        answer += buffer[0..<count]
    }
    let words = String(decoding: answer.prefix(40), as: UTF8.self).split(separator: " ")
    return words.count > 1 ? Int(words[1]) ?? 0 : 0
}

/// The web front end under load, as a busy household and its automations make it.
@Suite(.serialized) struct WebLoadTests {
    /// 16 viewers and 50 clients asking for a minute: every frame the daemon sends reaches every viewer that
    /// keeps up, the panel's wire is not touched by what is refused, every request is answered, and the web
    /// front end's memory does not grow.
    @Test func sixteenViewersAndFiftyClientsForAMinute() async throws {
        let web = try await WebStage()
        let port = UInt16(web.url.split(separator: ":").last ?? "") ?? 0
        try await web.stage.send("title A title far too long for this panel, so it scrolls all the while", "play")
        let viewers = try (0..<16).map { _ in try StreamReader(port: port) }

        final class Load: @unchecked Sendable {
            let lock = NSLock()
            var stop = false
            var statuses: [Int: Int] = [:]
        }
        let load = Load()
        let requests = [
            "GET /api/stats HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
            "GET /api/screen HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
            "GET /api/state HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
            "POST /api/notify HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 1\r\n\r\n{",
        ]
        let finished = DispatchGroup()
        for client in 0..<50 {
            finished.enter()
            Thread {
                var turn = client
                while !load.lock.withLock({ load.stop }) {
                    let status = quickRequest(port: port, requests[turn % requests.count])
                    load.lock.withLock { load.statuses[status, default: 0] += 1 }
                    turn += 1
                }
                finished.leave()
            }.start()
        }
        func drained(for seconds: Double) async throws {
            let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
            try await web.rig.wait("the load to run \(seconds) s", timeout: .seconds(seconds + 30)) {
                for viewer in viewers { viewer.drain() }
                web.drain()
                return ContinuousClock.now >= end
            }
        }
        try await drained(for: 10)
        let early = residentKilobytes(web.web.pid)
        try await drained(for: 50)
        let late = residentKilobytes(web.web.pid)
        load.lock.withLock { load.stop = true }
        #expect(finished.wait(timeout: .now() + 30) == .success, "every client finished")
        try await drained(for: 0.5)

        let statuses = load.lock.withLock { load.statuses }
        #expect(statuses[0] == nil, "every request was answered: \(statuses)")
        #expect(Set(statuses.keys).isSubset(of: [200, 500, 503]), "\(statuses)")
        #expect(statuses[500, default: 0] > 100, "the refused notifications were asked for: \(statuses)")
        for (index, viewer) in viewers.enumerated() {
            let sequences = viewer.sequences
            let gaps = zip(sequences, sequences.dropFirst()).filter { $1 != $0 + 1 }.count
            #expect(sequences.count > 1000, "viewer \(index) got \(sequences.count) frames")
            #expect(gaps == 0, "viewer \(index) missed frames \(gaps) times")
        }
        // Nothing refused reached the daemon: it read no bad line and the title never left the panel.
        #expect(web.stage.daemon.lines(containing: "feed line").isEmpty)
        #expect(web.stage.daemon.termination == nil && web.web.termination == nil)
        #expect(late - early < 2_048, "the web front end's memory grew from \(early) to \(late) kB")
    }
}

/// VmRSS of a process, in kB.
func residentKilobytes(_ pid: pid_t) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for row in text.split(separator: "\n") where row.hasPrefix("VmRSS:") {
        return Int(row.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}
