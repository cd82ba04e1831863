import Glibc
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

/// Network LED matrices end to end: packets sent from a real UDP socket, and by `tickerd` itself, to `tickerctl
/// panel --protocol ddp|artnet|sacn --listen 127.0.0.1:PORT`, which gathers each frame as its receiver does,
/// puts every LED back at its pixel through the wiring options and writes the frame to its frames file.
@Suite struct NetworkPanelTests {
    /// A UDP socket that sends to the emulator's port.
    final class Sender {
        let fd: Int32
        let address: SocketAddress

        init(port: UInt16) throws {
            guard let address = try Posix.datagramAddresses(host: "127.0.0.1", port: port).first else {
                throw TestFailure("no UDP address for 127.0.0.1")
            }
            self.address = address
            fd = try Posix.datagramSocket(for: address, connecting: false, what: "sender")
        }

        deinit { Posix.close(fd) }

        func send(_ packets: [UInt8]...) throws {
            for packet in packets {
                let sent = try packet.withUnsafeBytes { try Posix.send(fd, $0, to: address, what: "127.0.0.1") }
                #expect(sent == .done(packet.count))
            }
        }
    }

    /// An emulator of `protocol` on a free port in a new rig, its frames file watched, and a sender to it.
    static func emulator(_ name: String, _ options: [String]) async throws -> (Rig, Child, FileWatcher, Sender) {
        let (rig, emulator, frames, sender, _) = try await emulatorOnPort(name, options)
        return (rig, emulator, frames, sender)
    }

    /// `emulator`, and the port it listens on.
    static func emulatorOnPort(_ name: String, _ options: [String]) async throws -> (
        Rig, Child, FileWatcher, Sender, UInt16
    ) {
        let rig = try Rig()
        let port = try FreePort.udp()
        let framesPath = rig.path("frames.txt")
        let emulator = try rig.tickerctl(
            ["panel", "--protocol", name, "--listen", "127.0.0.1:\(port)", "--frames", framesPath, "--no-draw"]
                + options,
            name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "listening on 127.0.0.1:\(port)")
        return (rig, emulator, try rig.watch(framesPath), try Sender(port: port), port)
    }

    /// A protocol and a wiring, given to the emulator as options and to the daemon as `[leds]`.
    struct Wiring: CustomTestStringConvertible, Sendable {
        let protocolName: String
        let id: String
        let options: [String]
        let config: String
        var testDescription: String { "\(protocolName), \(id)" }

        static let serpentine = (LEDStripTests.wiring, LEDStripTests.wiringConfig)
        // Four 8×8 modules in a row, chained from the top right, each wired in serpentine rows.
        static let tiled = (
            [
                "--leds-tiles", "4x1", "--leds-module", "8x8", "--leds-wiring", "rows", "--leds-serpentine", "true",
                "--leds-origin", "top-right",
            ],
            "[leds]\ntiles = 4x1\nmodule = 8x8\nwiring = rows\nserpentine = true\norigin = top-right\n"
        )

        init(_ protocolName: String, _ id: String, _ wiring: ([String], String)) {
            self.protocolName = protocolName
            self.id = id
            (options, config) = wiring
        }
    }

    @Test(arguments: [
        Wiring("ddp", "serpentine columns, GRB", Wiring.serpentine),
        Wiring("artnet", "serpentine columns, GRB", Wiring.serpentine),
        Wiring("sacn", "serpentine columns, GRB", Wiring.serpentine),
        Wiring("ddp", "four tiles of 8×8 serpentine rows", Wiring.tiled),
        Wiring("sacn", "four tiles of 8×8 serpentine rows", Wiring.tiled),
    ])
    func emulatorShowsWhatTickerctlRenderDrawsFromTheDaemon(_ wiring: Wiring) async throws {
        let protocolName = wiring.protocolName
        let (rig, emulator, frames, _, port) = try await Self.emulatorOnPort(
            protocolName, ["--size", "32x8"] + wiring.options)
        let feed = rig.path("feed")
        let config = try rig.file(
            "tickerd.conf",
            """
            [panel]
            width = 32
            height = 8
            depth = 2
            [device]
            path = \(protocolName)://127.0.0.1:\(port)
            [feed]
            path = \(feed)
            \(wiring.config)
            max-milliamps = 0

            """)
        let daemon = try rig.tickerd(["--config", config, "--no-terminal"])
        try await rig.line(of: daemon, containing: "LED controller \(protocolName)://127.0.0.1:\(port) at")
        try await rig.feed(["text Hi!"], to: feed)
        let render = try rig.tickerctl(["render", "--config", config, "--text", "Hi!"], name: "tickerctl render")
        #expect(try await rig.exit(of: render) == .exited(0))
        let expected = render.outputText.split(separator: "\n").joined(separator: "\n")
        #expect(expected.contains("#") && expected.contains("."), "the text lights some pixels:\n\(expected)")
        try await rig.wait("the emulator to show what tickerctl render draws:\n\(expected)") {
            LEDStripTests.records(frames.contents).contains { $0.picture == expected }
        }
        let records = LEDStripTests.records(frames.contents)
        #expect(!records.contains { $0.header.contains("damaged") || $0.header.contains("other-universe") })
        #expect(records.allSatisfy { $0.header.contains(" \(protocolName) 256 LEDs ") }, "\(records.map(\.header))")
        #expect(daemon.termination == nil && emulator.termination == nil)
    }

    /// A 32×8 picture as ASCII art with `lit` pixels full and the rest dark.
    static func art(_ lit: Set<[Int]>) -> String {
        (0..<8).map { y in String((0..<32).map { x in lit.contains([x, y]) ? "#" : "." }) }.joined(separator: "\n")
    }

    @Test func ddpFrameIsShownOnThePushThroughSerpentineColumns() async throws {
        let (rig, emulator, frames, sender) = try await Self.emulator("ddp", ["--size", "32x8"] + LEDStripTests.wiring)
        // 256 LEDs in GRB order: LED 0 red, LED 8 green, LED 255 white; sent in two halves, pushed on the second.
        var leds = [UInt8](repeating: 0, count: 768)
        leds[1] = 0xFF
        leds[3 * 8] = 0xFF
        for channel in 765..<768 { leds[channel] = 0xFF }
        let first = [0x40, 0x01, 0x0B, 0x01, 0x00, 0x00, 0x00, 0x00, 0x01, 0x80] + leds[0..<384]
        let second = [0x41, 0x01, 0x0B, 0x01, 0x00, 0x00, 0x01, 0x80, 0x01, 0x80] + leds[384..<768]
        // As WLED does, the emulator shows every packet until the first push, then only pushes: the first
        // frame makes two records, the second one.
        try sender.send([0x41, 0x01, 0x0B], first, second, first, second)
        try await rig.wait("three frames after the damaged packet") {
            LEDStripTests.records(frames.contents).count >= 4
        }
        let records = LEDStripTests.records(frames.contents)
        #expect(records.count == 4, "\(records.map(\.header))")
        #expect(
            records[0].header
                == "1 damaged DDP packet of 3 bytes ends at byte 3, inside its header (which needs 10 bytes)")
        #expect(records.dropFirst().allSatisfy { $0.header.contains(" ddp 256 LEDs ") }, "\(records.map(\.header))")
        let shown = records[records.count - 1]
        // Serpentine columns from the bottom left: LED 0 at (0, 7), LED 8 at the top of column 1, LED 255 at
        // the bottom of column 31 (the last column runs down, as every odd one does).
        #expect(shown.picture == Self.art([[0, 7], [1, 0], [31, 7]]), "\n\(shown.picture)")
        #expect(shown.colours[7 * 32] == "FF0000")
        #expect(shown.colours[1] == "00FF00")
        #expect(shown.colours[7 * 32 + 31] == "FFFFFF")
        #expect(emulator.termination == nil)
    }

    /// An ArtDmx packet for `universe`, its channels written out.
    static func artDmx(universe: UInt8, sequence: UInt8, _ channels: [UInt8]) -> [UInt8] {
        Array("Art-Net".utf8) + [0, 0x00, 0x50, 0, 14, sequence, 0, universe, 0]
            + [UInt8(channels.count >> 8), UInt8(channels.count & 0xFF)] + channels
    }

    @Test func awtrixFrameIsShownOnceBothUniversesHaveCome() async throws {
        let (rig, _, frames, sender) = try await Self.emulator(
            "artnet", ["--size", "32x8", "--channels-per-universe", "384"])
        // Universe 1 holds LEDs 128–255, rows 4–7: its first LED blue. Universe 0: LED 0 green.
        var upper = [UInt8](repeating: 0, count: 384)
        upper[2] = 0xFF
        var lower = [UInt8](repeating: 0, count: 384)
        lower[1] = 0xFF
        try sender.send(
            Self.artDmx(universe: 1, sequence: 1, upper), Self.artDmx(universe: 10, sequence: 1, [0, 0]),
            Self.artDmx(universe: 0, sequence: 1, lower))
        try await rig.wait("the frame both universes make") {
            LEDStripTests.records(frames.contents).contains { $0.header.hasPrefix("2 artnet 256 LEDs") }
        }
        let records = LEDStripTests.records(frames.contents)
        #expect(records.count == 2 && records[0].header == "1 other-universe 10", "\(records.map(\.header))")
        #expect(records.last?.picture == Self.art([[0, 0], [0, 4]]))
        #expect(records.last?.colours[0] == "00FF00")
        #expect(records.last?.colours[4 * 32] == "0000FF")
    }

    @Test func e131FrameAndItsStreamTermination() async throws {
        let (rig, _, frames, sender) = try await Self.emulator("sacn", ["--size", "32x8"])
        var leds = [UInt8](repeating: 0, count: 768)
        // LED 200 (row 6, column 8) red: in universe 2, which starts at LED 170.
        leds[600] = 0xFF
        var e131 = E131Packetizer(options: .init(cid: Array(repeating: 0x42, count: 16)))
        var packets: [[UInt8]] = []
        _ = leds.withUnsafeBytes { raw in
            e131.packets(of: raw) { packet, _ in
                packets.append(Array(packet))
                return true
            }
        }
        _ = e131.terminate { packet, _ in
            packets.append(Array(packet))
            return true
        }
        #expect(packets.count == 8)
        for packet in packets { try sender.send(packet) }
        try await rig.wait("the frame and six stream-terminated packets") {
            LEDStripTests.records(frames.contents).count >= 7
        }
        let records = LEDStripTests.records(frames.contents)
        #expect(
            records.map(\.header).dropFirst() == [
                "2 terminated 1", "3 terminated 2", "4 terminated 1", "5 terminated 2", "6 terminated 1",
                "7 terminated 2",
            ])
        #expect(records.first?.header.hasPrefix("1 sacn 256 LEDs") == true)
        #expect(records.first?.picture == Self.art([[8, 6]]))
    }
}
