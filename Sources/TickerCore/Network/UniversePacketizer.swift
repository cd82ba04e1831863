/// Where a frame's bytes go in a DMX-over-IP protocol: the first universe and the channels each carries.
public protocol UniverseOptions: Sendable, Equatable {
    /// The number of the first universe.
    var firstUniverse: Int { get }
    /// The channels (bytes) each universe carries, before rounding down to whole pixels within 3…512.
    var channelsPerUniverse: Int { get }
}

/// A DMX-over-IP protocol's data packet, one a universe (`ArtNet`, `E131`): the header around one universe's
/// slots. `UniversePacketizer` slices the frame and numbers it; the format writes the bytes.
public protocol UniverseFormat: Sendable {
    /// The protocol's options.
    associatedtype Options: UniverseOptions
    /// The options a packetizer has unless given others.
    static var defaultOptions: Options { get }
    /// The bytes before the slots in every packet.
    static var headerCount: Int { get }
    /// The universe numbers the protocol has.
    static var universeNumbers: ClosedRange<Int> { get }
    /// A buffer for the largest packet (512 slots), with the fields every packet of `options` shares written.
    static func emptyPacket(for options: Options) -> [UInt8]
    /// The sequence number of the frame after one numbered `previous` (0 before the first frame).
    static func sequence(after previous: UInt8) -> UInt8
    /// Writes the fields of `packet` that differ from packet to packet: for `universe`, numbered `sequence`,
    /// `flags` in its options (0 for data; E1.31 alone has such a byte), and `slots` bytes to follow the
    /// header. Returns the packet's length, the header and the slots (padded as the protocol wants) together.
    static func writeHeader(
        _ packet: UnsafeMutableRawBufferPointer, universe: Int, sequence: UInt8, flags: UInt8, slots: Int
    ) -> Int
}

/// One frame's LED bytes as the data packets of `Format`, one a universe: universe `first + i` carries the
/// frame's bytes `i × channels ..< (i + 1) × channels`, whole pixels, and the last universe takes what is left.
/// All universes of a frame share one sequence number, the one after the frame before's.
///
/// The packets are built in one buffer, reused for every frame: after `init` nothing is allocated.
public struct UniversePacketizer<Format: UniverseFormat>: Sendable {
    /// Where a frame's bytes go.
    public typealias Options = Format.Options

    /// The options as given.
    public let options: Options
    let universes: UniverseSlicing
    /// The sequence number of the last frame (0 before the first).
    public private(set) var sequence: UInt8 = 0
    /// The packets (universes) the last frame took, even if sending stopped early.
    public private(set) var packetCount = 0
    private var buffer: [UInt8]

    /// A packetizer for `options`, with its buffer for the largest packet and the constant fields written.
    public init(options: Options = Format.defaultOptions) {
        self.options = options
        universes = UniverseSlicing(
            requestedChannels: options.channelsPerUniverse, first: options.firstUniverse,
            range: Format.universeNumbers)
        buffer = Format.emptyPacket(for: options)
    }

    /// The bytes before the slots in every packet.
    public static var headerCount: Int { Format.headerCount }

    /// The most LED bytes a frame can carry; bytes past it are not sent.
    public var maxPayloadBytes: Int { universes.maxBytes }

    /// The channels a full universe carries.
    public var channelsPerUniverse: Int { universes.channels }

    /// The universe of the packet at `index` in a frame.
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
        packetCount = universes.count(forBytes: payload.count)
        return round(of: payload, universes: packetCount, flags: 0, send)
    }

    /// One packet for each of the first `count` universes, the next sequence number, `flags` set; an empty
    /// `payload` sends packets without slots.
    mutating func round(
        of payload: UnsafeRawBufferPointer, universes count: Int, flags: UInt8,
        _ send: (UnsafeRawBufferPointer, _ index: Int) -> Bool
    ) -> Int {
        sequence = Format.sequence(after: sequence)
        let (sequence, universes) = (sequence, universes)
        return buffer.withUnsafeMutableBytes { packet in
            for index in 0..<count {
                let range = payload.isEmpty ? 0..<0 : universes.range(of: index, forBytes: payload.count)
                let length = Format.writeHeader(
                    packet, universe: universes.first + index, sequence: sequence, flags: flags, slots: range.count)
                packet.copy(payload, range, to: Format.headerCount, width: length - Format.headerCount)
                if !send(UnsafeRawBufferPointer(rebasing: packet[0..<length]), index) { return index }
            }
            return count
        }
    }
}
