import Testing
import TickerIO
import TickerWire

/// What the panel sends is hostile input too: `tickerd` drops what does not decode, logs the first few of each
/// kind with what was wrong, and keeps the link going.
@Suite struct DeviceGarbageTests {
    /// One device packet as it goes on the wire.
    static func packet(type: UInt8, payload: [UInt8]) -> [UInt8] {
        var encoder = PacketEncoder()
        encoder.encodeRaw(type: type, sequence: 1, payload: payload)
        return Array(encoder.encoded)
    }

    @Test func badRepliesAreLoggedAFewOfEachKindAndTheLinkGoesOn() async throws {
        let rig = try Rig()
        let panel = try rig.panel(width: 32, height: 8, depth: 2)
        panel.answers = false
        let listener = try rig.notifySocket()
        let daemon = try rig.tickerd(
            ["--device", panel.link, "--demo", "--size", "32x8", "--depth", "2", "--no-terminal"],
            environment: ["NOTIFY_SOCKET": listener.path])
        try await rig.wait("the first hello") { panel.kinds.contains(.hello) }

        // What a broken firmware or a noisy line sends instead of an info: an info with a 200-byte firmware name,
        // one with a depth of 3, ten error messages one byte long, and four runs of bytes too long to be packets.
        var hostile = Self.packet(type: 0x81, payload: [32, 0, 8, 2, 60, 0, 0] + Array(repeating: 0x78, count: 200))
        hostile += Self.packet(type: 0x81, payload: [32, 0, 8, 3, 60, 0, 0])
        for _ in 0..<10 { hostile += Self.packet(type: 0x82, payload: [1]) }
        for _ in 0..<4 { hostile += [UInt8](repeating: 0x41, count: 520) + [0] }
        // And valid error messages, ten for one reason and one for another.
        for sequence in 0..<10 { hostile += Self.packet(type: 0x82, payload: [0x01, 0x11, UInt8(sequence)]) }
        hostile += Self.packet(type: 0x82, payload: [0x06, 0x11, 10])
        try Posix.writeAll(panel.descriptor, hostile, what: panel.link)

        try await rig.line(
            of: daemon,
            containing: "bad reply from the panel (info messages that do not decode): payload of 207 bytes is the "
                + "wrong length for message type 0x81; dropped")
        try await rig.line(of: daemon, containing: "invalid geometry 32x8 at 3 bits per pixel")
        try await rig.line(
            of: daemon,
            containing: "(error messages that do not decode): payload of 1 bytes is the wrong length for message type "
                + "0x82; dropped; more of this kind are counted")
        try await rig.line(of: daemon, containing: "(garbage (unframed bytes)): packet longer than the receive buffer")
        // Without an info the hello times out, and the daemon streams all the same.
        try await rig.wait("30 pixel packets after the garbage") { panel.kinds.filter(\.isPixels).count >= 30 }
        // The log arrives on its own pipe, maybe after the packets: wait for the third garbage line.
        try await rig.wait("the third garbage line") {
            daemon.lines(containing: "(garbage (unframed bytes))").count >= 3
        }
        #expect(daemon.lines(containing: "(error messages that do not decode)").count == 3, "\(rig.diagnostics)")
        #expect(daemon.lines(containing: "(garbage (unframed bytes))").count == 3, "\(rig.diagnostics)")
        #expect(daemon.lines(containing: "(info messages that do not decode)").count == 2, "\(rig.diagnostics)")
        try await rig.line(of: daemon, containing: "panel rejected packet 10 (type 0x11): out of bounds")
        #expect(daemon.lines(containing: "panel rejected packet").count == 6, "\(rig.diagnostics)")
        #expect(
            daemon.lines(containing: "panel rejected packet 4 (type 0x11): bad CRC; more rejections for this reason")
                .count == 1, "\(rig.diagnostics)")
        #expect(daemon.lines(containing: "panel disconnected").isEmpty, "\(rig.diagnostics)")
        #expect(daemon.termination == nil)
        #expect(panel.rejections.isEmpty, "\(panel.rejections)")
        // systemd's STATUS= counts them (the demo keeps the picture changing, so a status follows within a second).
        try await rig.wait("a STATUS= counting the bad replies") {
            listener.assignments.contains { $0.hasPrefix("STATUS=") && $0.contains("bad replies from the panel (") }
        }
    }
}
