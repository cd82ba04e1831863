import PanelCore
import Testing
import TickerCore
import TickerTestSupport
import TickerWire

/// Damaged bytes never reach the framebuffer, and the next good packet after a delimiter always does.
@Suite struct CorruptionTests {
    let geometry = try! PanelGeometry(width: 6, height: 8, bitsPerPixel: 1)

    /// A full frame with no zero byte in it, so that every byte of its encoding matters.
    func goodFrame(sequence: UInt8 = 1) throws -> [UInt8] {
        var encoder = PacketEncoder()
        try encoder.encodeFullFrame(hex("FF 81 81 81 81 FF"), geometry: geometry, sequence: sequence)
        return Array(encoder.encoded)
    }

    func recovered(_ panel: inout PanelDevice) throws -> Bool {
        var encoder = PacketEncoder()
        try encoder.encodeFullFrame(hex("01 02 04 08 10 20"), geometry: geometry, sequence: 2)
        let framesBefore = panel.counters.framesApplied
        // The sender's usual recovery: a leading delimiter closes whatever the panel was holding (which may
        // produce one rejection).
        let events = panel.receive([0] + Array(encoder.encoded))
        return events.last == .applied(.fullFrame) && events.count <= 2
            && panel.counters.framesApplied == framesBefore + 1
            && panel.level(x: 5, y: 5) == 1 && panel.level(x: 0, y: 1) == 0
    }

    func expectNothingApplied(_ bytes: [UInt8], _ comment: Comment) throws {
        var panel = try makePanel(width: 6, height: 8, bits: 1)
        let events = panel.receive(bytes)
        #expect(panel.counters.framesApplied == 0, comment)
        #expect(!events.contains(.applied(.fullFrame)), comment)
        #expect(panel.asciiArt == Array(repeating: "......", count: 8).joined(separator: "\n"), comment)
        #expect(try recovered(&panel), comment)
    }

    @Test func everySingleBitFlipIsRejected() throws {
        let good = try goodFrame()
        for index in 0..<good.count - 1 {
            for bit in 0..<8 {
                var damaged = good
                damaged[index] ^= 1 << bit
                try expectNothingApplied(damaged, "bit \(bit) of byte \(index)")
            }
        }
    }

    @Test func everyDroppedByteIsRejected() throws {
        let good = try goodFrame()
        for index in 0..<good.count - 1 {
            var damaged = good
            damaged.remove(at: index)
            try expectNothingApplied(damaged, "byte \(index) dropped")
        }
    }

    @Test func everyInsertedByteIsRejected() throws {
        let good = try goodFrame()
        for index in 0..<good.count - 1 {
            for garbage: UInt8 in [0x01, 0x55, 0xFF] {
                var damaged = good
                damaged.insert(garbage, at: index)
                try expectNothingApplied(damaged, "\(garbage) inserted at \(index)")
            }
        }
    }

    @Test func everyTruncationIsRejected() throws {
        let good = try goodFrame()
        for length in 1..<good.count - 1 {
            try expectNothingApplied(Array(good[0..<length]) + [0], "cut to \(length) bytes")
        }
    }

    @Test func garbageBeforeAGoodPacketIsDiscardedAtTheDelimiter() throws {
        var panel = try makePanel(width: 6, height: 8, bits: 1)
        var generator = SplitMix(seed: 7)
        for _ in 0..<200 {
            let garbage = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = panel.receive(garbage)
            #expect(try recovered(&panel))
        }
    }

    @Test func goodPacketsAroundADamagedOneAllApply() throws {
        var panel = try makePanel(width: 6, height: 8, bits: 1)
        var damaged = try goodFrame(sequence: 5)
        damaged[4] ^= 0x10
        let events = panel.receive(try goodFrame(sequence: 4) + damaged + goodFrame(sequence: 6))
        #expect(events.count == 3)
        #expect(events.filter { $0 == .applied(.fullFrame) }.count == 2)
        #expect(panel.counters.packets == 3)
        #expect(panel.counters.badPackets == 1)
    }
}
