/// Everything that can be wrong with bytes on the wire or with what a caller asked to encode.
public enum WireError: Error, Hashable, Sendable {
    /// The CRC stored in the packet differs from the CRC of the bytes before it.
    case badCRC(expected: UInt16, found: UInt16)
    /// The packet's version byte is not `Wire.version`.
    case unknownVersion(UInt8)
    /// The type byte is reserved, or not one this side accepts.
    case unknownType(UInt8)
    /// A decoded packet is shorter than a header and a CRC (5 bytes).
    case packetTooShort(count: Int)
    /// The payload is not a length the message type allows.
    case badLength(type: UInt8, payloadCount: Int)
    /// A packet on its way in grew past the receive buffer's `capacity` bytes.
    case overflow(capacity: Int)
    /// A COBS block announced more bytes than arrived before the delimiter.
    case truncatedBlock
    /// A geometry outside what the protocol can carry (width 1–65535, height 1–255, 1, 2, 4, 8, 16 or 24 bits).
    case invalidGeometry(width: Int, height: Int, bitsPerPixel: Int)
    /// A full frame announced a geometry the protocol can carry but that is not this panel's.
    case geometryMismatch(width: Int, height: Int, bitsPerPixel: Int, panel: PanelGeometry)
    /// Pixel data handed to the encoder is not the size the geometry and column count imply.
    case pixelCountMismatch(expected: Int, found: Int)
    /// A column range is empty or reaches past the panel's width.
    case columnRangeOutOfBounds(start: Int, count: Int, width: Int)
    /// A scroll distance outside -128…127.
    case scrollDistanceOutOfRange(Int)
    /// A firmware name longer than `Wire.maxFirmwareNameCount` UTF-8 bytes.
    case firmwareNameTooLong(count: Int)
    /// An info message whose maximum frame rate or geometry cannot be carried.
    case invalidInfo
}

extension WireError: CustomStringConvertible {
    /// A sentence naming the offending value and what was expected.
    public var description: String {
        switch self {
        case .badCRC(let expected, let found):
            "bad CRC " + hexWord(found) + " (expected " + hexWord(expected) + ")"
        case .unknownVersion(let version):
            "unknown protocol version " + hexByte(version) + " (expected " + hexByte(Wire.version) + ")"
        case .unknownType(let type):
            "unknown message type " + hexByte(type)
        case .packetTooShort(let count):
            "packet of \(count) bytes is too short (expected at least 5: version, type, sequence, CRC)"
        case .badLength(let type, let payloadCount):
            "payload of \(payloadCount) bytes is the wrong length for message type " + hexByte(type)
        case .overflow(let capacity):
            "packet longer than the receive buffer of \(capacity) bytes (dropped until the next 0x00)"
        case .truncatedBlock:
            "COBS block cut short by the delimiter (dropped)"
        case .invalidGeometry(let width, let height, let bitsPerPixel):
            "invalid geometry \(width)x\(height) at \(bitsPerPixel) bits per pixel "
                + "(expected width 1-65535, height 1-255, 1, 2, 4, 8, 16 or 24 bits)"
        case .geometryMismatch(let width, let height, let bitsPerPixel, let panel):
            "frame of \(width)x\(height) at \(bitsPerPixel) bits per pixel does not match this panel's "
                + "\(panel.width)x\(panel.height) at \(panel.bitsPerPixel) bits"
        case .pixelCountMismatch(let expected, let found):
            "pixel data of \(found) bytes (expected \(expected))"
        case .columnRangeOutOfBounds(let start, let count, let width):
            "columns \(start)..<\(start + count) are not a non-empty range inside width \(width)"
        case .scrollDistanceOutOfRange(let dx):
            "scroll distance \(dx) (expected -128...127)"
        case .firmwareNameTooLong(let count):
            "firmware name of \(count) bytes (expected at most \(Wire.maxFirmwareNameCount))"
        case .invalidInfo:
            "info message with a geometry or frame rate the protocol cannot carry"
        }
    }
}

/// "0x29B1": a 16-bit value as four upper-case hex digits after "0x".
func hexWord(_ value: UInt16) -> String {
    let digits: [UInt8] = [
        0x30, 0x78,
        hexDigit(UInt8(value >> 12)), hexDigit(UInt8((value >> 8) & 0x0F)),
        hexDigit(UInt8((value >> 4) & 0x0F)), hexDigit(UInt8(value & 0x0F)),
    ]
    return String(decoding: digits, as: UTF8.self)
}
