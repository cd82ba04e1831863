import Foundation
import Glibc
import PanelCore
import Testing
import TickerIO
import TickerTestSupport
import TickerWire

/// The microcontroller's side of a pseudo-terminal: the device end of the protocol (`PanelDevice`, the
/// firmware's own code) decoding what the daemon sends to the slave (reached through `link`), answering
/// its hello with an info reply.
final class PanelTap {
    let terminal: PseudoTerminal
    private(set) var device: PanelDevice

    init(link: String, width: Int, height: Int, bitsPerPixel: Int) throws {
        terminal = try PseudoTerminal(link: link)
        let geometry = try PanelGeometry(width: width, height: height, bitsPerPixel: bitsPerPixel)
        device = PanelDevice(
            info: try DeviceInfo(
                geometry: geometry, maxFramesPerSecond: 60, capabilities: [], firmwareName: "follow-test"),
            replyCapacity: 1024)
    }

    /// The panel's rows as ASCII art (`#` full, `+` between, `.` off).
    var rows: [String] { device.asciiArt.split(separator: "\n").map(String.init) }

    /// Decodes what arrives until a frame applied to the panel satisfies `predicate`; fails loudly after
    /// `timeout` seconds, showing the last picture.
    func waitFor(_ what: String, timeout: Duration = .seconds(15), _ predicate: (PanelTap) -> Bool) throws {
        let deadline = Deadline(timeout)
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            var entries = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
            guard try deadline.poll(&entries, waitingFor: what, story: { "the panel shows:\n\(device.asciiArt)" }) > 0
            else { continue }
            let count = chunk.withUnsafeMutableBytes { read(terminal.master, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var matched = false
            for byte in chunk[0..<count] {
                guard case .applied(let message) = device.receive(byte) else { continue }
                switch message {
                case .fullFrame, .columns, .scroll, .blank:
                    if !matched, predicate(self) { matched = true }
                case .hello, .brightness:
                    break
                }
            }
            let replies = device.takeReplies()
            if !replies.isEmpty {
                _ = replies.withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
            }
            if matched { return }
        }
    }
}
