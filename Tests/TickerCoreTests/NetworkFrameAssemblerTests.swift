import Testing

@testable import TickerCore

/// The receiving side: frames gathered from the packets the packetizers send, as a controller gathers them.
@Suite struct NetworkFrameAssemblerTests {
    static func feed(_ assembler: inout NetworkFrameAssembler, _ packets: [[UInt8]]) -> [NetworkFrameAssembler.Event?] {
        packets.map { packet in packet.withUnsafeBytes { assembler.receive($0) } }
    }

    @Test func ddpFrameIsWholeOnThePushOnceAPushHasCome() {
        let payload = NetworkPacketTests.payload(12_288)
        var ddp = DDPPacketizer()
        var assembler = NetworkFrameAssembler(kind: .ddp, ledBytes: 12_288, firstUniverse: 0, channelsPerUniverse: 510)
        // As WLED does: before the first push every packet shows; after it, only pushes.
        let first = Self.feed(&assembler, NetworkPacketTests.ddp(&ddp, payload))
        #expect(first == [NetworkFrameAssembler.Event?](repeating: .frame, count: 9))
        let second = Self.feed(&assembler, NetworkPacketTests.ddp(&ddp, payload.reversed()))
        #expect(second == [nil, nil, nil, nil, nil, nil, nil, nil, .frame])
        #expect(assembler.frame == payload.reversed())
    }

    @Test func ddpPlacesWholePixelsAndDropsTheWhiteOfRGBW() {
        var assembler = NetworkFrameAssembler(kind: .ddp, ledBytes: 9, firstUniverse: 0, channelsPerUniverse: 510)
        // RGBW (data type 0x1B) from byte offset 5: WLED starts at LED 5 / 4 = 1.
        let rgbw: [UInt8] = [0x41, 0x01, 0x1B, 0x01, 0, 0, 0, 5, 0, 8, 1, 2, 3, 99, 4, 5, 6, 99]
        #expect(Self.feed(&assembler, [rgbw]) == [.frame])
        #expect(assembler.frame == [0, 0, 0, 1, 2, 3, 4, 5, 6])
        // RGB from byte offset 4: LED 1, and what does not fit the 3 LEDs is dropped.
        let rgb: [UInt8] = [0x41, 0x02, 0x0B, 0x01, 0, 0, 0, 4, 0, 9, 7, 8, 9, 10, 11, 12, 13, 14, 15]
        #expect(Self.feed(&assembler, [rgb]) == [.frame])
        #expect(assembler.frame == [0, 0, 0, 7, 8, 9, 10, 11, 12])
    }

    @Test func artNetFrameIsWholeWhenEveryUniverseHasCome() {
        let payload = NetworkPacketTests.payload(768)
        var artNet = ArtNetPacketizer(options: .awtrix)
        var assembler = NetworkFrameAssembler(kind: .artnet, ledBytes: 768, firstUniverse: 0, channelsPerUniverse: 384)
        let packets = NetworkPacketTests.artNet(&artNet, payload)
        // Universe 1 first, universe 0 twice: whole only once both have come.
        #expect(Self.feed(&assembler, [packets[1], packets[1], packets[0]]) == [nil, nil, .frame])
        #expect(assembler.frame == payload)
        #expect(Self.feed(&assembler, [packets[0], packets[0], packets[1]]) == [nil, nil, .frame])
        var far = ArtNetPacketizer(options: .init(firstUniverse: 10))
        #expect(Self.feed(&assembler, NetworkPacketTests.artNet(&far, [1, 2, 3])) == [.otherUniverse(10)])
    }

    @Test func e131StreamEndsOnTermination() {
        let payload = NetworkPacketTests.payload(1_020)
        var e131 = E131Packetizer()
        var assembler = NetworkFrameAssembler(kind: .sacn, ledBytes: 1_020, firstUniverse: 1, channelsPerUniverse: 510)
        #expect(Self.feed(&assembler, NetworkPacketTests.e131(&e131, payload)) == [nil, .frame])
        #expect(assembler.frame == payload)
        var ends: [[UInt8]] = []
        e131.terminate { packet, _ in
            ends.append(Array(packet))
            return true
        }
        #expect(Self.feed(&assembler, Array(ends.prefix(2))) == [.terminated(universe: 1), .terminated(universe: 2)])
        #expect(assembler.frame == payload)
    }

    @Test func damageAndExcessAreCountedNotShown() {
        var assembler = NetworkFrameAssembler(kind: .ddp, ledBytes: 6, firstUniverse: 0, channelsPerUniverse: 510)
        let short: [UInt8] = [0x41, 0x01]
        guard case .damaged(let error)? = Self.feed(&assembler, [short])[0] else {
            Issue.record("a 2-byte packet was read")
            return
        }
        #expect(error.offset == 2)
        var ddp = DDPPacketizer()
        #expect(Self.feed(&assembler, NetworkPacketTests.ddp(&ddp, Array(1...9))) == [.frame])
        #expect(assembler.frame == [1, 2, 3, 4, 5, 6])
    }
}
