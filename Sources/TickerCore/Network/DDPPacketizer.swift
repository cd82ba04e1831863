/// One frame's LED bytes as DDP packets, the way WLED's receiver (`handleDDPPacket` in `wled00/e131.cpp`)
/// reads them. The header is 10 bytes:
///
/// | byte | field | value |
/// |---|---|---|
/// | 0 | flags | `0x40` (version 1), `| 0x01` (push) on the frame's last packet only |
/// | 1 | sequence | the low 4 bits, 1–15 (0 would mean "not used") |
/// | 2 | data type | `0x0B`: RGB, 8 bits a channel (WLED takes 4 channels a pixel only for types `0b..011...`) |
/// | 3 | destination | `1`, the display (WLED drops 246, 250 and 251: control, config, status) |
/// | 4–7 | data offset | in bytes from the first LED, big-endian |
/// | 8–9 | data length | in bytes, big-endian |
///
/// A frame takes as few packets as it can at `maxDataBytes` (1440 bytes, 480 pixels: WLED's own
/// `DDP_CHANNELS_PER_PACKET`, and within one 1500-byte Ethernet or WiFi frame). WLED shows the frame on the
/// push. Every packet of a frame carries the same sequence number, one more than the frame before: WLED keeps
/// the last push's number and drops a packet numbered up to four below it as late, which a number counted
/// per packet would hit on frames of more than about ten packets.
///
/// The packets are built in one buffer, reused for every frame: after `init` nothing is allocated.
public struct DDPPacketizer: Sendable {
    /// The bytes before the LED data in every packet.
    public static let headerCount = 10
    /// The most LED bytes one packet carries: 480 pixels.
    public static let maxDataBytes = 1440
    /// The flags byte: version 1.
    public static let version1: UInt8 = 0x40
    /// The flags bit that tells the receiver to show what it has.
    public static let push: UInt8 = 0x01
    /// The data-type byte for RGB at 8 bits a channel.
    public static let rgb8: UInt8 = 0x0B
    /// The destination id of the default output (the display).
    public static let display: UInt8 = 1

    /// The sequence number of the last frame (1–15; 0 before the first).
    public private(set) var sequence: UInt8 = 0
    /// The packets the last frame took (all of them, even if sending stopped early).
    public private(set) var packetCount = 0
    private var buffer: [UInt8]

    /// A packetizer with its buffer for the largest packet.
    public init() {
        buffer = [UInt8](repeating: 0, count: Self.headerCount + Self.maxDataBytes)
        buffer[2] = Self.rgb8
        buffer[3] = Self.display
    }

    /// The packets a frame of `payloadBytes` LED bytes takes: one at least, so that an empty frame still pushes.
    public static func packetCount(payloadBytes: Int) -> Int {
        max(1, (payloadBytes + maxDataBytes - 1) / maxDataBytes)
    }

    /// Builds the packets of one frame of LED bytes (strip order, 3 a pixel) and hands each to `send` with its
    /// index, in order. `send` returns false to stop (the socket's buffer is full): the rest of the frame is
    /// not built. The bytes handed over are valid only during the call. Returns the packets sent.
    @discardableResult
    public mutating func packets(
        of payload: UnsafeRawBufferPointer, _ send: (UnsafeRawBufferPointer, _ index: Int) -> Bool
    ) -> Int {
        sequence = sequence % 15 + 1
        packetCount = Self.packetCount(payloadBytes: payload.count)
        let count = packetCount
        let sequence = sequence
        return buffer.withUnsafeMutableBytes { packet in
            for index in 0..<count {
                let start = index * Self.maxDataBytes
                let length = min(Self.maxDataBytes, payload.count - start)
                packet[0] = index == count - 1 ? Self.version1 | Self.push : Self.version1
                packet[1] = sequence
                packet.storeBigEndian32(start, at: 4)
                packet.storeBigEndian16(length, at: 8)
                packet.copy(payload, start..<(start + length), to: Self.headerCount, width: length)
                let bytes = UnsafeRawBufferPointer(rebasing: packet[0..<(Self.headerCount + length)])
                if !send(bytes, index) { return index }
            }
            return count
        }
    }
}
