import Glibc
import Testing
import TickerTestSupport

/// LED matrices end to end: `tickerd` streams Adalight or TPM2 through libserialport (the test shim
/// preloaded) into `tickerctl panel --protocol …`, the emulator, which puts every LED back at its pixel through
/// the wiring options and writes each decoded frame to its frames file.
@Suite struct LEDStripTests {
    /// The records of an emulator's frames file: a header line, then for frames the picture as ASCII art and
    /// its colours (`RRGGBB` per LED, separated by spaces), one line per row each.
    static func records(_ text: String) -> [(header: String, picture: String, colours: [String])] {
        text.split(separator: "--- ", omittingEmptySubsequences: true).map { record in
            let lines = record.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter {
                !$0.isEmpty
            }
            let picture = lines.filter { !$0.contains(" ") }.joined(separator: "\n")
            let colours = lines.filter { $0.contains(" ") }.flatMap { $0.split(separator: " ").map(String.init) }
            return (String(record.prefix { $0 != "\n" }), picture, colours)
        }
    }

    /// The current the emulator estimated for a frame record ("7 adalight 256 LEDs 812 mA").
    static func milliamps(_ header: String) -> Int? {
        let words = header.split(separator: " ")
        guard words.count == 6, words[5] == "mA" else { return nil }
        return Int(words[4])
    }

    static let wiring = [
        "--leds-wiring", "columns", "--leds-serpentine", "true", "--leds-origin", "bottom-left", "--leds-color-order",
        "GRB",
    ]
    static let wiringConfig = """
        [leds]
        wiring = columns
        serpentine = true
        origin = bottom-left
        color-order = GRB

        """

    /// Starts the emulator at a link in `rig` and waits until it listens.
    static func emulator(
        _ rig: Rig, protocol name: String, size: String = "32x8", link: String, frames: String,
        extra: [String] = []
    ) async throws -> Child {
        let emulator = try rig.tickerctl(
            ["panel", "--protocol", name, "--link", link, "--frames", frames, "--no-draw", "--size", size] + wiring
                + extra,
            name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "(linked at \(link))")
        return emulator
    }

    /// What a test streaming to an emulated strip works with.
    struct Stream {
        let rig: Rig
        let feed: String
        let config: String
        let emulator: Child
        let frames: FileWatcher
        let daemon: Child
    }

    /// An emulator speaking `name` at a link in a new rig, and `tickerd` streaming to it with the configuration
    /// `text` gives for the feed's path; returns once the daemon says the controller is connected.
    static func streaming(protocol name: String, config text: (_ feed: String) -> String) async throws -> Stream {
        let rig = try Rig()
        let link = rig.path("leds")
        let framesPath = rig.path("frames.txt")
        let feed = rig.path("feed")
        let config = try rig.file("tickerd.conf", text(feed))
        let emulator = try await emulator(rig, protocol: name, link: link, frames: framesPath)
        let frames = try rig.watch(framesPath)
        let daemon = try rig.tickerd(["--config", config, "--device", link, "--no-terminal"])
        try await rig.line(of: daemon, containing: "LED controller connected")
        return Stream(rig: rig, feed: feed, config: config, emulator: emulator, frames: frames, daemon: daemon)
    }

    @Test(arguments: ["adalight", "tpm2"])
    func emulatorRebuildsTheRenderedPictureThroughSerpentineColumns(protocolName: String) async throws {
        let stream = try await Self.streaming(protocol: protocolName) { feed in
            """
            [panel]
            width = 32
            height = 8
            depth = 2
            [device]
            protocol = \(protocolName)
            [feed]
            path = \(feed)
            \(Self.wiringConfig)
            max-milliamps = 0

            """
        }
        let (rig, feed, config, frames, daemon) = (stream.rig, stream.feed, stream.config, stream.frames, stream.daemon)
        let emulator = stream.emulator
        try await rig.feed(["text Hi!"], to: feed)
        let render = try rig.tickerctl(["render", "--config", config, "--text", "Hi!"], name: "tickerctl render")
        #expect(try await rig.exit(of: render) == .exited(0))
        let expected = render.outputText.split(separator: "\n").joined(separator: "\n")
        #expect(expected.contains("#") && expected.contains("."), "the text lights some pixels:\n\(expected)")
        try await rig.wait("the emulator to show what tickerctl render draws:\n\(expected)") {
            Self.records(frames.contents).contains { $0.picture == expected }
        }
        // The picture does not change and the daemon sleeps, yet frames keep coming (WLED's realtime mode
        // ends 2.5 s after the last): two more of the same picture, a second apart.
        try await rig.wait("two keepalive frames of the same picture") {
            Self.records(frames.contents).filter { $0.picture == expected }.count >= 3
        }
        let records = Self.records(frames.contents)
        let frameRecords = records.filter { $0.header.contains(" LEDs ") }
        #expect(frameRecords.allSatisfy { $0.header.contains("\(protocolName) 256 LEDs") }, "\(records.map(\.header))")
        #expect(!records.contains { $0.header.contains("damaged") || $0.header.contains("wrong-count") })
        try await rig.line(of: daemon, containing: "WLED 'tickerctl panel' emulated: 256 LEDs, a 32×8 matrix")
        #expect(daemon.lines(containing: "WLED 'tickerctl panel' emulated: 256 LEDs, a 32×8 matrix").count == 1)
        #expect(daemon.termination == nil && emulator.termination == nil)
    }

    @Test func aColourPanelReachesTheStripInItsPalette() async throws {
        let stream = try await Self.streaming(protocol: "adalight") { feed in
            """
            [panel]
            width = 32
            height = 8
            depth = rgb
            [colors]
            title = #FF8000
            background = #000010
            [device]
            protocol = adalight
            [feed]
            path = \(feed)
            \(Self.wiringConfig)
            gamma = 1
            max-milliamps = 0

            """
        }
        let (rig, feed, config, frames, daemon) = (stream.rig, stream.feed, stream.config, stream.frames, stream.daemon)
        try await rig.feed(["text Hi!"], to: feed)
        let render = try rig.tickerctl(["render", "--config", config, "--text", "Hi!"], name: "tickerctl render")
        #expect(try await rig.exit(of: render) == .exited(0))
        let expected = render.outputText.split(separator: "\n").joined(separator: "\n")
        #expect(expected.contains("#") && !expected.contains("+"), "the text is lit full:\n\(expected)")
        // Pixel for pixel: the text's pixels in the title colour, every other one in the background colour.
        let wanted = expected.filter { $0 != "\n" }.map { $0 == "#" ? "FF8000" : "000010" }
        try await rig.wait("the text in its colour on the background, through GRB serpentine columns") {
            Self.records(frames.contents).contains { $0.colours == wanted }
        }
        #expect(daemon.termination == nil)
    }

    @Test func scrollingWhiteTextNeverExceedsThePowerBudget() async throws {
        let stream = try await Self.streaming(protocol: "adalight") { feed in
            """
            [panel]
            width = 32
            height = 8
            depth = 1
            fps = 30
            [device]
            protocol = adalight
            [feed]
            path = \(feed)
            [marquee]
            speed = 120
            pause = 0
            \(Self.wiringConfig)
            """
        }
        let (rig, feed, frames, daemon) = (stream.rig, stream.feed, stream.frames, stream.daemon)
        try await rig.feed(["text " + String(repeating: "WM#@", count: 12)], to: feed)
        try await rig.wait("100 frames of scrolling white text") {
            Self.records(frames.contents).filter { Self.milliamps($0.header) != nil }.count >= 100
        }
        let lit = Self.records(frames.contents).compactMap { record in
            Self.milliamps(record.header).map {
                (milliamps: $0, pixels: record.picture.filter { $0 != "." && $0 != "\n" }.count)
            }
        }
        // Unlimited, the lit LEDs would draw 56 mA each; the budget is the default 850 mA.
        let heaviest = lit.map(\.pixels).max() ?? 0
        #expect(heaviest * 56 > 3 * 850, "the text lights enough LEDs to need the limiter (at most \(heaviest))")
        let over = lit.filter { $0.milliamps > 850 }
        #expect(over.isEmpty, "frames over the 850 mA budget: \(over.prefix(5))")
        #expect(lit.contains { $0.milliamps > 700 }, "dimmed frames still use most of the budget")
        // 30 whole frames a second of 774 bytes do not fit 115200 baud's 11,520 bytes: said at start-up.
        let warning = try await rig.line(of: daemon, containing: "a whole adalight frame of 32×8 LEDs is 774 bytes")
        #expect(warning.contains("full frames fit at 14 fps"), "\(warning)")
        #expect(daemon.lines(containing: "TPM2").isEmpty)
        #expect(daemon.termination == nil)
    }

    /// With the shim, libserialport opens the emulator's pseudo-terminal as it opens a real port; without it,
    /// `tickerctl leds test` opens it with termios, as it does for a user.
    /// And with `--config`, the daemon's configuration file gives the device, the protocol, the size and the
    /// wiring.
    @Test(arguments: [(true, false), (false, false), (true, true)])
    func ledsTestWalksOneLitLEDAlongTheStrip(shim: Bool, fromConfig: Bool) async throws {
        let rig = try Rig()
        let link = rig.path("leds")
        let framesPath = rig.path("frames.txt")
        _ = try await Self.emulator(rig, protocol: "tpm2", size: "4x2", link: link, frames: framesPath)
        let frames = try rig.watch(framesPath)
        let config = try rig.file(
            "tickerd.conf",
            "[panel]\nwidth = 4\nheight = 2\n[device]\npath = \(link)\nprotocol = tpm2\n" + Self.wiringConfig)
        let arguments =
            fromConfig
            ? ["--config", config]
            : ["--device", link, "--protocol", "tpm2", "--size", "4x2"] + Self.wiring
        let walk = try rig.tickerctl(
            ["leds", "test", "--interval", "0"] + arguments,
            environment: shim ? ["LD_PRELOAD": try BuiltProducts.shim()] : [:], name: "tickerctl leds test")
        #expect(try await rig.exit(of: walk) == .exited(0), "\(rig.diagnostics)")
        let printed = walk.outputText.split(separator: "\n").filter { $0.hasPrefix("LED ") }
        #expect(printed.count == 8)
        try await rig.wait("eight one-LED frames and the dark one") {
            Self.records(frames.contents).filter { Self.milliamps($0.header) != nil }.count >= 9
        }
        let pictures = Self.records(frames.contents).filter { Self.milliamps($0.header) != nil }.map(\.picture)
        // Serpentine columns from the bottom left: up the first column, down the second, …
        let expected = [(0, 1), (0, 0), (1, 0), (1, 1), (2, 1), (2, 0), (3, 0), (3, 1)]
        for (index, (x, y)) in expected.enumerated() {
            #expect(printed[index] == "LED \(index): (\(x), \(y))")
            let rows = pictures[index].split(separator: "\n").map(Array.init)
            let litAt = rows.enumerated().flatMap { row in
                row.element.enumerated().filter { $0.element != "." }.map { ($0.offset, row.offset) }
            }
            #expect(litAt.count == 1 && litAt.first?.0 == x && litAt.first?.1 == y, "LED \(index):\n\(pictures[index])")
        }
        #expect(pictures[8] == "....\n....")
    }

    /// `--protocol tickerd`: the same walk over tickerd's own protocol, to the panel emulator, a pixel at a time
    /// row by row, through the panel's sink (hello first).
    @Test func ledsTestWalksOnePixelAlongATickerdPanel() async throws {
        let rig = try Rig()
        let link = rig.path("panel")
        let framesPath = rig.path("frames.txt")
        let panel = try rig.tickerctl(
            ["panel", "--link", link, "--frames", framesPath, "--no-draw", "--size", "4x2"], name: "tickerctl panel")
        try await rig.line(of: panel, containing: "(linked at \(link))")
        let frames = try rig.watch(framesPath)
        let walk = try rig.tickerctl(
            ["leds", "test", "--device", link, "--protocol", "tickerd", "--size", "4x2", "--interval", "0"],
            name: "tickerctl leds test")
        #expect(try await rig.exit(of: walk) == .exited(0), "\(rig.diagnostics)")
        let expected = (0..<8).map { ($0 % 4, $0 / 4) }
        #expect(
            walk.outputText.split(separator: "\n").filter { $0.hasPrefix("LED ") }
                == expected.enumerated().map { "LED \($0.offset): (\($0.element.0), \($0.element.1))"[...] })
        var lit: [[(Int, Int)]] = []
        try await rig.wait("eight pictures of one lit pixel") {
            let pictures = frames.contents.split(separator: "--- ", omittingEmptySubsequences: true).map { record in
                record.split(separator: "\n").dropFirst().enumerated().flatMap { row in
                    row.element.enumerated().filter { $0.element == "#" }.map { ($0.offset, row.offset) }
                }
            }
            lit = pictures.filter { !$0.isEmpty }
            return lit.count >= 8
        }
        for (index, (x, y)) in expected.enumerated() {
            #expect(lit[index].count == 1 && lit[index].first! == (x, y), "pixel \(index): \(lit[index])")
        }
        #expect(panel.termination == nil)
    }

    /// `--device ddp://…`: the walk reaches a network matrix through the daemon's network sink. The receiver is
    /// a plain UDP socket that reads DDP as WLED does (`ESPAsyncE131.h`, `handleDDPPacket`): a 10-byte header
    /// (flags with version 1 in the top bits and push in bit 0, a sequence number, the data type, destination
    /// 1, the offset in bytes and the length, both big-endian), then 3 bytes an LED in strip order; a frame is
    /// shown when a packet pushes.
    /// Or from a configuration that names only the address, as `leds find` prints one.
    @Test(arguments: [false, true])
    func ledsTestWalksOneLitLEDAlongANetworkMatrix(fromConfig: Bool) async throws {
        let rig = try Rig()
        let port = try FreePort.udp()
        let receiver = try rig.catcher(port: port)
        let config = try rig.file(
            "tickerd.conf",
            "[panel]\nwidth = 4\nheight = 2\n[device]\npath = ddp://127.0.0.1:\(port)\n" + Self.wiringConfig)
        let arguments =
            fromConfig ? ["--config", config] : ["--device", "ddp://127.0.0.1:\(port)", "--size", "4x2"] + Self.wiring
        let walk = try rig.tickerctl(["leds", "test", "--interval", "0"] + arguments, name: "tickerctl leds test")
        #expect(try await rig.exit(of: walk) == .exited(0), "\(rig.diagnostics)")
        // What the receiver shows: the strip as the packets leave it, each time one pushes.
        var shown: [[UInt8]] = []
        try await rig.wait("nine DDP frames") {
            shown = []
            var strip = [UInt8](repeating: 0, count: 8 * 3)
            for packet in receiver.datagrams.map(\.bytes) where packet.count >= 10 {
                let timecode = packet[0] & 0x10 != 0 ? 4 : 0
                let offset = Int(packet[4]) << 24 | Int(packet[5]) << 16 | Int(packet[6]) << 8 | Int(packet[7])
                let length = Int(packet[8]) << 8 | Int(packet[9])
                guard packet[0] & 0xC0 == 0x40, packet[2] >> 3 & 0b111 != 0b011, packet[3] == 1,
                    packet.count == 10 + timecode + length, offset + length <= strip.count
                else { throw TestFailure("not a DDP packet of 3-byte pixels for this strip: \(packet.prefix(16))") }
                strip.replaceSubrange(offset..<(offset + length), with: packet[(10 + timecode)...])
                if packet[0] & 0x01 != 0 { shown.append(strip) }
            }
            return shown.count >= 9
        }
        let printed = walk.outputText.split(separator: "\n").filter { $0.hasPrefix("LED ") }
        // Serpentine columns from the bottom left, as over serial: the LED lit is the one walked to.
        let expected = [(0, 1), (0, 0), (1, 0), (1, 1), (2, 1), (2, 0), (3, 0), (3, 1)]
        #expect(printed.count == 8)
        for (index, (x, y)) in expected.enumerated() {
            #expect(printed[index] == "LED \(index): (\(x), \(y))")
            let lit = (0..<8).filter { led in shown[index][(3 * led)..<(3 * led + 3)].contains { $0 != 0 } }
            #expect(lit == [index], "frame \(index): \(shown[index])")
        }
        #expect(shown.dropFirst(8).allSatisfy { $0.allSatisfy { $0 == 0 } }, "the walk ends dark")
    }

    @Test func theReadmesEmulatedMatrixWorksAsPrintedWithoutTheShim() async throws {
        let rig = try Rig()
        let moved = ["/tmp/leds": rig.path("leds")]
        let emulator = ReadmeCommand(
            "tickerctl", "panel", "--protocol", "adalight", "--link", "/tmp/leds", "--size", "32x8", "--leds-wiring",
            "columns", "--leds-serpentine", "true")
        let daemon = ReadmeCommand(
            "tickerd", "--demo", "--device", "/tmp/leds", "--size", "32x8", "--depth", "rgb", "--set",
            "device.protocol=adalight", "--set", "leds.wiring=columns", "--set", "leds.serpentine=true")
        for command in [emulator, daemon] { #expect(command.isInReadme, "README.md prints `\(command.printed)`") }
        let framesPath = rig.path("frames.txt")
        let panel = try rig.tickerctl(
            emulator.arguments(moving: moved) + ["--frames", framesPath], name: "tickerctl panel")
        try await rig.line(of: panel, containing: "(linked at ")
        let frames = try rig.watch(framesPath)
        let tickerd = try rig.tickerd(daemon.arguments(moving: moved), shim: false)
        let connected = try await rig.line(of: tickerd, containing: "LED controller connected on")
        #expect(connected.contains("(a pseudo-terminal)"), "\(connected)")
        try await rig.wait("frames of 256 LEDs with some lit") {
            Self.records(frames.contents).filter { record in
                record.header.contains("adalight 256 LEDs") && record.picture.contains { $0 == "#" || $0 == "+" }
            }.count >= 2
        }
        let records = Self.records(frames.contents)
        #expect(!records.contains { $0.header.contains("wrong-count") || $0.header.contains("damaged") })
        // WLED's own answer about itself agrees with the panel: no warning.
        try await rig.line(of: tickerd, containing: "WLED 'tickerctl panel'")
        #expect(tickerd.lines(containing: "but the panel is").isEmpty, "\(tickerd.errors)")
        // The port is free again once the daemon has gone: the README's walk along the same matrix (the dark
        // frame the daemon leaves is not one of its steps).
        tickerd.send(SIGTERM)
        #expect(try await rig.exit(of: tickerd) == .exited(0))
        let walk = ReadmeCommand(
            "tickerctl", "leds", "test", "--device", "/tmp/leds", "--size", "32x8", "--leds-wiring", "columns",
            "--leds-serpentine", "true")
        #expect(walk.isInReadme, "README.md prints `\(walk.printed)`")
        let before = Self.records(frames.contents).count
        let walker = try rig.tickerctl(walk.arguments(moving: moved), name: "tickerctl leds test")
        var lit: [[(Int, Int)]] = []
        try await rig.wait("the first three LEDs lit one at a time") {
            lit = Self.records(frames.contents).dropFirst(before).filter { Self.milliamps($0.header) != nil }.map {
                record in
                record.picture.split(separator: "\n").enumerated().flatMap { row in
                    row.element.enumerated().filter { $0.element != "." }.map { ($0.offset, row.offset) }
                }
            }.filter { !$0.isEmpty }
            return lit.count >= 3
        }
        // Serpentine columns from the top left: down the first column.
        for (index, leds) in lit.prefix(3).enumerated() {
            #expect(leds.count == 1 && leds.first?.0 == 0 && leds.first?.1 == index, "LED \(index): \(leds)")
        }
        #expect(walker.termination == nil, "\(walker.tail)")
        #expect(panel.termination == nil)
    }

    @Test func theEmulatedMatrixTheDaemonAndLedsTestAgreeOnTheSizeWhenNoneIsGiven() async throws {
        let rig = try Rig()
        let link = rig.path("leds")
        let framesPath = rig.path("frames.txt")
        let panel = try rig.tickerctl(
            ["panel", "--protocol", "adalight", "--link", link, "--frames", framesPath], name: "tickerctl panel")
        try await rig.line(of: panel, containing: "(linked at \(link))")
        let frames = try rig.watch(framesPath)
        let daemon = try rig.tickerd(["--demo", "--device", link, "--set", "device.protocol=adalight"], shim: false)
        try await rig.wait("two frames from the daemon") {
            Self.records(frames.contents).filter { Self.milliamps($0.header) != nil }.count >= 2
        }
        daemon.send(SIGTERM)
        #expect(try await rig.exit(of: daemon) == .exited(0))
        let before = Self.records(frames.contents).count
        let walk = try rig.tickerctl(
            ["leds", "test", "--device", link, "--interval", "0.05"], name: "tickerctl leds test")
        try await rig.wait("three steps of the walk") { Self.records(frames.contents).count >= before + 3 }
        // The daemon's defaults, 64×16, everywhere: every frame fits the emulated matrix.
        let headers = Self.records(frames.contents).map(\.header)
        #expect(headers.filter { $0.contains("wrong-count") }.isEmpty, "\(headers.prefix(3))")
        #expect(headers.allSatisfy { $0.contains("adalight 1024 LEDs") || $0.contains(" info") }, "\(headers)")
        #expect(walk.termination == nil, "\(walk.tail)")
    }

    @Test func wledIsSwitchedToAFasterRateAskedAboutItselfReconnectedAndReleased() async throws {
        let rig = try Rig()
        let link = rig.path("leds")
        let feed = rig.path("feed")
        let config = try rig.file(
            "tickerd.conf",
            """
            [panel]
            width = 32
            height = 8
            [device]
            protocol = adalight
            on-exit = release
            [feed]
            path = \(feed)
            \(Self.wiringConfig)
            switch-baud = 921600

            """)
        // A WLED whose 2D setup says 16×16: the same 256 LEDs, another shape.
        let first = try await Self.emulator(
            rig, protocol: "adalight", size: "16x16", link: link, frames: rig.path("first.txt"))
        let daemon = try rig.tickerd(["--config", config, "--device", link, "--no-terminal"])
        try await rig.line(of: daemon, containing: "LED controller switched to 921600 baud")
        try await rig.line(of: daemon, containing: "WLED's matrix is 16×16 but the panel is 32×8")
        #expect(daemon.lines(containing: "WLED has").isEmpty, "the LED count agrees")
        first.kill()
        try await rig.line(of: daemon, containing: "LED controller disconnected")
        let framesPath = rig.path("second.txt")
        _ = try await Self.emulator(rig, protocol: "adalight", link: link, frames: framesPath)
        let frames = try rig.watch(framesPath)
        try await rig.wait("a switch, info and a frame after the replug") {
            let headers = Self.records(frames.contents).map(\.header)
            return headers.contains { $0.hasSuffix(" baud 921600") } && headers.contains { $0.hasSuffix(" info") }
                && headers.contains { $0.contains(" LEDs ") }
        }
        // The frame can reach the emulator before the daemon's log line does.
        try await rig.wait("the second connection logged") {
            daemon.lines(containing: "LED controller connected").count >= 2
        }
        #expect(daemon.lines(containing: "LED controller connected").count == 2)
        daemon.send(SIGTERM)
        try await rig.wait("the LEDs handed back to WLED") {
            Self.records(frames.contents).last?.header.hasSuffix(" released") == true
        }
        #expect(try await rig.exit(of: daemon) == .exited(0))
    }
}

extension LEDStripTests {
    @Test func aControllerThatStopsReadingMakesTheDaemonSkipFramesNotDisconnect() async throws {
        let rig = try Rig()
        let listener = try rig.notifySocket()
        // A bare pseudo-terminal that reads bytes (the tickerd-protocol decoder makes nothing of them) and never
        // answers: enough to stop reading and let the line fill up.
        let controller = try rig.panel(width: 128, height: 64, depth: 1)
        controller.answers = false
        let daemon = try rig.tickerd(
            [
                "--device", controller.link, "--demo", "--size", "128x64", "--depth", "1", "--fps", "60",
                "--no-terminal", "--set", "device.protocol=tpm2", "--set", "leds.max-milliamps=0",
            ],
            environment: ["NOTIFY_SOCKET": listener.path])
        try await rig.line(of: daemon, containing: "LED controller connected")
        try await rig.wait("the first frames") { controller.bytesRead > 100_000 }
        controller.reading = false
        func skipped() -> Int {
            let counts = listener.assignments.filter { $0.hasPrefix("STATUS=") }.compactMap { status -> Int? in
                guard let range = status.range(of: " skipped") else { return nil }
                return Int(
                    status[..<range.lowerBound].reversed().prefix { $0.isNumber }.reversed().map(String.init).joined())
            }
            return counts.last ?? 0
        }
        try await rig.wait("the daemon to report 20 skipped frames") { skipped() >= 20 }
        let read = controller.bytesRead
        controller.reading = true
        try await rig.wait("frames again once the controller reads") { controller.bytesRead > read + 200_000 }
        #expect(daemon.lines(containing: "LED controller disconnected").isEmpty, "\(rig.diagnostics)")
        #expect(daemon.lines(containing: "LED controller connected").count == 1)
    }
}
