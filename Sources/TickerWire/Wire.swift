/// The tickerd wire protocol, version 1 (see docs/PROTOCOL.md).
///
/// A packet is `version · type · sequence · payload · crc16`, COBS-encoded and followed by one 0x00.
public enum Wire {
    /// The protocol version byte every packet starts with.
    public static let version: UInt8 = 1
    /// The byte that ends every encoded packet; COBS guarantees it appears nowhere else.
    public static let delimiter: UInt8 = 0
    /// Bytes before the payload: version, type, sequence.
    public static let headerCount = 3
    /// Bytes after the payload: the big-endian CRC-16.
    public static let trailerCount = 2
    /// The longest firmware name an info message may carry, in UTF-8 bytes.
    public static let maxFirmwareNameCount = 32
    /// Payload bytes before the firmware name in an info message.
    public static let infoFixedPayloadCount = 7

    /// Bytes a packet with `payloadCount` payload bytes takes before COBS: header, payload and CRC.
    public static func packetCount(payloadCount: Int) -> Int {
        headerCount + payloadCount + trailerCount
    }

    /// Bytes a packet with `payloadCount` payload bytes takes on the wire: COBS overhead and the delimiter
    /// included. This is the worst case, reached when the packet holds no zero byte.
    public static func encodedCount(payloadCount: Int) -> Int {
        COBS.maxEncodedCount(packetCount(payloadCount: payloadCount)) + 1
    }
}

/// The message type byte of a packet. Unknown values are representable so that a decoder can name them.
public struct MessageType: RawRepresentable, Hashable, Sendable {
    /// The type byte as it travels.
    public var rawValue: UInt8

    /// Wraps a type byte.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Host → device: asks the device to describe itself. Empty payload.
    public static let hello = MessageType(rawValue: 0x01)
    /// Host → device: every column of the panel.
    public static let fullFrame = MessageType(rawValue: 0x10)
    /// Host → device: a contiguous range of columns.
    public static let columns = MessageType(rawValue: 0x11)
    /// Host → device: moves a range of columns sideways (devices with `DeviceCapabilities.scroll` only).
    public static let scroll = MessageType(rawValue: 0x12)
    /// Host → device: global brightness, 0–255.
    public static let brightness = MessageType(rawValue: 0x20)
    /// Host → device: turns every pixel off.
    public static let blank = MessageType(rawValue: 0x21)
    /// Device → host: geometry, limits, capabilities and firmware name.
    public static let info = MessageType(rawValue: 0x81)
    /// Device → host: a packet was rejected.
    public static let error = MessageType(rawValue: 0x82)

    /// True for the types a host sends to a device.
    public var isHostToDevice: Bool {
        self == .hello || self == .fullFrame || self == .columns || self == .scroll || self == .brightness
            || self == .blank
    }
}

/// Why a device rejected a packet: the `code` byte of an error message.
public struct WireErrorCode: RawRepresentable, Hashable, Sendable {
    /// The code byte as it travels.
    public var rawValue: UInt8

    /// Wraps a code byte.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The CRC did not match the bytes before it.
    public static let badCRC = WireErrorCode(rawValue: 0x01)
    /// The version byte was not 1.
    public static let unknownVersion = WireErrorCode(rawValue: 0x02)
    /// The type byte is reserved or only travels from device to host.
    public static let unknownType = WireErrorCode(rawValue: 0x03)
    /// The payload length does not fit the type (or the packet is shorter than header and CRC).
    public static let badLength = WireErrorCode(rawValue: 0x04)
    /// A full frame announced a width, height or depth other than the panel's.
    public static let geometryMismatch = WireErrorCode(rawValue: 0x05)
    /// A column range or scroll range is empty or reaches past the panel's width.
    public static let outOfBounds = WireErrorCode(rawValue: 0x06)
    /// The device understood the message but lacks the capability it needs (scroll).
    public static let unsupported = WireErrorCode(rawValue: 0x07)
    /// The packet was longer than the device's receive buffer.
    public static let overflow = WireErrorCode(rawValue: 0x08)
    /// The COBS framing was broken (a block ran past the delimiter).
    public static let framing = WireErrorCode(rawValue: 0x09)

    /// A short lower-case name for logs ("bad CRC"), or "code 0xNN" for codes this side does not know.
    public var name: String {
        switch self {
        case .badCRC: "bad CRC"
        case .unknownVersion: "unknown version"
        case .unknownType: "unknown type"
        case .badLength: "bad length"
        case .geometryMismatch: "geometry mismatch"
        case .outOfBounds: "out of bounds"
        case .unsupported: "unsupported"
        case .overflow: "overflow"
        case .framing: "framing"
        default: "code " + hexByte(rawValue)
        }
    }
}

/// What a device can do beyond the mandatory messages: the `capabilities` field of an info message.
public struct DeviceCapabilities: OptionSet, Hashable, Sendable {
    /// The capability bits as they travel (little-endian u16).
    public var rawValue: UInt16

    /// Wraps capability bits.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Bit 0: the device applies scroll messages (type 0x12).
    public static let scroll = DeviceCapabilities(rawValue: 1 << 0)
}

/// "0x1F": a byte as two upper-case hex digits after "0x", without Foundation.
public func hexByte(_ value: UInt8) -> String {
    let digits: [UInt8] = [0x30, 0x78, hexDigit(value >> 4), hexDigit(value & 0x0F)]
    return String(decoding: digits, as: UTF8.self)
}

/// The ASCII code of one hex digit (0–15).
func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10
}
