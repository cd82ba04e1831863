/// A received DDP packet, read as WLED reads one (see `DDPPacketizer` for the layout), with WLED's rules:
/// the version must be 1; query and reply packets and the control, config and status destinations (246, 250,
/// 251) are not pixel data; a storage packet is refused unless it also pushes; a time code (flags bit 4) puts
/// the data 4 bytes later; a data type whose size bits are `011` has 4 channels a pixel, any other 3.
public struct DDPPacket: Sendable, Equatable {
    /// Whether the receiver should show what it has now.
    public let push: Bool
    /// The sequence number (0–15; 0: not used).
    public let sequence: UInt8
    /// The data-type byte.
    public let dataType: UInt8
    /// The bytes a pixel takes: 4 for RGBW data types, otherwise 3.
    public let bytesPerPixel: Int
    /// The destination id (1: the display).
    public let destination: UInt8
    /// Where the data goes: bytes from the first LED.
    public let offset: Int
    /// Where the data is in the packet.
    public let data: Range<Int>

    /// Reads `bytes` (one UDP payload). Throws a sentence naming the byte when it is not a DDP data packet.
    public init(parsing bytes: UnsafeRawBufferPointer) throws(NetworkPacketError) {
        let header = DDPPacketizer.headerCount
        guard bytes.count >= header else {
            throw .truncated(.ddp, field: "header", length: bytes.count, needed: header)
        }
        let flags = bytes[0]
        guard flags & 0xC0 == DDPPacketizer.version1 else {
            throw .unexpected(
                .ddp, field: "the version (flags' top 2 bits)", at: 0, found: "\(flags >> 6)", expected: "1")
        }
        guard flags & 0x06 == 0 else {
            throw .unexpected(
                .ddp, field: "flags", at: 0, found: hexadecimal(Int(flags)),
                expected: "no query (0x02) or reply (0x04) bit in a data packet")
        }
        push = flags & DDPPacketizer.push != 0
        guard push || flags & 0x08 == 0 else {
            throw .unexpected(
                .ddp, field: "flags", at: 0, found: hexadecimal(Int(flags)),
                expected: "no storage bit (0x08) without push")
        }
        sequence = bytes[1] & 0x0F
        dataType = bytes[2]
        bytesPerPixel = dataType >> 3 & 0b111 == 0b011 ? 4 : 3
        destination = bytes[3]
        guard ![246, 250, 251].contains(destination) else {
            throw .unexpected(
                .ddp, field: "destination id", at: 3, found: "\(destination)",
                expected: "a display (246, 250 and 251 are control, config and status)")
        }
        offset = bytes.bigEndian32(at: 4)
        let length = bytes.bigEndian16(at: 8)
        let start = header + (flags & 0x10 != 0 ? 4 : 0)
        guard bytes.count >= start + length else {
            throw .truncated(
                .ddp, field: "data (length \(length) at byte 8)", length: bytes.count, needed: start + length)
        }
        data = start..<(start + length)
    }
}
