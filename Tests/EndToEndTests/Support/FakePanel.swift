import Glibc
import PanelCore
import TickerIO
import TickerTestSupport
import TickerWire

/// What a packet was, in one word, for sequences and failure messages.
enum PacketKind: String, Equatable, CustomStringConvertible {
    case hello, full, columns, scroll, brightness, blank, rejected

    init(_ event: PanelEvent) {
        switch event {
        case .applied(.hello): self = .hello
        case .applied(.fullFrame): self = .full
        case .applied(.columns): self = .columns
        case .applied(.scroll): self = .scroll
        case .applied(.brightness): self = .brightness
        case .applied(.blank): self = .blank
        case .rejected: self = .rejected
        }
    }

    var description: String { rawValue }

    /// Whether the packet changes pixels.
    var isPixels: Bool { self == .full || self == .columns || self == .scroll || self == .blank }
}

/// A microcontroller played by the test on the master side of a pseudo-terminal: the daemon opens the
/// slave through `link`. Decodes everything with `PanelDevice` and answers (info for a hello, errors for
/// rejected packets) unless told not to.
///
/// With `corrupt`, the bytes read from the daemon are damaged before the device sees them, while `truth`
/// (a second device, whose replies are dropped) decodes the bytes as they were sent.
final class FakePanel {
    /// Where the daemon finds the device.
    let link: String
    /// The decoding device: what the panel shows.
    private(set) var device: PanelDevice
    /// A device that sees the undamaged bytes, when `corrupt` is set.
    private(set) var truth: PanelDevice?
    /// Every packet the device decoded, in order.
    private(set) var events: [PanelEvent] = []
    /// Bytes read from the daemon.
    private(set) var bytesRead = 0
    /// Whether replies go back to the daemon.
    var answers = true
    /// Whether the panel reads at all; a panel that stops reading lets the line fill up.
    var reading = true
    /// Damages a chunk of bytes on its way to `device`.
    var corrupt: ((inout [UInt8]) -> Void)?
    /// Called after every packet `device` decoded.
    var onEvent: ((PanelEvent, PanelDevice) -> Void)?
    /// Called after every packet `truth` decoded.
    var onTruth: ((PanelEvent, PanelDevice) -> Void)?

    private var terminal: PseudoTerminal?
    private var buffer = [UInt8](repeating: 0, count: 16_384)

    /// A panel of `info` whose slave is linked at `link`.
    init(link: String, info: DeviceInfo, withTruth: Bool = false) throws {
        self.link = link
        device = PanelDevice(info: info, replyCapacity: 4_096)
        truth = withTruth ? PanelDevice(info: info, replyCapacity: 4_096) : nil
        terminal = try descriptorLock.withLock { _ throws -> PseudoTerminal in
            let terminal = try PseudoTerminal(link: link)
            _ = fcntl(terminal.master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(terminal.slave, F_SETFD, FD_CLOEXEC)
            return terminal
        }
    }

    /// A panel of `width` × `height` at `depth` bits per pixel.
    convenience init(link: String, width: Int, height: Int, depth: Int, scroll: Bool = true, withTruth: Bool = false)
        throws
    {
        let info = try DeviceInfo(
            geometry: PanelGeometry(width: width, height: height, bitsPerPixel: depth), maxFramesPerSecond: 120,
            capabilities: scroll ? .scroll : [], firmwareName: "end-to-end test panel")
        try self.init(link: link, info: info, withTruth: withTruth)
    }

    /// The master descriptor to poll, -1 once unplugged.
    var descriptor: Int32 { terminal?.master ?? -1 }

    /// The slave's real path.
    var slavePath: String { terminal?.slavePath ?? "" }

    /// Closes the pseudo-terminal and removes the link: an unplug.
    func unplug() {
        terminal?.close()
        terminal = nil
    }

    /// The kinds of the packets decoded, in order.
    var kinds: [PacketKind] { events.map(PacketKind.init) }

    /// What the panel shows, as ASCII art.
    var picture: String { device.asciiArt }

    /// Reads what the daemon sent, decodes it and answers.
    func service() {
        guard let terminal else { return }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(terminal.master, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            bytesRead += count
            var chunk = Array(buffer[0..<count])
            if var truth {
                for byte in chunk {
                    if let event = truth.receive(byte) { onTruth?(event, truth) }
                }
                _ = truth.takeReplies()
                self.truth = truth
            }
            corrupt?(&chunk)
            for byte in chunk {
                guard let event = device.receive(byte) else { continue }
                events.append(event)
                onEvent?(event, device)
            }
            let replies = device.takeReplies()
            if answers, !replies.isEmpty {
                try? Posix.writeAll(terminal.master, replies, what: terminal.slavePath)
            }
        }
    }

    /// Why packets were rejected, for a failure message.
    var rejections: [String] {
        events.compactMap { event in
            guard case .rejected(let rejection) = event else { return nil }
            return "\(rejection.code): \(rejection.reason)"
        }
    }

    /// A summary of the traffic, for a failure message.
    var summary: String {
        let recent = kinds.suffix(30).map(\.description).joined(separator: " ")
        return "panel at \(link): \(bytesRead) bytes, \(events.count) packets (last: \(recent))\n\(picture)"
    }
}
