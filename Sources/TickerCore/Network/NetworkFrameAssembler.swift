/// The receiving side of a network matrix: reads each datagram as its protocol's packet and gathers a frame of
/// `ledBytes` strip-ordered LED bytes, as a WLED or Art-Net controller does.
///
/// - DDP, with WLED's rules (`handleDDPPacket`): a packet's pixels start at LED `offset / bytesPerPixel`
///   (RGBW data types carry 4 bytes a pixel, of which the white is dropped here); the frame is shown on the
///   push, and on every packet until the first push has come (a sender that never pushes still shows).
/// - Art-Net and E1.31: universe `first + i` holds bytes `i × channels ..<`; the frame is whole on the packet
///   that completes the set of universes it needs, each come since the last frame. Universes outside the
///   frame are counted, not shown. An E1.31 preview packet is not shown; a stream-terminated one ends the
///   source's stream.
///
/// Data past `ledBytes` is dropped; nothing that arrives can make the buffer grow.
public struct NetworkFrameAssembler: Sendable {
    /// What one datagram did.
    public enum Event: Sendable, Equatable {
        /// A whole frame is in `frame`.
        case frame
        /// The datagram is not a packet of the protocol.
        case damaged(NetworkPacketError)
        /// A packet for a universe this matrix does not show.
        case otherUniverse(Int)
        /// An E1.31 source said its stream of this universe ends.
        case terminated(universe: Int)
    }

    /// The protocol read.
    public let kind: NetworkProtocol
    /// The LED bytes of the frame being gathered (and, after `.frame`, of the whole frame).
    public private(set) var frame: [UInt8]
    /// The universe numbering (Art-Net and E1.31).
    let universes: UniverseSlicing
    private var seen: [Bool]
    private var seenCount = 0
    /// Whether a DDP push has come: until then every packet shows.
    private var seenPush = false

    /// An assembler of frames of `ledBytes` bytes; `firstUniverse` and `channelsPerUniverse` place Art-Net and
    /// E1.31 universes (channels rounded down to whole pixels within 3…512, as the senders do).
    public init(kind: NetworkProtocol, ledBytes: Int, firstUniverse: Int, channelsPerUniverse: Int) {
        self.kind = kind
        frame = [UInt8](repeating: 0, count: max(0, ledBytes))
        universes = UniverseSlicing(
            requestedChannels: channelsPerUniverse, first: firstUniverse,
            range: kind == .sacn ? 1...63_999 : 0...0x7FFF)
        seen = [Bool](repeating: false, count: kind == .ddp ? 0 : universes.count(forBytes: ledBytes))
    }

    /// The universes a frame needs (0 for DDP).
    public var universeCount: Int { seen.count }

    /// Reads one datagram.
    public mutating func receive(_ datagram: UnsafeRawBufferPointer) -> Event? {
        do throws(NetworkPacketError) {
            switch kind {
            case .ddp:
                let packet = try DDPPacket(parsing: datagram)
                showPixels(
                    datagram, packet.data, from: packet.offset / packet.bytesPerPixel, size: packet.bytesPerPixel)
                seenPush = seenPush || packet.push
                return packet.push || !seenPush ? .frame : nil
            case .artnet:
                let packet = try ArtDmxPacket(parsing: datagram)
                return gather(datagram, packet.data, universe: packet.portAddress)
            case .sacn:
                let packet = try E131Packet(parsing: datagram)
                if packet.terminated { return .terminated(universe: packet.universe) }
                if packet.preview { return nil }
                return gather(datagram, packet.data, universe: packet.universe)
            }
        } catch {
            return .damaged(error)
        }
    }

    /// Places a universe's data and says whether that completed the frame.
    private mutating func gather(_ datagram: UnsafeRawBufferPointer, _ data: Range<Int>, universe: Int) -> Event? {
        let index = universe - universes.first
        guard index >= 0, index < seen.count else { return .otherUniverse(universe) }
        place(datagram, data.prefix(universes.channels), at: index * universes.channels)
        if !seen[index] {
            seen[index] = true
            seenCount += 1
        }
        guard seenCount == seen.count else { return nil }
        for at in seen.indices { seen[at] = false }
        seenCount = 0
        return .frame
    }

    /// Copies the pixels of `size` bytes in `datagram[data]` (RGB, then anything else) to the frame from LED
    /// `first`, as far as the frame goes.
    private mutating func showPixels(_ datagram: UnsafeRawBufferPointer, _ data: Range<Int>, from first: Int, size: Int)
    {
        let count = min(data.count / size, max(0, frame.count / 3 - first))
        for pixel in 0..<count {
            let from = data.lowerBound + pixel * size
            place(datagram, from..<(from + 3), at: 3 * (first + pixel))
        }
    }

    /// Copies `datagram[data]` to `offset` in the frame, as far as the frame goes.
    private mutating func place(_ datagram: UnsafeRawBufferPointer, _ data: Range<Int>, at offset: Int) {
        guard offset < frame.count else { return }
        let count = min(data.count, frame.count - offset)
        frame.withUnsafeMutableBytes { bytes in
            bytes.copy(datagram, data.lowerBound..<(data.lowerBound + count), to: offset, width: count)
        }
    }
}
