/// A decoded packet whose length, CRC and version have been checked, viewed in place.
///
/// It borrows the bytes it was made from: use it only while they are alive and unchanged (inside the
/// `withPacket` closure that produced them).
public struct PacketView {
    /// The message type.
    public let type: MessageType
    /// The sender's sequence number.
    public let sequence: UInt8
    /// The bytes between the header and the CRC.
    public let payload: UnsafeRawBufferPointer

    /// Checks a decoded packet (no COBS, no delimiter) in this order: at least 5 bytes, CRC, version.
    public init(validating bytes: UnsafeRawBufferPointer) throws(WireError) {
        let count = bytes.count
        guard count >= Wire.headerCount + Wire.trailerCount else { throw .packetTooShort(count: count) }
        let body = UnsafeRawBufferPointer(rebasing: bytes[0..<count - Wire.trailerCount])
        let expected = CRC16.checksum(body)
        let found = UInt16(bytes[count - 2]) << 8 | UInt16(bytes[count - 1])
        guard expected == found else { throw .badCRC(expected: expected, found: found) }
        guard bytes[0] == Wire.version else { throw .unknownVersion(bytes[0]) }
        type = MessageType(rawValue: bytes[1])
        sequence = bytes[2]
        payload = UnsafeRawBufferPointer(rebasing: bytes[Wire.headerCount..<count - Wire.trailerCount])
    }

    /// The little-endian u16 at `offset` in the payload; the caller has checked the length.
    public func uint16(at offset: Int) -> UInt16 {
        UInt16(payload[offset]) | UInt16(payload[offset + 1]) << 8
    }
}

/// Something a device sent to the host.
public enum DeviceMessage: Hashable, Sendable {
    /// The device described itself (usually in answer to a hello, whose sequence it echoes).
    case info(DeviceInfo, sequence: UInt8)
    /// The device rejected a packet.
    case error(DeviceErrorReport)

    /// Decodes one packet (COBS already undone, no delimiter) from a device.
    public init(packet bytes: UnsafeRawBufferPointer) throws(WireError) {
        let packet = try PacketView(validating: bytes)
        let payload = packet.payload
        switch packet.type {
        case .info:
            guard payload.count >= Wire.infoFixedPayloadCount,
                payload.count <= Wire.infoFixedPayloadCount + Wire.maxFirmwareNameCount
            else { throw .badLength(type: packet.type.rawValue, payloadCount: payload.count) }
            let geometry = try PanelGeometry(
                width: Int(packet.uint16(at: 0)), height: Int(payload[2]), bitsPerPixel: Int(payload[3]))
            let name = String(
                decoding: UnsafeRawBufferPointer(rebasing: payload[Wire.infoFixedPayloadCount...]), as: UTF8.self)
            let info = try DeviceInfo(
                geometry: geometry, maxFramesPerSecond: Int(payload[4]),
                capabilities: DeviceCapabilities(rawValue: packet.uint16(at: 5)), firmwareName: name)
            self = .info(info, sequence: packet.sequence)
        case .error:
            guard payload.count == 3 else { throw .badLength(type: packet.type.rawValue, payloadCount: payload.count) }
            self = .error(
                DeviceErrorReport(
                    code: WireErrorCode(rawValue: payload[0]), rejectedType: MessageType(rawValue: payload[1]),
                    rejectedSequence: payload[2], sequence: packet.sequence))
        default:
            throw .unknownType(packet.type.rawValue)
        }
    }

    /// Decodes one packet (COBS already undone, no delimiter) from a device.
    public init(packet bytes: [UInt8]) throws(WireError) {
        self = try withBytes(of: bytes) { (bytes) throws(WireError) in try DeviceMessage(packet: bytes) }
    }
}

/// A device's error message (type 0x82): why it rejected which packet.
public struct DeviceErrorReport: Hashable, Sendable {
    /// Why the packet was rejected.
    public let code: WireErrorCode
    /// The type byte of the rejected packet as the device read it (0x00 when it could not tell).
    public let rejectedType: MessageType
    /// The sequence byte of the rejected packet as the device read it (0 when it could not tell).
    public let rejectedSequence: UInt8
    /// The sequence of the error message itself: the device echoes the rejected packet's.
    public let sequence: UInt8

    /// A report with every field given.
    public init(code: WireErrorCode, rejectedType: MessageType, rejectedSequence: UInt8, sequence: UInt8) {
        self.code = code
        self.rejectedType = rejectedType
        self.rejectedSequence = rejectedSequence
        self.sequence = sequence
    }
}

/// Reads a device's byte stream on the host: de-frames, checks and decodes each packet.
public struct DeviceMessageReader {
    private var deframer: Deframer

    /// A reader whose buffer fits the longest device message (an info with a 32-byte name).
    public init() {
        deframer = Deframer(
            capacity: Wire.packetCount(payloadCount: Wire.infoFixedPayloadCount + Wire.maxFirmwareNameCount))
    }

    /// Takes in one byte; returns the message it completed, if any. Throws for a packet that was dropped
    /// (bad framing, CRC, version, type or length); the reader carries on with the next packet by itself.
    public mutating func push(_ byte: UInt8) throws(WireError) -> DeviceMessage? {
        guard try deframer.push(byte) == .packetReady else { return nil }
        let outcome = deframer.withPacket { bytes in
            Result { () throws(WireError) in try DeviceMessage(packet: bytes) }
        }
        return try outcome.get()
    }
}
