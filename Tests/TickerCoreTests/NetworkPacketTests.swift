import Testing

@testable import TickerCore

/// The UDP frame protocols, both sides: headers byte for byte against the specifications' layouts (written
/// out here by hand, not by the encoders), frames split and rebuilt, sequence numbers, and the decoders
/// against damaged packets.
@Suite struct NetworkPacketTests {
    /// The bytes of `text`: hexadecimal pairs, spaces ignored; `…N×XX` repeats XX N times.
    static func bytes(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        for word in text.split(separator: " ") {
            let parts = word.split(separator: "×")
            let count = parts.count == 2 ? Int(parts[0]) ?? 0 : 1
            result += [UInt8](repeating: UInt8(parts.last ?? "", radix: 16) ?? 0xEE, count: count)
        }
        return result
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String { StripCodecTests.hex(bytes) }

    /// A frame of `count` LED bytes, no two neighbours alike.
    static func payload(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ $0 >> 8) } }

    /// Every packet `build` hands over, copied.
    static func collect(_ build: ((UnsafeRawBufferPointer, Int) -> Bool) -> Int) -> [[UInt8]] {
        var packets: [[UInt8]] = []
        let sent = build { bytes, index in
            #expect(index == packets.count)
            packets.append(Array(bytes))
            return true
        }
        #expect(sent == packets.count)
        return packets
    }

    static func ddp(_ packetizer: inout DDPPacketizer, _ payload: [UInt8]) -> [[UInt8]] {
        payload.withUnsafeBytes { raw in collect { packetizer.packets(of: raw, $0) } }
    }

    static func artNet(_ packetizer: inout ArtNetPacketizer, _ payload: [UInt8]) -> [[UInt8]] {
        payload.withUnsafeBytes { raw in collect { packetizer.packets(of: raw, $0) } }
    }

    static func e131(_ packetizer: inout E131Packetizer, _ payload: [UInt8]) -> [[UInt8]] {
        payload.withUnsafeBytes { raw in collect { packetizer.packets(of: raw, $0) } }
    }

    // MARK: DDP

    @Test func ddpHeaderIsWLEDs() {
        // Version 1 and push, sequence 1, RGB 8-bit (0x0B), display 1, offset 0, 6 bytes.
        var ddp = DDPPacketizer()
        let packets = Self.ddp(&ddp, [0xFF, 0x80, 0x01, 0x00, 0x10, 0x20])
        #expect(packets.map(Self.hex) == ["41 01 0b 01 00 00 00 00 00 06 ff 80 01 00 10 20"])
    }

    @Test func ddp32x8FrameIsOnePushedPacket() {
        var ddp = DDPPacketizer()
        let packets = Self.ddp(&ddp, Self.payload(768))
        #expect(packets.map { Self.hex($0.prefix(10)) } == ["41 01 0b 01 00 00 00 00 03 00"])
        #expect(packets[0].count == 778)
        #expect(ddp.packetCount == 1)
    }

    @Test func ddp64x64FrameIsNinePacketsOf480PixelsPushedOnTheLast() {
        var ddp = DDPPacketizer()
        let packets = Self.ddp(&ddp, Self.payload(64 * 64 * 3))
        // 12288 bytes = 8 × 1440 + 768.
        #expect(packets.count == 9)
        #expect(DDPPacketizer.packetCount(payloadBytes: 12_288) == 9)
        #expect(Self.hex(packets[0].prefix(10)) == "40 01 0b 01 00 00 00 00 05 a0")
        #expect(Self.hex(packets[1].prefix(10)) == "40 01 0b 01 00 00 05 a0 05 a0")
        #expect(Self.hex(packets[7].prefix(10)) == "40 01 0b 01 00 00 27 60 05 a0")
        #expect(Self.hex(packets[8].prefix(10)) == "41 01 0b 01 00 00 2d 00 03 00")
        #expect(packets.map(\.count) == [1450, 1450, 1450, 1450, 1450, 1450, 1450, 1450, 778])
    }

    @Test func ddpSequenceRunsOneToFifteenPerFrame() {
        var ddp = DDPPacketizer()
        var seen: [UInt8] = []
        for _ in 0..<17 {
            let packets = Self.ddp(&ddp, Self.payload(3000))
            #expect(Set(packets.map { $0[1] }).count == 1, "one number for every packet of a frame")
            seen.append(packets[0][1])
        }
        #expect(seen == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 1, 2])
    }

    @Test func ddpEmptyFrameStillPushes() {
        var ddp = DDPPacketizer()
        #expect(Self.ddp(&ddp, []).map(Self.hex) == ["41 01 0b 01 00 00 00 00 00 00"])
    }

    // MARK: Art-Net

    @Test func artDmxHeaderIsTheSpecifications() {
        // ID, OpCode 0x5000 low byte first, ProtVer 14, sequence 1, physical 0, SubUni 0, Net 0, length 6.
        var artNet = ArtNetPacketizer()
        let packets = Self.artNet(&artNet, [1, 2, 3, 4, 5, 6])
        #expect(
            packets.map(Self.hex) == ["41 72 74 2d 4e 65 74 00 00 50 00 0e 01 00 00 00 00 06 01 02 03 04 05 06"])
    }

    @Test func artDmxPortAddressIsSubUniThenNet() {
        var artNet = ArtNetPacketizer(options: .init(firstUniverse: 0x1234))
        let packets = Self.artNet(&artNet, Self.payload(600))
        #expect(packets.map { Self.hex($0[12..<18]) } == ["01 00 34 12 01 fe", "01 00 35 12 00 5a"])
    }

    @Test func artDmxPadsAnOddUniverseToEvenLength() {
        var artNet = ArtNetPacketizer()
        let packets = Self.artNet(&artNet, [9, 8, 7])
        #expect(packets.map { Self.hex($0[16...]) } == ["00 04 09 08 07 00"])
    }

    @Test func art64x64FrameFills25UniversesOf170Pixels() {
        var artNet = ArtNetPacketizer()
        let packets = Self.artNet(&artNet, Self.payload(12_288))
        // 12288 = 24 × 510 + 48.
        #expect(packets.count == 25)
        #expect(artNet.packetCount == 25)
        #expect(packets.dropLast().allSatisfy { Self.hex($0[16..<18]) == "01 fe" && $0.count == 528 })
        #expect(Self.hex(packets[24][12..<18]) == "01 00 18 00 00 30")
    }

    @Test func awtrixPresetIsTwoUniversesOf384Channels() {
        var artNet = ArtNetPacketizer(options: .awtrix)
        let packets = Self.artNet(&artNet, Self.payload(32 * 8 * 3))
        #expect(packets.map { Self.hex($0[12..<18]) } == ["01 00 00 00 01 80", "01 00 01 00 01 80"])
        #expect(packets.map(\.count) == [402, 402])
    }

    @Test func artDmxSequenceSkipsZeroWhenItWraps() {
        var artNet = ArtNetPacketizer()
        var seen: [UInt8] = []
        for _ in 0..<257 { seen.append(Self.artNet(&artNet, [1, 2, 3])[0][12]) }
        #expect(Array(seen.prefix(2)) == [1, 2])
        #expect(Array(seen.suffix(3)) == [255, 1, 2])
        #expect(!seen.contains(0))
    }

    @Test func framesBeyondTheLastPortAddressAreCut() {
        var artNet = ArtNetPacketizer(options: .init(firstUniverse: 0x7FFF, channelsPerUniverse: 3))
        #expect(artNet.maxPayloadBytes == 3)
        #expect(Self.artNet(&artNet, Self.payload(30)).map { Self.hex($0[14...]) } == ["ff 7f 00 04 00 97 2e 00"])
    }

    // MARK: E1.31

    static let cid: [UInt8] = Array(0..<16)

    @Test func e131PacketIsTheSpecificationsThreeLayers() {
        var e131 = E131Packetizer(options: .init(cid: Self.cid))
        let packets = Self.e131(&e131, [0xFF, 0x80, 0x01])
        let expected = Self.bytes(
            // Root layer: preamble, postamble, ACN id, flags and length (129 − 16), vector, CID.
            "00 10 00 00 41 53 43 2d 45 31 2e 31 37 00 00 00 70 71 00 00 00 04"
                + " 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f"
                // Framing layer: flags and length (129 − 38), vector, "tickerd" NUL-padded to 64, priority 100,
                // synchronization address 0, sequence 1, options 0, universe 1.
                + " 70 5b 00 00 00 02 74 69 63 6b 65 72 64 57×00 64 00 00 01 00 00 01"
                // DMP layer: flags and length (129 − 115), vector, type, first address, increment, count 4,
                // start code 0, the three slots.
                + " 70 0e 02 a1 00 00 00 01 00 04 00 ff 80 01")
        #expect(expected.count == 129)
        #expect(packets.map(Self.hex) == [Self.hex(expected)])
    }

    @Test func e131FullUniverseLengths() {
        var e131 = E131Packetizer(options: .init(firstUniverse: 7, priority: 150))
        let packets = Self.e131(&e131, Self.payload(1020))
        // 510 slots: 636 bytes; root 620 (0x26C), framing 598 (0x256), DMP 521 (0x209), count 511 (0x1FF).
        #expect(packets.count == 2)
        for (index, packet) in packets.enumerated() {
            #expect(packet.count == 636)
            #expect(Self.hex(packet[16..<18]) == "72 6c")
            #expect(Self.hex(packet[38..<40]) == "72 56")
            #expect(Self.hex(packet[108..<115]) == "96 00 00 01 00 00 0\(7 + index)")
            #expect(Self.hex(packet[115..<117]) == "72 09")
            #expect(Self.hex(packet[123..<126]) == "01 ff 00")
        }
    }

    @Test func e131SequenceWrapsThroughZero() {
        var e131 = E131Packetizer()
        var seen: [UInt8] = []
        for _ in 0..<257 { seen.append(Self.e131(&e131, [1, 2, 3])[0][111]) }
        #expect(Array(seen.prefix(2)) == [1, 2])
        #expect(Array(seen.suffix(3)) == [255, 0, 1])
    }

    @Test func terminationSendsEveryUniverseThreeTimes() throws {
        var e131 = E131Packetizer()
        _ = Self.e131(&e131, Self.payload(600))
        var packets: [[UInt8]] = []
        var indices: [Int] = []
        let sent = e131.terminate { bytes, index in
            packets.append(Array(bytes))
            indices.append(index)
            return true
        }
        #expect(sent == 6)
        // Each round's index is the universe's place in the frame, as for a frame's packets.
        #expect(indices == [0, 1, 0, 1, 0, 1])
        let decoded = try packets.map { packet in try packet.withUnsafeBytes { try E131Packet(parsing: $0) } }
        #expect(decoded.map(\.universe) == [1, 2, 1, 2, 1, 2])
        #expect(decoded.map(\.sequence) == [2, 2, 3, 3, 4, 4])
        #expect(decoded.allSatisfy { $0.terminated && !$0.preview && $0.data.isEmpty })
    }

    @Test func multicastGroupIsTheUniverseInTheLastTwoOctets() {
        #expect(E131Packetizer.multicastGroup(universe: 1) == "239.255.0.1")
        #expect(E131Packetizer.multicastGroup(universe: 300) == "239.255.1.44")
        #expect(E131Packetizer.multicastGroup(universe: 63_999) == "239.255.249.255")
    }

    @Test func sourceNameIsCutAtACharacter() throws {
        var e131 = E131Packetizer(options: .init(sourceName: String(repeating: "é", count: 40)))
        let packet = Self.e131(&e131, [1, 2, 3])[0]
        // 31 two-byte characters (62 bytes), then NULs: never half a character.
        #expect(packet[44..<106].allSatisfy { $0 != 0 })
        #expect(packet[106..<108] == [0, 0])
        let decoded = try packet.withUnsafeBytes { try E131Packet(parsing: $0) }
        #expect(decoded.sourceName == String(repeating: "é", count: 31))
    }

    @Test func aFullSendBufferStopsTheFrame() {
        var ddp = DDPPacketizer()
        var taken = 0
        let sent = Self.payload(12_288).withUnsafeBytes { raw in
            ddp.packets(of: raw) { _, index in
                taken += 1
                return index < 2
            }
        }
        #expect(sent == 2)
        #expect(taken == 3)
        #expect(ddp.packetCount == 9)
    }

    // MARK: Both sides

    /// The frame the receiver rebuilds from `packets`, each protocol placing data by its offset or universe.
    static func rebuild(_ kind: NetworkProtocol, _ packets: [[UInt8]], first: Int, channels: Int) throws -> [UInt8] {
        var frame: [UInt8] = []
        for packet in packets {
            try packet.withUnsafeBytes { raw in
                let (offset, data): (Int, Range<Int>)
                switch kind {
                case .ddp:
                    let view = try DDPPacket(parsing: raw)
                    #expect(view.push == (packet == packets.last))
                    (offset, data) = (view.offset, view.data)
                case .artnet:
                    let view = try ArtDmxPacket(parsing: raw)
                    (offset, data) = ((view.portAddress - first) * channels, view.data)
                case .sacn:
                    let view = try E131Packet(parsing: raw)
                    (offset, data) = ((view.universe - first) * channels, view.data)
                }
                if frame.count < offset + data.count {
                    frame += [UInt8](repeating: 0, count: offset + data.count - frame.count)
                }
                frame.replaceSubrange(offset..<(offset + data.count), with: raw[data])
            }
        }
        return frame
    }

    @Test(arguments: [(32, 8), (64, 64)])
    func framesComeBackWhole(_ width: Int, _ height: Int) throws {
        let payload = Self.payload(width * height * 3)
        var ddp = DDPPacketizer()
        #expect(try Self.rebuild(.ddp, Self.ddp(&ddp, payload), first: 0, channels: 0) == payload)
        for options in [ArtNetPacketizer.Options(firstUniverse: 3), .awtrix] {
            var artNet = ArtNetPacketizer(options: options)
            let packets = Self.artNet(&artNet, payload)
            let frame = try Self.rebuild(
                .artnet, packets, first: options.firstUniverse, channels: options.channelsPerUniverse)
            #expect(Array(frame.prefix(payload.count)) == payload)
        }
        var e131 = E131Packetizer(options: .init(firstUniverse: 9, channelsPerUniverse: 512, cid: Self.cid))
        #expect(try Self.rebuild(.sacn, Self.e131(&e131, payload), first: 9, channels: 510) == payload)
    }

    // MARK: Damaged packets

    struct Damage: CustomTestStringConvertible, Sendable {
        let id: String
        let kind: NetworkProtocol
        let hex: String
        let message: String
        var testDescription: String { id }
    }

    static let artHeader = "41 72 74 2d 4e 65 74 00 00 50 00 0e 01 00 00 00"
    static let e131Start = "00 10 00 00 41 53 43 2d 45 31 2e 31 37 00 00 00"

    @Test(arguments: [
        Damage(
            id: "DDP shorter than its header", kind: .ddp, hex: "41 01 0b 01 00 00 00",
            message: "DDP packet of 7 bytes ends at byte 7, inside its header (which needs 10 bytes)"),
        Damage(
            id: "DDP version 2", kind: .ddp, hex: "81 01 0b 01 00 00 00 00 00 00",
            message: "DDP byte 0: the version (flags' top 2 bits) is 2, expected 1"),
        Damage(
            id: "DDP query", kind: .ddp, hex: "43 01 0b 01 00 00 00 00 00 00",
            message: "DDP byte 0: flags is 0x43, expected no query (0x02) or reply (0x04) bit in a data packet"),
        Damage(
            id: "DDP status destination", kind: .ddp, hex: "41 01 0b fb 00 00 00 00 00 00",
            message:
                "DDP byte 3: destination id is 251, expected a display (246, 250 and 251 are control, config and status)"
        ),
        Damage(
            id: "DDP length past the end", kind: .ddp, hex: "41 01 0b 01 00 00 00 00 00 06 01 02 03",
            message:
                "DDP packet of 13 bytes ends at byte 13, inside its data (length 6 at byte 8) (which needs 16 bytes)"),
        Damage(
            id: "DDP time code leaves no room", kind: .ddp, hex: "51 01 0b 01 00 00 00 00 00 03 01 02 03",
            message:
                "DDP packet of 13 bytes ends at byte 13, inside its data (length 3 at byte 8) (which needs 17 bytes)"),
        Damage(
            id: "Art-Net ID", kind: .artnet, hex: "41 72 74 2d 4e 45 54 00 00 50 00 0e 01 00 00 00 00 02 00 00",
            message: "Art-Net byte 0: the ID is something else, expected 'Art-Net' and a NUL"),
        Damage(
            id: "ArtPoll", kind: .artnet, hex: "41 72 74 2d 4e 65 74 00 00 20 00 0e 00 00",
            message: "Art-Net byte 8: OpCode is 0x2000, expected 0x5000 (ArtDmx)"),
        Damage(
            id: "ArtDmx header cut", kind: .artnet, hex: artHeader,
            message: "Art-Net packet of 16 bytes ends at byte 16, inside its ArtDmx header (which needs 18 bytes)"),
        Damage(
            id: "Art-Net ProtVer 13", kind: .artnet,
            hex: "41 72 74 2d 4e 65 74 00 00 50 00 0d 01 00 00 00 00 02 00 00",
            message: "Art-Net byte 10: ProtVer is 13, expected 14 or later"),
        Damage(
            id: "Art-Net 16-bit port address", kind: .artnet,
            hex: "41 72 74 2d 4e 65 74 00 00 50 00 0e 01 00 00 80 00 02 00 00",
            message: "Art-Net byte 15: Net is 0x80, expected 0x00–0x7F (15-bit port address)"),
        Damage(
            id: "Art-Net 513 channels", kind: .artnet, hex: artHeader + " 02 01",
            message: "Art-Net byte 16: Length is 513, expected 1–512 channels"),
        Damage(
            id: "Art-Net no channels", kind: .artnet, hex: artHeader + " 00 00",
            message: "Art-Net byte 16: Length is 0, expected 1–512 channels"),
        Damage(
            id: "Art-Net channels missing", kind: .artnet, hex: artHeader + " 00 04 01 02",
            message:
                "Art-Net packet of 20 bytes ends at byte 20, inside its channels (Length 4 at byte 16) (which needs 22 bytes)"
        ),
        Damage(
            id: "E1.31 cut", kind: .sacn, hex: e131Start,
            message:
                "E1.31 packet of 16 bytes ends at byte 16, inside its three layers' headers (which needs 126 bytes)"),
        Damage(
            id: "E1.31 preamble", kind: .sacn, hex: "00 11 00 00 125×00",
            message: "E1.31 byte 0: preamble size is 0x0011, expected 0x0010"),
        Damage(
            id: "E1.31 identifier", kind: .sacn, hex: "00 10 00 00 41 53 43 2d 45 31 2e 31 36 00 00 00 113×00",
            message: "E1.31 byte 4: the ACN packet identifier is something else, expected 'ASC-E1.17' and three NULs"),
        Damage(
            id: "E1.31 root length", kind: .sacn, hex: e131Start + " 70 6f 108×00",
            message: "E1.31 byte 16: root layer flags and length is 0x706F, expected 0x706E"),
        Damage(
            id: "E1.31 extended packet", kind: .sacn, hex: e131Start + " 70 6e 00 00 00 08 104×00",
            message: "E1.31 byte 18: root vector is 0x00000008, expected 0x00000004"),
        Damage(
            id: "E1.31 universe 0", kind: .sacn,
            hex: e131Start
                + " 70 6e 00 00 00 04 16×00 70 58 00 00 00 02 64×00 64 00 00 01 00 00 00 70 0b 02 a1 00 00 00 01 00 01 00",
            message: "E1.31 byte 113: universe is 0, expected 1–63999"),
        Damage(
            id: "E1.31 priority 201", kind: .sacn,
            hex: e131Start
                + " 70 6e 00 00 00 04 16×00 70 58 00 00 00 02 64×00 c9 00 00 01 00 00 01 70 0b 02 a1 00 00 00 01 00 01 00",
            message: "E1.31 byte 108: priority is 201, expected 0–200"),
        Damage(
            id: "E1.31 count disagrees", kind: .sacn,
            hex: e131Start
                + " 70 71 00 00 00 04 16×00 70 5b 00 00 00 02 64×00 64 00 00 01 00 00 01 70 0e 02 a1 00 00 00 01 00 03 00 01 02 03",
            message: "E1.31 byte 123: property value count is 0x0003, expected 0x0004"),
        Damage(
            id: "E1.31 alternate start code", kind: .sacn,
            hex: e131Start
                + " 70 6f 00 00 00 04 16×00 70 59 00 00 00 02 64×00 64 00 00 01 00 00 01 70 0c 02 a1 00 00 00 01 00 02 dd 01",
            message: "E1.31 byte 125: DMX start code is 0xDD, expected 0x00"),
    ])
    func decodersNameWhatIsWrongAndWhere(_ test: Damage) {
        let packet = Self.bytes(test.hex)
        packet.withUnsafeBytes { raw in
            do {
                switch test.kind {
                case .ddp: _ = try DDPPacket(parsing: raw)
                case .artnet: _ = try ArtDmxPacket(parsing: raw)
                case .sacn: _ = try E131Packet(parsing: raw)
                }
                Issue.record("\(test.id) was read as a packet")
            } catch {
                #expect("\(error)" == test.message)
            }
        }
    }

    @Test func decodersSurviveEveryCutAndEveryFlippedByte() {
        var ddp = DDPPacketizer()
        var artNet = ArtNetPacketizer()
        var e131 = E131Packetizer(options: .init(cid: Self.cid))
        let payload = Self.payload(60)
        let packets = Self.ddp(&ddp, payload) + Self.artNet(&artNet, payload) + Self.e131(&e131, payload)
        var read = 0
        for packet in packets {
            for cut in 0...packet.count {
                for flip in 0..<min(cut, 130) {
                    var damaged = Array(packet.prefix(cut))
                    damaged[flip] ^= 0xA5
                    damaged.withUnsafeBytes { raw in
                        if let view = try? DDPPacket(parsing: raw) {
                            #expect(view.data.upperBound <= raw.count)
                            read += 1
                        }
                        if let view = try? ArtDmxPacket(parsing: raw) {
                            #expect(view.data.upperBound <= raw.count)
                            read += 1
                        }
                        if let view = try? E131Packet(parsing: raw) {
                            #expect(view.data.upperBound <= raw.count)
                            read += 1
                        }
                    }
                }
            }
        }
        #expect(read > 0)
    }
}
