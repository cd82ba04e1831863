/// One frame's LED bytes as the packets of the device's protocol: DDP, Art-Net or E1.31, through the one
/// interface a network sink needs. Each packetizer builds its packets in a buffer of its own, reused for every
/// frame.
public struct NetworkPacketizer: Sendable {
    /// The protocol.
    public let kind: NetworkProtocol
    // Exactly one is set. Optionals rather than an enum with payloads: a packetizer is mutated where it lies,
    // so its buffer is never copied.
    private var ddp: DDPPacketizer?
    private var artnet: ArtNetPacketizer?
    private var sacn: E131Packetizer?

    /// A packetizer for `kind`; the universe options are for Art-Net and E1.31, priority, source name and
    /// CID for E1.31.
    public init(
        kind: NetworkProtocol, firstUniverse: Int, channelsPerUniverse: Int, priority: Int = 100,
        sourceName: String = "tickerd", cid: [UInt8] = [UInt8](repeating: 0, count: 16)
    ) {
        self.kind = kind
        switch kind {
        case .ddp:
            ddp = DDPPacketizer()
        case .artnet:
            artnet = ArtNetPacketizer(
                options: .init(firstUniverse: firstUniverse, channelsPerUniverse: channelsPerUniverse))
        case .sacn:
            sacn = E131Packetizer(
                options: .init(
                    firstUniverse: firstUniverse, channelsPerUniverse: channelsPerUniverse, priority: priority,
                    sourceName: sourceName, cid: cid))
        }
    }

    /// The packets a frame of `payloadBytes` LED bytes takes.
    public func packetCount(payloadBytes: Int) -> Int {
        artnet?.packetCount(payloadBytes: payloadBytes) ?? sacn?.packetCount(payloadBytes: payloadBytes)
            ?? DDPPacketizer.packetCount(payloadBytes: payloadBytes)
    }

    /// The universe of the packet at `index` of a frame; nil for DDP, which has none.
    public func universe(ofPacket index: Int) -> Int? {
        artnet?.universe(ofPacket: index) ?? sacn?.universe(ofPacket: index)
    }

    /// Builds the packets of one frame of LED bytes and hands each to `send` with its index, in order; `send`
    /// returns false to stop. Returns the packets sent.
    @discardableResult
    public mutating func packets(
        of payload: UnsafeRawBufferPointer, _ send: (UnsafeRawBufferPointer, _ index: Int) -> Bool
    ) -> Int {
        ddp?.packets(of: payload, send) ?? artnet?.packets(of: payload, send) ?? sacn?.packets(of: payload, send) ?? 0
    }

    /// Lets the receiver go at once where the protocol can say so (E1.31's stream-terminated packets); DDP and
    /// Art-Net receivers go back to their own effects after their timeout. Returns the packets sent.
    @discardableResult
    public mutating func terminate(_ send: (UnsafeRawBufferPointer, _ index: Int) -> Bool) -> Int {
        sacn?.terminate(send) ?? 0
    }
}
