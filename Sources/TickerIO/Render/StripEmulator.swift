import Glibc
import TickerCore

/// An LED controller that lives on a pseudo-terminal, played as WLED plays one: it reads Adalight and TPM2
/// frames (`StripDecoder`), puts each LED back at its pixel through the same wiring map the daemon uses, and
/// answers WLED's serial commands between frames: `{"v":true}` with its LED count and matrix size, a
/// baud-switch byte with `Baud is now N`, and notes `{"live":false}`.
package final class StripEmulator {
    /// What the host did.
    package enum Event: Sendable, Equatable {
        /// A whole frame; `picture` holds it.
        case frame(StripProtocol, leds: Int, milliamps: Int)
        /// A frame of another LED count than the emulated strip's, shown as far as it goes.
        case wrongCount(StripProtocol, leds: Int)
        /// A frame was dropped.
        case damaged(String)
        /// The host asked to switch to this rate.
        case baud(Int)
        /// The host asked what the controller is.
        case askedInfo
        /// The host handed the LEDs back (realtime mode ended).
        case released
    }

    /// The pseudo-terminal; its slave path (or `link`) is the "serial device".
    package let terminal: PseudoTerminal
    /// The strip.
    package var settings: StripSettings { shown.settings }
    /// What the LEDs show, in pixel order, as the wire carried it (after the host's gamma and power limit).
    package var picture: RGBFrame { shown.picture }
    /// Frames decoded.
    package private(set) var frames = 0
    /// Frames dropped as damaged.
    package private(set) var damaged = 0
    /// Whether WLED would be in realtime mode (a frame came, and no release since).
    package private(set) var live = false

    private var decoder: StripDecoder
    private var shown: StripPicture
    private var command: [UInt8] = []
    private var inCommand = false

    /// Opens a pseudo-terminal (linked at `link` if given) for a strip of `settings`.
    package init(settings: StripSettings, link: String?) throws(SystemError) {
        terminal = try PseudoTerminal(link: link)
        shown = StripPicture(settings: settings)
        decoder = StripDecoder(maxLEDs: min(65_536, 2 * settings.layout.count))
    }

    /// The descriptor to poll for bytes from the host.
    package var fileDescriptor: Int32 { terminal.master }

    /// Reads what the host sent, applies it, answers, and calls `onEvent` for each event. False when the
    /// pseudo-terminal failed.
    @discardableResult
    package func service(onEvent: (Event, StripEmulator) -> Void) -> Bool {
        terminal.drain { bytes in
            for byte in bytes {
                if let event = receive(byte) { onEvent(event, self) }
            }
        }
    }

    private func receive(_ byte: UInt8) -> Event? {
        // WLED reads a JSON command from a '{' to the end of the object; a line end closes it here.
        if inCommand {
            if byte == 0x0A || byte == 0x0D || command.count > 1_024 {
                inCommand = false
                return handleCommand()
            }
            command.append(byte)
            return nil
        }
        switch decoder.push(byte) {
        case nil:
            return nil
        case .damaged(let reason)?:
            damaged += 1
            return .damaged(reason)
        case .other(let other)?:
            if other == UInt8(ascii: "{") {
                inCommand = true
                command = [other]
                return nil
            }
            if let rate = WLEDCommand.baud(switchByte: other) {
                reply("Baud is now \(rate)\n")
                return .baud(rate)
            }
            return nil
        case .frame(let kind, let leds)?:
            frames += 1
            live = true
            decoder.data.withUnsafeBytes { shown.show($0, leds: leds) }
            guard leds == shown.count else { return .wrongCount(kind, leds: leds) }
            return .frame(kind, leds: leds, milliamps: shown.milliamps)
        }
    }

    private func handleCommand() -> Event? {
        let text = command.filter { $0 != 0x20 && $0 != 0x09 }
        func has(_ member: String) -> Bool {
            let needle = Array(member.utf8)
            guard text.count >= needle.count else { return false }
            return (0...(text.count - needle.count)).contains { text[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        if has(#""live":false"#) {
            live = false
            return .released
        }
        if has(#""v":true"#) {
            let layout = settings.layout
            reply(
                #"{"state":{"on":true,"bri":128,"live":\#(live)},"info":{"ver":"emulated","name":"tickerctl panel","#
                    + #""leds":{"count":\#(layout.count),"matrix":{"w":\#(layout.width),"h":\#(layout.height)}}}}"#
                    + "\n")
            return .askedInfo
        }
        return nil
    }

    private func reply(_ text: String) {
        try? Posix.writeAll(terminal.master, Array(text.utf8), what: terminal.slavePath)
    }

    /// `picture` as ASCII art: `#` where a channel is full, `+` where the LED is lit less, `.` where it is dark.
    package static func asciiArt(_ picture: RGBFrame) -> String {
        var rows: [String] = []
        for y in 0..<picture.height {
            var row = ""
            for x in 0..<picture.width {
                let colour = picture[x, y]
                let brightest = max(colour.red, colour.green, colour.blue)
                row.append(brightest == 255 ? "#" : brightest > 0 ? "+" : ".")
            }
            rows.append(row)
        }
        return rows.joined(separator: "\n")
    }
}
