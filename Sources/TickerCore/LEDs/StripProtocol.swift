/// The whole-frame serial protocols of LED strip controllers (WLED, Adalight sketches, TPM2 devices).
///
/// - Adalight: `A` `d` `a`, then the LED count minus one as a big-endian 16-bit number (hi, lo), then
///   `hi ^ lo ^ 0x55`, then three bytes per LED in strip order. Nothing ends the frame.
/// - TPM2: `0xC9` (frame start), `0xDA` (data frame), the data length in bytes as a big-endian 16-bit
///   number, the data (three bytes per LED), then `0x36` (frame end).
public enum StripProtocol: String, Sendable, Equatable, CaseIterable {
    case adalight
    case tpm2

    /// The most LEDs one frame can carry: 65536 for Adalight (the count field holds count − 1), 21845 for TPM2
    /// (the length field holds 3 bytes per LED).
    public var maxLEDs: Int {
        switch self {
        case .adalight: 65_536
        case .tpm2: 65_535 / 3
        }
    }

    /// Bytes before the LED data.
    public var headerCount: Int {
        switch self {
        case .adalight: 6
        case .tpm2: 4
        }
    }

    /// Bytes after the LED data.
    public var trailerCount: Int { self == .tpm2 ? 1 : 0 }

    /// Bytes of a whole frame of `leds` LEDs on the wire.
    public func frameByteCount(leds: Int) -> Int { headerCount + 3 * leds + trailerCount }

    /// The header of a frame of `leds` LEDs (1 ... `maxLEDs`).
    public func header(leds: Int) -> [UInt8] {
        switch self {
        case .adalight:
            let field = max(0, min(leds, maxLEDs) - 1)
            let hi = UInt8(field >> 8)
            let lo = UInt8(field & 0xFF)
            return [0x41, 0x64, 0x61, hi, lo, hi ^ lo ^ 0x55]
        case .tpm2:
            let length = 3 * max(0, min(leds, maxLEDs))
            return [0xC9, 0xDA, UInt8(length >> 8), UInt8(length & 0xFF)]
        }
    }

    /// The bytes after the data.
    public var trailer: [UInt8] { self == .tpm2 ? [0x36] : [] }
}
