/// One frame's LED bytes as Art-Net ArtDmx packets, one a universe. The header is 18 bytes:
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
/// The packets are built in one buffer, reused for every frame: after `init` nothing is allocated.
public struct ArtNetPacketizer: Sendable {
    /// Where a frame's bytes go.
    public struct Options: Sendable, Equatable {
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

    /// The bytes before the channels in every packet.
    public static let headerCount = 18
    /// The packet's first 12 bytes: ID, OpCode and ProtVer.
    static let preamble: [UInt8] = Array("Art-Net".utf8) + [0, 0x00, 0x50, 0, 14]

    /// The options as given.
    public let options: Options
    let universes: UniverseSlicing
    /// The sequence number of the last frame (1–255; 0 before the first).
    public private(set) var sequence: UInt8 = 0
    /// The packets (universes) the last frame took, even if sending stopped early.
    public private(set) var packetCount = 0
    private var buffer: [UInt8]

    /// A packetizer for `options`, with its buffer for the largest packet.
    public init(options: Options = Options()) {
        self.options = options
        universes = UniverseSlicing(
            requestedChannels: options.channelsPerUniverse, first: options.firstUniverse, range: 0...0x7FFF)
        buffer = Self.preamble + [UInt8](repeating: 0, count: Self.headerCount - Self.preamble.count + 512)
    }

    /// The most LED bytes a frame can carry; bytes past it are not sent.
    public var maxPayloadBytes: Int { universes.maxBytes }

    /// The channels a full universe carries.
    public var channelsPerUniverse: Int { universes.channels }

    /// The port address of the packet at `index` in a frame.
    public func universe(ofPacket index: Int) -> Int { universes.first + index }

    /// The packets a frame of `payloadBytes` LED bytes takes (none for an empty frame).
    public func packetCount(payloadBytes: Int) -> Int { universes.count(forBytes: payloadBytes) }

    /// Builds the packets of one frame of LED bytes (strip order, 3 a pixel) and hands each to `send` with its
    /// index (universe `firstUniverse + index`), in order. `send` returns false to stop (the socket's buffer is
    /// full). The bytes handed over are valid only during the call. Returns the packets sent.
    @discardableResult
    public mutating func packets(
        of payload: UnsafeRawBufferPointer, _ send: (UnsafeRawBufferPointer, _ index: Int) -> Bool
    ) -> Int {
        sequence = sequence == 255 ? 1 : sequence + 1
        packetCount = universes.count(forBytes: payload.count)
        let (count, sequence, universes) = (packetCount, sequence, universes)
        return buffer.withUnsafeMutableBytes { packet in
            for index in 0..<count {
                let range = universes.range(of: index, forBytes: payload.count)
                let length = max(2, range.count + range.count % 2)
                let port = universes.first + index
                packet[12] = sequence
                packet[14] = UInt8(truncatingIfNeeded: port)
                packet[15] = UInt8(truncatingIfNeeded: port >> 8) & 0x7F
                packet.storeBigEndian16(length, at: 16)
                packet.copy(payload, range, to: Self.headerCount, width: length)
                let bytes = UnsafeRawBufferPointer(rebasing: packet[0..<(Self.headerCount + length)])
                if !send(bytes, index) { return index }
            }
            return count
        }
    }
}
