/// The ANSI E1.31 (streaming ACN) data packet, which carries one universe of a frame's LED bytes: a root layer,
/// a framing layer and a DMP layer, 126 bytes before the slots.
///
/// | byte | field | value |
/// |---|---|---|
/// | 0–1 | preamble size | `0x0010` |
/// | 2–3 | postamble size | `0x0000` |
/// | 4–15 | ACN packet identifier | `ASC-E1.17` and three NULs |
/// | 16–17 | root flags and length | `0x7` in the top 4 bits, then the bytes from byte 16 to the end |
/// | 18–21 | root vector | `0x00000004` (E1.31 data) |
/// | 22–37 | CID | the sender's 16-byte component id |
/// | 38–39 | framing flags and length | `0x7`, then the bytes from byte 38 to the end |
/// | 40–43 | framing vector | `0x00000002` (DMP data) |
/// | 44–107 | source name | UTF-8, NUL-padded to 64 bytes |
/// | 108 | priority | 0–200, 100 by default |
/// | 109–110 | synchronization address | 0: no synchronization |
/// | 111 | sequence number | one more each packet of the universe, wrapping at 255 |
/// | 112 | options | bit 7 preview, bit 6 stream terminated, bit 5 force synchronization |
/// | 113–114 | universe | 1–63999 |
/// | 115–116 | DMP flags and length | `0x7`, then the bytes from byte 115 to the end |
/// | 117 | DMP vector | `0x02` (set property) |
/// | 118 | address type and data type | `0xA1` |
/// | 119–120 | first property address | `0x0000` |
/// | 121–122 | address increment | `0x0001` |
/// | 123–124 | property value count | the slots that follow plus the start code |
/// | 125 | DMX start code | 0 |
/// | 126… | slots | up to 512 |
///
/// Universe `first + i` carries the frame's bytes `i × channels ..< (i + 1) × channels`, whole pixels (510 by
/// default). All universes of a frame share one sequence number, one more than the frame before, so each
/// universe's numbers rise by one a packet. When the sender lets the receiver go, `terminate` sends each
/// universe of the last frame three packets with the stream-terminated bit (E1.31 §6.7.1).
///
/// `E131Packetizer` builds the packets.
public enum E131: UniverseFormat {
    /// Where a frame's bytes go and how the sender names itself.
    public struct Options: UniverseOptions {
        /// The first universe (1–63999).
        public var firstUniverse: Int
        /// The slots (bytes) each universe carries, rounded down to whole pixels within 3…512.
        public var channelsPerUniverse: Int
        /// The priority of this source among others sending the same universe (0–200; receivers show the
        /// highest).
        public var priority: Int
        /// The sender's name as receivers show it: UTF-8, at most 63 bytes (longer is cut at a character).
        public var sourceName: String
        /// The sender's component id, stable for an installation: 16 bytes (shorter is padded with zeros,
        /// longer cut).
        public var cid: [UInt8]

        /// Options from universe `firstUniverse`.
        public init(
            firstUniverse: Int = 1, channelsPerUniverse: Int = 510, priority: Int = 100,
            sourceName: String = "tickerd", cid: [UInt8] = [UInt8](repeating: 0, count: 16)
        ) {
            self.firstUniverse = firstUniverse
            self.channelsPerUniverse = channelsPerUniverse
            self.priority = priority
            self.sourceName = sourceName
            self.cid = cid
        }
    }

    /// Universe 1, 510 slots (170 pixels) each, priority 100, named `tickerd`, a CID of zeros.
    public static var defaultOptions: Options { Options() }
    /// The bytes before the first slot in every packet (start code included).
    public static let headerCount = 126
    /// The options byte's preview bit: receivers do not drive their outputs with such a packet.
    public static let previewBit: UInt8 = 0x80
    /// The options byte's stream-terminated bit.
    public static let terminatedBit: UInt8 = 0x40
    /// The ACN packet identifier at bytes 4–15.
    static let identifier: [UInt8] = Array("ASC-E1.17".utf8) + [0, 0, 0]
    /// The root layer's vector: E1.31 data.
    static let rootVector = 0x0000_0004
    /// The framing layer's vector: DMP data.
    static let framingVector = 0x0000_0002

    /// Universes are numbered 1–63999.
    public static let universeNumbers = 1...63_999

    /// The buffer for the largest packet, with every field that is the same in each packet of `options`
    /// written.
    public static func emptyPacket(for options: Options) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: headerCount + 512)
        buffer.withUnsafeMutableBytes { packet in
            packet.storeBigEndian16(0x0010, at: 0)
            packet.store(identifier, at: 4, width: 12)
            packet.storeBigEndian32(rootVector, at: 18)
            packet.store(options.cid, at: 22, width: 16)
            packet.storeBigEndian32(framingVector, at: 40)
            packet.store(nameBytes(options.sourceName), at: 44, width: 64)
            packet[108] = UInt8(max(0, min(200, options.priority)))
            packet[117] = 0x02
            packet[118] = 0xA1
            packet.storeBigEndian16(0x0001, at: 121)
        }
        return buffer
    }

    /// One more, wrapping at 255.
    public static func sequence(after previous: UInt8) -> UInt8 { previous &+ 1 }

    /// The three layers' lengths, sequence, options (`flags`), universe and the property value count.
    public static func writeHeader(
        _ packet: UnsafeMutableRawBufferPointer, universe: Int, sequence: UInt8, flags: UInt8, slots: Int
    ) -> Int {
        let length = headerCount + slots
        packet.storeBigEndian16(0x7000 | (length - 16), at: 16)
        packet.storeBigEndian16(0x7000 | (length - 38), at: 38)
        packet[111] = sequence
        packet[112] = flags
        packet.storeBigEndian16(universe, at: 113)
        packet.storeBigEndian16(0x7000 | (length - 115), at: 115)
        packet.storeBigEndian16(slots + 1, at: 123)
        return length
    }

    /// The UTF-8 of `name`, cut to 63 bytes at a character's start so that a NUL ends it.
    static func nameBytes(_ name: String) -> ArraySlice<UInt8> {
        let bytes = Array(name.utf8)
        var end = min(bytes.count, 63)
        // A byte 0b10xxxxxx continues a character: cut before the character it belongs to.
        while end < bytes.count, end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return bytes[0..<end]
    }
}

/// One frame's LED bytes as E1.31 data packets, one a universe (see `E131` for the layout).
public typealias E131Packetizer = UniversePacketizer<E131>

extension UniversePacketizer where Format == E131 {
    /// The IPv4 multicast group of `universe` (1–63999): `239.255.hi.lo`, E1.31 §9.3.1.
    public static func multicastGroup(universe: Int) -> String {
        "239.255.\(universe >> 8 & 0xFF).\(universe & 0xFF)"
    }

    /// Sends each universe of the last frame three stream-terminated packets (E1.31 §6.7.1: the receiver
    /// lets the source go at once rather than after its timeout), round after round; they carry no slots.
    /// Returns the packets sent; `send` returning false stops them.
    @discardableResult
    public mutating func terminate(_ send: (UnsafeRawBufferPointer, _ index: Int) -> Bool) -> Int {
        var sent = 0
        for _ in 0..<3 {
            let count = round(
                of: UnsafeRawBufferPointer(start: nil, count: 0), universes: packetCount, flags: E131.terminatedBit,
                send)
            sent += count
            if count < packetCount { break }
        }
        return sent
    }
}
