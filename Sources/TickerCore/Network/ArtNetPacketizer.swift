/// Art-Net's ArtDmx packet, which carries one universe of a frame's LED bytes. The header is 18 bytes:
///
/// | byte | field | value |
/// |---|---|---|
/// | 0–7 | ID | `Art-Net` and a NUL |
/// | 8–9 | OpCode | `0x5000` (ArtDmx), low byte first |
/// | 10–11 | ProtVer | 14, high byte first |
/// | 12 | Sequence | 1–255, then 1 again (0 would switch the receiver's reordering off) |
/// | 13 | Physical | 0 |
/// | 14 | SubUni | the low 8 bits of the 15-bit port address |
/// | 15 | Net | the port address's top 7 bits |
/// | 16–17 | Length | the channels that follow, high byte first: even, 2–512 |
///
/// Universe `first + i` carries the frame's bytes `i × channels ..< (i + 1) × channels`, whole pixels (510
/// channels, 170 pixels, by default); the last universe takes what is left, padded with a zero to an even
/// length. All universes of one frame share a sequence number, one more than the frame before, so each
/// universe's numbers rise by one a frame.
///
/// AWTRIX 3 (`DisplayManager.cpp` and `ArtnetWifi.cpp` in its firmware) reads Art-Net this way, which the
/// `awtrix` options follow:
/// - it listens on 6454 for datagrams of at most 530 bytes that start with `Art-Net` and a NUL; it reads the
///   universe as bytes 14–15, low byte first (so port addresses 0 and 1), ignores sequence, physical and
///   ProtVer, and takes `length / 3` pixels from each universe;
/// - its 32×8 matrix is 256 pixels, which it counts as 2 universes from universe 0; pixel `i` of universe
///   `u` lands at LED `i + u × (the previous packet's length / 3)`, in rows of 32 from the top left, without
///   serpentine: so both universes must have the same length (384 channels, 128 pixels, 4 rows each), and
///   universe 0 must come first;
/// - it shows the matrix when both universes have come since it last showed it, in any order;
/// - universe 10 sets its brightness from the first channel (so a frame must not reach universe 10);
/// - any ArtDmx, ArtPoll or ArtSync packet keeps it showing Art-Net; 1 s after the last one it goes back to
///   its own apps.
///
/// `ArtNetPacketizer` builds the packets.
public enum ArtNet: UniverseFormat {
    /// Where a frame's bytes go.
    public struct Options: UniverseOptions {
        /// The port address of the first universe (0–32767; Net, Sub-Net and Universe as one number).
        public var firstUniverse: Int
        /// The channels (bytes) each universe carries, rounded down to whole pixels within 3…512.
        public var channelsPerUniverse: Int

        /// Options from universe `firstUniverse`, `channelsPerUniverse` channels each.
        public init(firstUniverse: Int = 0, channelsPerUniverse: Int = 510) {
            self.firstUniverse = firstUniverse
            self.channelsPerUniverse = channelsPerUniverse
        }

        /// AWTRIX 3 (Ulanzi TC001): universes 0 and 1, 384 channels (128 pixels) each, for its 32×8 matrix.
        public static let awtrix = Options(firstUniverse: 0, channelsPerUniverse: 384)
    }

    /// Universe 0, 510 channels (170 pixels) each.
    public static var defaultOptions: Options { Options() }
    /// The bytes before the channels in every packet.
    public static let headerCount = 18
    /// Port addresses are 15 bits.
    public static let universeNumbers = 0...0x7FFF
    /// The ID that starts every Art-Net packet: `Art-Net` and a NUL.
    static let id: [UInt8] = Array("Art-Net".utf8) + [0]
    /// The packet's first 12 bytes: ID, OpCode and ProtVer.
    static let preamble: [UInt8] = id + [0x00, 0x50, 0, 14]

    /// The preamble, then room for the rest of the header and 512 channels.
    public static func emptyPacket(for options: Options) -> [UInt8] {
        preamble + [UInt8](repeating: 0, count: headerCount - preamble.count + 512)
    }

    /// 1–255, then 1 again: 0 would switch the receiver's reordering off.
    public static func sequence(after previous: UInt8) -> UInt8 { previous == 255 ? 1 : previous + 1 }

    /// Sequence, port address and length; the channels are padded with a zero to an even length (at least
    /// 2). Art-Net has no options byte: `flags` is not sent.
    public static func writeHeader(
        _ packet: UnsafeMutableRawBufferPointer, universe: Int, sequence: UInt8, flags: UInt8, slots: Int
    ) -> Int {
        let length = max(2, slots + slots % 2)
        packet[12] = sequence
        packet[14] = UInt8(truncatingIfNeeded: universe)
        packet[15] = UInt8(truncatingIfNeeded: universe >> 8) & 0x7F
        packet.storeBigEndian16(length, at: 16)
        return headerCount + length
    }
}

/// One frame's LED bytes as Art-Net ArtDmx packets, one a universe (see `ArtNet` for the layout).
public typealias ArtNetPacketizer = UniversePacketizer<ArtNet>
