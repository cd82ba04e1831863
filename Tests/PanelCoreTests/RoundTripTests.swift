import PanelCore
import Testing
import TickerWire

@Suite struct RoundTripTests {
    let geometry = try! PanelGeometry(width: 8, height: 5, bitsPerPixel: 2)
    let picture = """
        #.#.#.#.
        .+.+.+.+
        ########
        ........
        #......#
        """

    @Test func fullFrameIsShownAsSent() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        try encoder.encodeFullFrame(pixels(picture, geometry: geometry), geometry: geometry, sequence: 1)
        #expect(panel.receive(Array(encoder.encoded)) == [.applied(.fullFrame)])
        #expect(panel.asciiArt == picture)
        #expect(panel.counters.framesApplied == 1)
        #expect(panel.pendingReplyCount == 0)
    }

    @Test func documentedFrameAndColumnUpdateShowDocumentedPictures() throws {
        var panel = try makePanel(width: 4, height: 5, bits: 2)
        _ = panel.receive(hex("05 01 10 01 04 04 05 02 03 02 0C 02 30 05 C0 02 B3 01 00"))
        #expect(
            panel.asciiArt == """
                #...
                .#..
                ..#.
                ...#
                ...+
                """)
        #expect(panel.level(x: 3, y: 4) == 2)
        #expect(
            panel.receive(hex("05 01 11 02 01 02 02 04 FF 03 01 03 DC A3 00")) == [
                .applied(.columns(start: 1, count: 2))
            ])
        #expect(
            panel.asciiArt == """
                ##+.
                .#..
                .#..
                .#.#
                .#.+
                """)
    }

    @Test func columnUpdateReplacesOnlyItsColumns() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        try encoder.encodeFullFrame(pixels(picture, geometry: geometry), geometry: geometry, sequence: 1)
        _ = panel.receive(Array(encoder.encoded))
        let next = pixels("........\n........\n........\n########\n........", geometry: geometry)
        try encoder.encodeColumns(start: 2, count: 3, of: next, geometry: geometry, sequence: 2)
        #expect(panel.receive(Array(encoder.encoded)) == [.applied(.columns(start: 2, count: 3))])
        #expect(
            panel.asciiArt == """
                #.....#.
                .+...+.+
                ##...###
                ..###...
                #......#
                """)
        #expect(panel.counters.updatesApplied == 1)
    }

    struct ScrollCase: CustomTestStringConvertible, Sendable {
        let name: String
        let start: Int
        let count: Int
        let dx: Int
        let after: String
        var testDescription: String { name }
    }

    static let scrollCases = [
        ScrollCase(name: "whole panel left by one", start: 0, count: 8, dx: -1, after: "bcdefgh."),
        ScrollCase(name: "whole panel right by two", start: 0, count: 8, dx: 2, after: "..abcdef"),
        ScrollCase(name: "middle range left by one", start: 2, count: 4, dx: -1, after: "abdef.gh"),
        ScrollCase(name: "range right by its width clears it", start: 2, count: 4, dx: 4, after: "ab....gh"),
        ScrollCase(name: "beyond the range's width clears it", start: 0, count: 3, dx: -127, after: "...defgh"),
        ScrollCase(name: "zero changes nothing", start: 0, count: 8, dx: 0, after: "abcdefgh"),
        ScrollCase(name: "last column right", start: 7, count: 1, dx: 1, after: "abcdefg."),
    ]

    @Test(arguments: scrollCases)
    func scrollMovesColumnsInsideItsRange(_ scroll: ScrollCase) throws {
        // Each column gets its own one-byte pattern at 8 bits per pixel, height 1, so the letters name columns.
        let geometry = try PanelGeometry(width: 8, height: 1, bitsPerPixel: 8)
        var panel = try makePanel(width: 8, height: 1, bits: 8)
        var encoder = PacketEncoder()
        try encoder.encodeFullFrame(Array("abcdefgh".utf8), geometry: geometry, sequence: 0)
        _ = panel.receive(Array(encoder.encoded))
        try encoder.encodeScroll(
            start: scroll.start, count: scroll.count, dx: scroll.dx, geometry: geometry, sequence: 1)
        #expect(
            panel.receive(Array(encoder.encoded))
                == [.applied(.scroll(start: scroll.start, count: scroll.count, dx: scroll.dx))])
        let shown = String(decoding: panel.framebuffer.bytes.map { $0 == 0 ? UInt8(ascii: ".") : $0 }, as: UTF8.self)
        #expect(shown == scroll.after)
    }

    @Test func brightnessIsKept() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        #expect(panel.brightness == 255)
        var encoder = PacketEncoder()
        encoder.encodeBrightness(17, sequence: 3)
        #expect(panel.receive(Array(encoder.encoded)) == [.applied(.brightness(17))])
        #expect(panel.brightness == 17)
    }

    @Test func blankTurnsEveryPixelOff() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        try encoder.encodeFullFrame(pixels(picture, geometry: geometry), geometry: geometry, sequence: 1)
        _ = panel.receive(Array(encoder.encoded))
        encoder.encodeBlank(sequence: 2)
        #expect(panel.receive(Array(encoder.encoded)) == [.applied(.blank)])
        #expect(panel.asciiArt == Array(repeating: "........", count: 5).joined(separator: "\n"))
    }

    @Test func helloIsAnsweredWithInfoCarryingItsSequence() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        encoder.encodeHello(sequence: 77)
        #expect(panel.receive(Array(encoder.encoded)) == [.applied(.hello)])
        #expect(replies(of: &panel) == [.info(panel.info, sequence: 77)])
        #expect(panel.pendingReplyCount == 0)
    }

    @Test func repliesCanBeDrainedByteByByte() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        encoder.encodeHello(sequence: 1)
        _ = panel.receive(Array(encoder.encoded))
        var drained: [UInt8] = []
        while let byte = panel.nextReplyByte() { drained.append(byte) }
        encoder.encodeInfo(panel.info, sequence: 1)
        #expect(drained == Array(encoder.encoded))
    }

    @Test func undrainedRepliesAreDroppedAndCounted() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        encoder.encodeHello(sequence: 1)
        for _ in 0..<20 { _ = panel.receive(Array(encoder.encoded)) }
        #expect(panel.counters.repliesDropped > 0)
        #expect(panel.pendingReplyCount <= 256)
        #expect(replies(of: &panel).allSatisfy { $0 == .info(panel.info, sequence: 1) })
    }

    @Test func chunkedReceiveReportsEveryEventInOrder() throws {
        var panel = try makePanel(width: 8, height: 5, bits: 2)
        var encoder = PacketEncoder()
        var stream: [UInt8] = []
        encoder.encodeBrightness(1, sequence: 0)
        stream += encoder.encoded
        encoder.encodeBlank(sequence: 1)
        stream += encoder.encoded
        var events: [PanelEvent] = []
        stream.withUnsafeBytes { panel.receive($0) { events.append($0) } }
        #expect(events == [.applied(.brightness(1)), .applied(.blank)])
    }
}

@Suite struct ColorFrameTests {
    typealias Color = [UInt8]

    static func colors(_ panel: PanelDevice) -> [Color] {
        [(0, 0), (0, 1), (1, 0), (1, 1)].map { x, y in
            let c = panel.color(x: x, y: y)
            return [c.red, c.green, c.blue]
        }
    }

    @Test(arguments: [
        (24, "05 01 10 04 02 04 02 18 FF 01 01 02 FF 01 01 07 FF FF FF FF 47 3E 00"),
        (16, "05 01 10 05 02 03 02 10 05 F8 E0 07 1F 05 FF FF 6F 07 00"),
    ])
    func documentedColourFramesShowRedGreenBlueAndWhite(bits: Int, wire: String) throws {
        var panel = try makePanel(width: 2, height: 2, bits: bits)
        #expect(panel.receive(hex(wire)) == [.applied(.fullFrame)])
        #expect(Self.colors(panel) == [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]])
    }

    @Test func documentedColourColumnUpdateTurnsTheRightColumnYellowOverBlack() throws {
        var panel = try makePanel(width: 2, height: 2, bits: 24)
        _ = panel.receive(hex("05 01 10 04 02 04 02 18 FF 01 01 02 FF 01 01 07 FF FF FF FF 47 3E 00"))
        #expect(
            panel.receive(hex("05 01 11 06 01 02 01 03 FF FF 01 01 01 03 8E 38 00")) == [
                .applied(.columns(start: 1, count: 1))
            ])
        #expect(Self.colors(panel) == [[255, 0, 0], [0, 255, 0], [255, 255, 0], [0, 0, 0]])
    }

    @Test func aGreyPanelRefusesAColourFrame() throws {
        var panel = try makePanel(width: 2, height: 2, bits: 8)
        let events = panel.receive(hex("05 01 10 04 02 04 02 18 FF 01 01 02 FF 01 01 07 FF FF FF FF 47 3E 00"))
        #expect(events.count == 1)
        #expect(events.first != .applied(.fullFrame))
    }

    @Test(arguments: [16, 24])
    func coloursRoundTripThroughTheWireLayout(bits: Int) throws {
        let layout = PixelLayout(width: 3, height: 3, bitsPerPixel: bits)
        var bytes = [UInt8](repeating: 0, count: layout.byteCount)
        layout.setColor(red: 0xF8, green: 0xFC, blue: 0x08, in: &bytes, x: 2, y: 1)
        let color = layout.color(in: bytes, x: 2, y: 1)
        #expect([color.red, color.green, color.blue] == (bits == 24 ? [0xF8, 0xFC, 0x08] : [0xFF, 0xFF, 0x08]))
        #expect(layout.pixel(in: bytes, x: 1, y: 1) == 0)
    }
}
