// fuzz-module: TickerCore/Network
// Feeds arbitrary bytes to the three network frame decoders (DDP, Art-Net's ArtDmx, E1.31) as one UDP payload
// each: every packet read keeps its data inside the payload, every refusal names a byte inside it, and the data
// of a packet read goes back through its protocol's packetizer and reads the same again; a frame assembler
// keeps its frame's size.

@testable import TickerCore

func fuzzNetwork(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    func inside(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        if range.lowerBound < 0 || range.upperBound > size { fatalError("data \(range) outside \(size) bytes") }
        return UnsafeRawBufferPointer(rebasing: bytes[range])
    }
    /// The first packet a packetizer builds, copied.
    func first(_ packetize: ((UnsafeRawBufferPointer, Int) -> Bool) -> Int) -> [UInt8] {
        var first: [UInt8] = []
        _ = packetize { packet, _ in
            first = Array(packet)
            return false
        }
        return first
    }
    func fail(_ text: String) -> Never { fatalError("\(size) bytes: \(text)") }
    do throws(NetworkPacketError) {
        let packet = try DDPPacket(parsing: bytes)
        let payload = inside(packet.data)
        var packetizer = DDPPacketizer()
        let ours = first { packetizer.packets(of: payload, $0) }
        ours.withUnsafeBytes { raw in
            guard let read = try? DDPPacket(parsing: raw) else { fail("our own packet is refused") }
            if read.offset != 0 || Array(raw[read.data]) != Array(payload.prefix(DDPPacketizer.maxDataBytes)) {
                fail("DDP data does not read back")
            }
        }
    } catch {
        if error.offset < 0 || error.offset > size { fail("\(error) names a byte outside") }
    }
    do throws(NetworkPacketError) {
        let packet = try ArtDmxPacket(parsing: bytes)
        let payload = inside(packet.data)
        var packetizer = ArtNetPacketizer(options: .init(firstUniverse: packet.portAddress, channelsPerUniverse: 512))
        let ours = first { packetizer.packets(of: payload, $0) }
        ours.withUnsafeBytes { raw in
            guard let read = try? ArtDmxPacket(parsing: raw) else { fail("our own packet is refused") }
            let channels = Array(raw[read.data].prefix(payload.count))
            if read.portAddress != packet.portAddress || channels != Array(payload.prefix(510)) {
                fail("ArtDmx data does not read back")
            }
        }
    } catch {
        if error.offset < 0 || error.offset > size { fail("\(error) names a byte outside") }
    }
    do throws(NetworkPacketError) {
        let packet = try E131Packet(parsing: bytes)
        let payload = inside(packet.data)
        var packetizer = E131Packetizer(
            options: .init(
                firstUniverse: packet.universe, priority: Int(packet.priority), sourceName: packet.sourceName,
                cid: packet.cid))
        let ours = first { packetizer.packets(of: payload, $0) }
        guard !payload.isEmpty else { return 0 }
        ours.withUnsafeBytes { raw in
            guard let read = try? E131Packet(parsing: raw) else { fail("our own packet is refused") }
            if read.universe != packet.universe || read.cid != packet.cid || read.priority != packet.priority
                || Array(raw[read.data]) != Array(payload.prefix(510))
            {
                fail("E1.31 data does not read back")
            }
        }
    } catch {
        if error.offset < 0 || error.offset > size { fail("\(error) names a byte outside") }
    }
    // The receiving side, on a 64-LED matrix: whatever comes, the frame keeps its size.
    for kind in NetworkProtocol.allCases {
        var assembler = NetworkFrameAssembler(kind: kind, ledBytes: 192, firstUniverse: 1, channelsPerUniverse: 96)
        _ = assembler.receive(bytes)
        if assembler.frame.count != 192 { fail("the \(kind) frame became \(assembler.frame.count) bytes") }
    }
    return 0
}
