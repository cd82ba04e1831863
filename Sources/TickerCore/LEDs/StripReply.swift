/// What an LED controller sends back on its serial port, line by line: WLED answers `{"v":true}` with a line
/// of JSON and a baud switch with `Baud is now N`; an Adalight sketch greets with `Ada` when it starts.
/// Everything else (debug output, noise) is passed on as other text. Lines are bounded: a longer one is
/// dropped whole.
public enum StripReply: Sendable, Equatable {
    /// WLED's description of itself.
    case info(WLEDInfo)
    /// WLED's confirmation of a baud switch, with the new rate.
    case baud(Int)
    /// The Adalight sketch's greeting after a reset.
    case greeting
    /// A JSON line that did not read.
    case badInfo(WLEDInfoError)
    /// A line longer than `StripReplyReader.maxLineBytes`, dropped.
    case overlong
    /// Any other line (its first 80 bytes, control characters replaced).
    case other(String)
}

/// Splits a controller's bytes into lines and reads each as a `StripReply`. Allocates its buffer once.
public struct StripReplyReader: Sendable {
    /// The longest line kept: WLED's state and info together are a few kilobytes.
    public static let maxLineBytes = WLEDInfo.maxBytes

    private var line: [UInt8] = []
    private var overflowed = false

    /// An empty reader.
    public init() {
        line.reserveCapacity(1_024)
    }

    /// Forgets a partial line (after a reconnect).
    public mutating func discard() {
        line.removeAll(keepingCapacity: true)
        overflowed = false
    }

    /// Feeds one byte; a line end completes a reply (empty lines give none).
    public mutating func push(_ byte: UInt8) -> StripReply? {
        guard byte == 0x0A || byte == 0x0D else {
            if line.count < Self.maxLineBytes { line.append(byte) } else { overflowed = true }
            return nil
        }
        defer { discard() }
        if overflowed { return .overlong }
        guard !line.isEmpty else { return nil }
        return Self.read(line)
    }

    /// Reads one whole line.
    public static func read(_ line: [UInt8]) -> StripReply {
        if line.first == UInt8(ascii: "{") {
            do { return .info(try WLEDInfo(json: line)) } catch { return .badInfo(error) }
        }
        if line == Array("Ada".utf8) { return .greeting }
        let prefix = Array("Baud is now ".utf8)
        if line.starts(with: prefix), line.count <= prefix.count + 8,
            let rate = Int(String(decoding: line[prefix.count...], as: UTF8.self))
        {
            return .baud(rate)
        }
        let shown = line.prefix(80).map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: "?") : $0 }
        return .other(String(decoding: shown, as: UTF8.self))
    }
}

/// WLED's serial commands, sent between frames (where its reader looks for a frame start).
public enum WLEDCommand {
    /// Asks for state and info as one line of JSON.
    public static let askInfo = Array(#"{"v":true}"#.utf8) + [0x0A]
    /// Leaves realtime mode at once: WLED's own effects take over the LEDs.
    public static let release = Array(#"{"live":false}"#.utf8) + [0x0A]

    /// The rates WLED switches to on one byte, 0xB0 … 0xB7.
    public static let baudRates = [115_200, 230_400, 460_800, 500_000, 576_000, 921_600, 1_000_000, 1_500_000]

    /// The byte that switches WLED to `rate`, or nil when it has none.
    public static func switchByte(baud rate: Int) -> UInt8? {
        baudRates.firstIndex(of: rate).map { 0xB0 + UInt8($0) }
    }

    /// The rate a switch byte selects, or nil for other bytes.
    public static func baud(switchByte byte: UInt8) -> Int? {
        byte >= 0xB0 && byte <= 0xB7 ? baudRates[Int(byte - 0xB0)] : nil
    }

    /// Whether WLED reads a TPM2 frame of `leds` LEDs whole. It computes the count as
    /// `(high × 256) / 3 + low / 3` from the length bytes, which is short by one LED unless the high byte is a
    /// multiple of 3 (up to 85 LEDs, 256–341, 512–597, …).
    public static func readsTPM2Whole(leds: Int) -> Bool {
        let length = 3 * leds
        return (length >> 8) % 3 == 0
    }
}
