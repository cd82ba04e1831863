import PanelCore
import Testing
import TickerWire

@Suite struct RejectionTests {
    struct Rejected: CustomTestStringConvertible, Sendable {
        let name: String
        let capabilities: DeviceCapabilities
        let code: WireErrorCode
        let type: UInt8
        let build: @Sendable (inout PacketEncoder) -> Void
        var testDescription: String { name }
    }

    static let rejected: [Rejected] = [
        Rejected(name: "reserved type", capabilities: .scroll, code: .unknownType, type: 0x13) {
            $0.encodeRaw(type: 0x13, sequence: 9, payload: [])
        },
        Rejected(name: "device-to-host type", capabilities: .scroll, code: .unknownType, type: 0x81) {
            $0.encodeRaw(type: 0x81, sequence: 9, payload: [])
        },
        Rejected(name: "version 2", capabilities: .scroll, code: .unknownVersion, type: 0x01) {
            $0.encodeRaw(version: 2, type: 0x01, sequence: 9, payload: [])
        },
        Rejected(name: "hello with payload", capabilities: .scroll, code: .badLength, type: 0x01) {
            $0.encodeRaw(type: 0x01, sequence: 9, payload: [0])
        },
        Rejected(name: "brightness without level", capabilities: .scroll, code: .badLength, type: 0x20) {
            $0.encodeRaw(type: 0x20, sequence: 9, payload: [])
        },
        Rejected(name: "blank with payload", capabilities: .scroll, code: .badLength, type: 0x21) {
            $0.encodeRaw(type: 0x21, sequence: 9, payload: [1])
        },
        Rejected(name: "frame of another width", capabilities: .scroll, code: .geometryMismatch, type: 0x10) {
            $0.encodeRaw(type: 0x10, sequence: 9, payload: [7, 0, 5, 2] + [UInt8](repeating: 0, count: 14))
        },
        Rejected(name: "frame of another depth", capabilities: .scroll, code: .geometryMismatch, type: 0x10) {
            $0.encodeRaw(type: 0x10, sequence: 9, payload: [8, 0, 5, 1] + [UInt8](repeating: 0, count: 8))
        },
        Rejected(name: "frame one byte short", capabilities: .scroll, code: .badLength, type: 0x10) {
            $0.encodeRaw(type: 0x10, sequence: 9, payload: [8, 0, 5, 2] + [UInt8](repeating: 0, count: 15))
        },
        Rejected(name: "frame header cut", capabilities: .scroll, code: .badLength, type: 0x10) {
            $0.encodeRaw(type: 0x10, sequence: 9, payload: [8, 0, 5])
        },
        Rejected(name: "columns past the width", capabilities: .scroll, code: .outOfBounds, type: 0x11) {
            $0.encodeRaw(type: 0x11, sequence: 9, payload: [7, 0, 2, 0] + [UInt8](repeating: 0xFF, count: 4))
        },
        Rejected(name: "columns far past the width", capabilities: .scroll, code: .outOfBounds, type: 0x11) {
            $0.encodeRaw(type: 0x11, sequence: 9, payload: [0xFF, 0xFF, 0xFF, 0xFF])
        },
        Rejected(name: "empty column range", capabilities: .scroll, code: .outOfBounds, type: 0x11) {
            $0.encodeRaw(type: 0x11, sequence: 9, payload: [0, 0, 0, 0])
        },
        Rejected(name: "columns with missing bytes", capabilities: .scroll, code: .badLength, type: 0x11) {
            $0.encodeRaw(type: 0x11, sequence: 9, payload: [0, 0, 2, 0, 0xFF, 0xFF, 0xFF])
        },
        Rejected(name: "scroll past the width", capabilities: .scroll, code: .outOfBounds, type: 0x12) {
            $0.encodeRaw(type: 0x12, sequence: 9, payload: [4, 0, 5, 0, 1])
        },
        Rejected(name: "scroll of nothing", capabilities: .scroll, code: .outOfBounds, type: 0x12) {
            $0.encodeRaw(type: 0x12, sequence: 9, payload: [0, 0, 0, 0, 1])
        },
        Rejected(name: "scroll without dx", capabilities: .scroll, code: .badLength, type: 0x12) {
            $0.encodeRaw(type: 0x12, sequence: 9, payload: [0, 0, 8, 0])
        },
        Rejected(name: "scroll to a panel that cannot", capabilities: [], code: .unsupported, type: 0x12) {
            $0.encodeRaw(type: 0x12, sequence: 9, payload: [0, 0, 8, 0, 1])
        },
    ]

    @Test(arguments: rejected)
    func rejectsWithErrorReplyAndChangesNothing(_ rejection: Rejected) throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2, capabilities: rejection.capabilities)
        let lit = [UInt8](repeating: 0xAA, count: 16)
        var encoder = PacketEncoder()
        try encoder.encodeFullFrame(lit, geometry: panel.geometry, sequence: 0)
        _ = panel.receive(Array(encoder.encoded))
        let before = panel.asciiArt
        rejection.build(&encoder)
        let events = panel.receive(Array(encoder.encoded))
        #expect(events.count == 1)
        guard case .rejected(let rejected) = events.first else {
            Issue.record("expected a rejection, got \(events)")
            return
        }
        #expect(rejected.code == rejection.code)
        #expect(panel.asciiArt == before)
        #expect(panel.brightness == 255)
        #expect(panel.counters.badPackets == 1)
        let report = DeviceErrorReport(
            code: rejection.code, rejectedType: MessageType(rawValue: rejection.type), rejectedSequence: 9, sequence: 9)
        #expect(replies(of: &panel) == [.error(report)])
    }

    @Test func aFrameOfAnotherSizeIsRefusedNamingBothSizes() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        let other = try PanelGeometry(width: 7, height: 5, bitsPerPixel: 2)
        try encoder.encodeFullFrame([UInt8](repeating: 0, count: other.frameByteCount), geometry: other, sequence: 3)
        let events = panel.receive(Array(encoder.encoded))
        guard case .rejected(let rejection)? = events.first, events.count == 1 else {
            Issue.record("expected one rejection, got \(events)")
            return
        }
        #expect(rejection.code == .geometryMismatch)
        #expect(
            rejection.reason.description
                == "frame of 7x5 at 2 bits per pixel does not match this panel's 8x5 at 2 bits")
    }

    @Test func badCRCIsReportedWithTheTypeAndSequenceAsReceived() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var bytes = hex("06 01 21 06 AE BD 00")
        bytes[5] ^= 0x01
        #expect(panel.receive(bytes).count == 1)
        let report = DeviceErrorReport(code: .badCRC, rejectedType: .blank, rejectedSequence: 6, sequence: 6)
        #expect(replies(of: &panel) == [.error(report)])
    }

    @Test func overlongPacketIsReportedAsOverflowOnce() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        let garbage = [UInt8](repeating: 0x41, count: 200) + [0]
        let events = panel.receive(garbage)
        #expect(events.count == 1)
        #expect(errorCodes(replies(of: &panel)) == [.overflow])
        #expect(
            panel.counters
                == {
                    var c = PanelCounters()
                    c.packets = 1
                    c.badPackets = 1
                    return c
                }())
    }

    @Test func frameLargerThanThePanelOverflows() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        encoder.encodeRaw(type: 0x10, sequence: 3, payload: [9, 0, 5, 2] + [UInt8](repeating: 0, count: 18))
        _ = panel.receive(Array(encoder.encoded))
        #expect(errorCodes(replies(of: &panel)) == [.overflow])
    }

    @Test func packetShorterThanHeaderAndCRCIsBadLength() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        _ = panel.receive(hex("03 01 01 00"))
        #expect(errorCodes(replies(of: &panel)) == [.badLength])
    }
}
