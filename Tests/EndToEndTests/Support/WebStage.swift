import Foundation
import Glibc
import TickerCore
import TickerTestSupport
import TickerWeb

/// The web front end's stage: a daemon reading a FIFO and streaming to a fake panel (`FeedStage`) with its
/// view socket and state file on, `tickerctl web` on a free port in front of it, and the test's own viewer on
/// the view socket, which keeps every frame the daemon sent by its number.
final class WebStage {
    let stage: FeedStage
    let web: Child
    let url: String
    let viewPath: String
    private let viewer: Int32
    /// The frames read from the view socket, by sequence number (the last thousand).
    private(set) var frames: [UInt64: ViewFrame] = [:]
    private var buffer = [UInt8](repeating: 0, count: 1 << 17)

    init(config: String = "", webArguments: (Rig) throws -> [String] = { _ in [] }) async throws {
        stage = try await FeedStage(config: config) { rig in
            ["--set", "feed.view=\(rig.path("view"))", "--set", "feed.state=\(rig.path("state.json"))"]
        }
        let rig = stage.rig
        viewPath = rig.path("view")
        let port = try FreePort.tcp()
        web = try rig.tickerctl(
            [
                "web", "--listen", "127.0.0.1", "--port", "\(port)", "--feed", stage.feed, "--view", viewPath,
                "--state", rig.path("state.json"),
            ] + webArguments(rig), name: "tickerctl web")
        try await rig.line(of: web, containing: "serving the panel")
        url = "http://localhost:\(port)"
        viewer = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in viewPath.utf8.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(viewer, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw TestFailure("connect '\(viewPath)': errno \(errno)") }
    }

    deinit { close(viewer) }

    var rig: Rig { stage.rig }

    /// Reads what the view socket holds now.
    func drain() {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(viewer, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { return }
            if case .frame(let frame) = try? ViewMessage(decoding: buffer[0..<count]) {
                frames[frame.sequence] = frame
                frames[frame.sequence &- 1000] = nil
            }
        }
    }

    /// Waits until the test's viewer has frame `sequence`, and returns it.
    func frame(_ sequence: UInt64) async throws -> ViewFrame {
        try await rig.wait("frame \(sequence) on the view socket") {
            self.drain()
            return self.frames[sequence] != nil
        }
        return frames[sequence]!
    }
}
