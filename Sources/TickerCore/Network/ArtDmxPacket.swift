/// A received Art-Net ArtDmx packet (see `ArtNet` for the layout). It must start with the ID, have
/// OpCode `0x5000`, ProtVer 14 or later, a port address whose top bit is clear and 1–512 channels, all of them
/// in the packet. An odd length, which the specification asks senders not to use, is read as it is, as
/// receivers in the field do.
public struct ArtDmxPacket: Sendable, Equatable {
    /// The sequence number (0: the sender does not number its packets).
    public let sequence: UInt8
    /// The sender's physical input port.
    public let physical: UInt8
    /// The 15-bit port address: Net (7 bits), Sub-Net (4) and Universe (4).
    public let portAddress: Int
    /// Where the channels are in the packet.
    public let data: Range<Int>

    /// Reads `bytes` (one UDP payload). Throws a sentence naming the byte when it is not an ArtDmx packet.
    public init(parsing bytes: UnsafeRawBufferPointer) throws(NetworkPacketError) {
        guard bytes.count >= 10 else {
            throw .truncated(.artnet, field: "ID and OpCode", length: bytes.count, needed: 10)
        }
        guard bytes.holds(ArtNet.id, at: 0) else {
            throw .unexpected(.artnet, field: "the ID", at: 0, found: "something else", expected: "'Art-Net' and a NUL")
        }
        let opCode = Int(bytes[8]) | Int(bytes[9]) << 8
        guard opCode == 0x5000 else {
            throw .unexpected(
                .artnet, field: "OpCode", at: 8, found: hexadecimal(opCode, digits: 4), expected: "0x5000 (ArtDmx)")
        }
        let header = ArtNet.headerCount
        guard bytes.count >= header else {
            throw .truncated(.artnet, field: "ArtDmx header", length: bytes.count, needed: header)
        }
        let version = bytes.bigEndian16(at: 10)
        guard version >= 14 else {
            throw .unexpected(.artnet, field: "ProtVer", at: 10, found: "\(version)", expected: "14 or later")
        }
        sequence = bytes[12]
        physical = bytes[13]
        guard bytes[15] & 0x80 == 0 else {
            throw .unexpected(
                .artnet, field: "Net", at: 15, found: hexadecimal(Int(bytes[15])),
                expected: "0x00–0x7F (15-bit port address)")
        }
        portAddress = Int(bytes[15]) << 8 | Int(bytes[14])
        let length = bytes.bigEndian16(at: 16)
        guard (1...512).contains(length) else {
            throw .unexpected(.artnet, field: "Length", at: 16, found: "\(length)", expected: "1–512 channels")
        }
        guard bytes.count >= header + length else {
            throw .truncated(
                .artnet, field: "channels (Length \(length) at byte 16)", length: bytes.count, needed: header + length)
        }
        data = header..<(header + length)
    }
}
