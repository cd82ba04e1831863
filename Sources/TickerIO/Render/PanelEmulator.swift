import Glibc
import PanelCore
import TickerWire

/// A panel that lives on a pseudo-terminal: the device side of the protocol (PanelCore, the same code as the
/// firmware) answering whoever opens the slave side, typically `tickerd --device LINK`.
package final class PanelEmulator {
    /// The pseudo-terminal; its slave path (or `link`) is the "serial device".
    package let terminal: PseudoTerminal
    /// The emulated device.
    package private(set) var device: PanelDevice
    /// Full frames and updates applied, for the frames-per-second figure.
    package private(set) var updates = 0

    /// Opens a pseudo-terminal (linked at `link` if given) and a device of `info`.
    package init(info: DeviceInfo, link: String?) throws(SystemError) {
        terminal = try PseudoTerminal(link: link)
        device = PanelDevice(info: info, replyCapacity: 1_024)
    }

    /// The descriptor to poll for bytes from the host.
    package var fileDescriptor: Int32 { terminal.master }

    /// Reads what the host sent, applies it, writes the replies back, and calls `onEvent` for every packet.
    /// Returns false when the pseudo-terminal failed.
    @discardableResult
    package func service(onEvent: (PanelEvent, PanelDevice) -> Void) -> Bool {
        terminal.drain { bytes in
            for byte in bytes {
                guard let event = device.receive(byte) else { continue }
                if case .applied(let message) = event {
                    switch message {
                    case .fullFrame, .columns, .scroll, .blank: updates += 1
                    case .hello, .brightness: break
                    }
                }
                onEvent(event, device)
            }
            let replies = device.takeReplies()
            if !replies.isEmpty { try? Posix.writeAll(terminal.master, replies, what: terminal.slavePath) }
        }
    }
}
