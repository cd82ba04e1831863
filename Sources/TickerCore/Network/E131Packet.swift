/// A received E1.31 data packet (see `E131` for the layout). Every layer's vector and length must be
/// those of a data packet of exactly the received size, the DMP layer must be set-property with address type
/// `0xA1`, first address 0 and increment 1, and the start code 0 (other start codes are not levels); the
/// universe must be 1–63999.
public struct E131Packet: Sendable, Equatable {
    /// The sender's component id.
    public let cid: [UInt8]
    /// The sender's name, up to its first NUL.
    public let sourceName: String
    /// The source's priority (0–200).
    public let priority: UInt8
    /// The synchronization universe (0: none).
    public let syncAddress: Int
    /// The sequence number.
    public let sequence: UInt8
    /// The options byte.
    public let options: UInt8
    /// The universe.
    public let universe: Int
    /// Where the slots (after the start code) are in the packet.
    public let data: Range<Int>

    /// Whether the packet is for previews only: receivers do not drive their outputs with it.
    public var preview: Bool { options & E131.previewBit != 0 }
    /// Whether the source has stopped sending this universe.
    public var terminated: Bool { options & E131.terminatedBit != 0 }

    /// Reads `bytes` (one UDP payload). Throws a sentence naming the byte when it is not an E1.31 data packet.
    public init(parsing bytes: UnsafeRawBufferPointer) throws(NetworkPacketError) {
        let header = E131.headerCount
        guard bytes.count >= header else {
            throw .truncated(.sacn, field: "three layers' headers", length: bytes.count, needed: header)
        }
        try Self.expect(bytes, "preamble size", at: 0, 0x0010, width: 2)
        try Self.expect(bytes, "postamble size", at: 2, 0, width: 2)
        guard bytes.holds(E131.identifier, at: 4) else {
            throw .unexpected(
                .sacn, field: "the ACN packet identifier", at: 4, found: "something else",
                expected: "'ASC-E1.17' and three NULs")
        }
        try Self.expect(bytes, "root layer flags and length", at: 16, 0x7000 | (bytes.count - 16), width: 2)
        try Self.expect(bytes, "root vector", at: 18, E131.rootVector, width: 4)
        cid = Array(bytes[22..<38])
        try Self.expect(bytes, "framing layer flags and length", at: 38, 0x7000 | (bytes.count - 38), width: 2)
        try Self.expect(bytes, "framing vector", at: 40, E131.framingVector, width: 4)
        let name = bytes[44..<108]
        sourceName = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
        priority = bytes[108]
        guard priority <= 200 else {
            throw .unexpected(.sacn, field: "priority", at: 108, found: "\(priority)", expected: "0–200")
        }
        syncAddress = bytes.bigEndian16(at: 109)
        sequence = bytes[111]
        options = bytes[112]
        universe = bytes.bigEndian16(at: 113)
        guard (1...63_999).contains(universe) else {
            throw .unexpected(.sacn, field: "universe", at: 113, found: "\(universe)", expected: "1–63999")
        }
        try Self.expect(bytes, "DMP layer flags and length", at: 115, 0x7000 | (bytes.count - 115), width: 2)
        try Self.expect(bytes, "DMP vector", at: 117, 0x02, width: 1)
        try Self.expect(bytes, "address and data type", at: 118, 0xA1, width: 1)
        try Self.expect(bytes, "first property address", at: 119, 0, width: 2)
        try Self.expect(bytes, "address increment", at: 121, 1, width: 2)
        let count = bytes.bigEndian16(at: 123)
        guard count <= 513 else {
            throw .unexpected(.sacn, field: "property value count", at: 123, found: "\(count)", expected: "1–513")
        }
        try Self.expect(bytes, "property value count", at: 123, bytes.count - 125, width: 2)
        try Self.expect(bytes, "DMX start code", at: 125, 0, width: 1)
        data = header..<bytes.count
    }

    /// Throws unless the big-endian field of `width` bytes at `offset` holds `expected`.
    private static func expect(
        _ bytes: UnsafeRawBufferPointer, _ field: String, at offset: Int, _ expected: Int, width: Int
    ) throws(NetworkPacketError) {
        let found =
            switch width {
            case 1: Int(bytes[offset])
            case 2: bytes.bigEndian16(at: offset)
            default: bytes.bigEndian32(at: offset)
            }
        guard found == expected else {
            throw .unexpected(
                .sacn, field: field, at: offset, found: hexadecimal(found, digits: 2 * width),
                expected: hexadecimal(expected, digits: 2 * width))
        }
    }
}
