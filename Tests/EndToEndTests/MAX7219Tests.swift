import Glibc
import Testing
import TickerTestSupport

/// MAX7219 modules end to end: `tickerd --device spi:PATH` writes its transactions into the FIFO that
/// `tickerctl panel --protocol max7219 --link PATH` made, the emulator applies them to its chips as the
/// datasheet says, and what the LEDs show is compared with what `tickerctl render` draws.
@Suite struct MAX7219EndToEndTests {
    /// A chain's size and its `[max7219]` keys, given to the daemon in its file and to the emulator as options.
    struct Chain: CustomTestStringConvertible, Sendable {
        let id: String
        let width: Int
        let height: Int
        let keys: [(String, String)]
        var testDescription: String { id }

        var options: [String] { ["--size", "\(width)x\(height)"] + keys.flatMap { ["--max7219-\($0.0)", $0.1] } }
        var section: String { "[max7219]\n" + keys.map { "\($0.0) = \($0.1)\n" }.joined() }
    }

    static let chains = [
        Chain(id: "FC-16, four chips", width: 32, height: 8, keys: [("variant", "fc16")]),
        Chain(id: "generic boards", width: 32, height: 8, keys: [("variant", "generic")]),
        Chain(id: "Parola boards", width: 32, height: 8, keys: [("variant", "parola")]),
        Chain(id: "ICStation boards", width: 32, height: 8, keys: [("variant", "icstation"), ("chips", "4")]),
        Chain(
            id: "eight chips chained from the left, turned a quarter", width: 64, height: 8,
            keys: [("chain-start", "left"), ("rotation", "90")]),
        Chain(
            id: "two rows of four stacked, serpentine, mirrored", width: 32, height: 16,
            keys: [("rows", "2"), ("serpentine", "true"), ("flip-horizontal", "true"), ("variant", "parola")]),
    ]

    /// A rig with the emulator of `chain` on a FIFO, its frames file watched, and the daemon's configuration.
    static func start(_ chain: Chain, extra: String = "") async throws -> (Rig, Child, FileWatcher, String, String) {
        let rig = try Rig()
        let fifo = rig.path("spidev")
        let framesPath = rig.path("frames.txt")
        let emulator = try rig.tickerctl(
            ["panel", "--protocol", "max7219", "--link", fifo, "--frames", framesPath, "--no-draw"] + chain.options,
            name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "reading the FIFO \(fifo)")
        let feed = rig.path("feed")
        let config = try rig.file(
            "tickerd.conf",
            """
            [panel]
            width = \(chain.width)
            height = \(chain.height)
            depth = 1
            [device]
            path = spi:\(fifo)
            [feed]
            path = \(feed)
            \(chain.section)\(extra)

            """)
        return (rig, emulator, try rig.watch(framesPath), config, feed)
    }

    /// What `tickerctl render` draws for `text` with `config`, as ASCII art.
    static func rendered(_ rig: Rig, config: String, text: String) async throws -> String {
        let render = try rig.tickerctl(["render", "--config", config, "--text", text], name: "tickerctl render")
        #expect(try await rig.exit(of: render) == .exited(0))
        let expected = render.outputText.split(separator: "\n").joined(separator: "\n")
        #expect(expected.contains("#") && expected.contains("."), "the text lights some pixels:\n\(expected)")
        return expected
    }

    /// Starts the daemon on `chain`, feeds it a text, and waits for the emulator to show what `tickerctl render`
    /// draws of it; returns the daemon and that picture.
    static func showText(
        _ rig: Rig, _ chain: Chain, config: String, feed: String, frames: FileWatcher
    ) async throws -> (Child, String) {
        let daemon = try rig.tickerd(["--config", config, "--no-terminal"])
        try await rig.line(of: daemon, containing: "MAX7219 chain of \(chain.width * chain.height / 64) chips")
        try await rig.feed(["text Hi!"], to: feed)
        let expected = try await rendered(rig, config: config, text: "Hi!")
        try await rig.wait("the emulator to show what tickerctl render draws:\n\(expected)") {
            LEDStripTests.records(frames.contents).contains { $0.picture == expected }
        }
        return (daemon, expected)
    }

    @Test(arguments: chains)
    func emulatorShowsWhatTickerctlRenderDrawsFromTheDaemon(_ chain: Chain) async throws {
        let (rig, emulator, frames, config, feed) = try await Self.start(chain)
        let (daemon, _) = try await Self.showText(rig, chain, config: config, feed: feed, frames: frames)
        let records = LEDStripTests.records(frames.contents)
        #expect(!records.contains { $0.header.contains("refused") }, "\(records.map(\.header))")
        #expect(records.last?.header.contains("0 in display test") == true, "\(records.map(\.header))")
        #expect(daemon.lines(containing: "warning").isEmpty, "\(daemon.lines)")
        #expect(daemon.termination == nil && emulator.termination == nil)
    }

    @Test func aChipKnockedIntoDisplayTestRecoversAtTheNextSetUpAndExitBlanks() async throws {
        let chain = Self.chains[0]
        let (rig, emulator, frames, config, feed) = try await Self.start(chain, extra: "reinitialise = 0.5\n")
        let (daemon, expected) = try await Self.showText(rig, chain, config: config, feed: feed, frames: frames)
        // A glitch on the line: the second chip from the Pi gets display test, the others a no-op.
        let before = LEDStripTests.records(frames.contents).count
        try await rig.feed([0x00, 0x00, 0x00, 0x00, 0x0F, 0x01, 0x00, 0x00], to: rig.path("spidev"))
        try await rig.wait("the glitched chip to light all its LEDs") {
            LEDStripTests.records(frames.contents).dropFirst(before).contains {
                $0.header.contains("1 in display test")
                    && $0.picture.split(separator: "\n").allSatisfy { $0.dropFirst(16).prefix(8) == "########" }
            }
        }
        // The record of the glitch, then one of the text again.
        try await rig.wait("the daemon's next set-up to bring the text back") {
            let records = LEDStripTests.records(frames.contents).dropFirst(before)
            guard let glitched = records.firstIndex(where: { $0.header.contains("1 in display test") }) else {
                return false
            }
            return records[glitched...].contains {
                $0.picture == expected && $0.header.contains("0 in display test")
            }
        }
        // The daemon sent no new frame in between (the picture did not change): only the set-up fixed it.
        kill(daemon.pid, SIGTERM)
        #expect(try await rig.exit(of: daemon) == .exited(0))
        let dark = String(repeating: String(repeating: ".", count: 32) + "\n", count: 8).dropLast()
        try await rig.wait("on exit, every chip dark and shut down") {
            LEDStripTests.records(frames.contents).last.map { $0.picture == dark && $0.header.contains(" 0 running") }
                ?? false
        }
        #expect(emulator.termination == nil)
    }

    @Test func aMissingDeviceIsRetriedAndLoggedOnce() async throws {
        let rig = try Rig()
        let fifo = rig.path("spidev")
        let config = try rig.file(
            "tickerd.conf",
            "[panel]\nwidth = 32\nheight = 8\ndepth = 1\n[device]\npath = spi:\(fifo)\n[feed]\npath = \(rig.path("feed"))\n"
        )
        let daemon = try rig.tickerd(["--config", config, "--no-terminal"])
        try await rig.line(of: daemon, containing: "MAX7219 chain not available: open '\(fifo)': No such file")
        let emulator = try rig.tickerctl(
            ["panel", "--protocol", "max7219", "--link", fifo, "--size", "32x8", "--no-draw"], name: "tickerctl panel")
        try await rig.line(of: daemon, containing: "MAX7219 chain of 4 chips (32×8, fc16) connected on \(fifo)")
        #expect(daemon.lines(containing: "not available").count == 1, "\(daemon.lines)")
        // The emulator goes: the daemon notices (the FIFO has no reader) and waits for it again.
        kill(emulator.pid, SIGTERM)
        #expect(try await rig.exit(of: emulator) == .exited(0))
        try await rig.line(of: daemon, containing: "MAX7219 chain on \(fifo) lost")
    }

    @Test func ledsTestWalksTheChainRowByRowThroughTheDaemonsSink() async throws {
        let rig = try Rig()
        let fifo = rig.path("spidev")
        let framesPath = rig.path("frames.txt")
        let emulator = try rig.tickerctl(
            ["panel", "--protocol", "max7219", "--link", fifo, "--size", "16x8", "--frames", framesPath, "--no-draw"],
            name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "reading the FIFO \(fifo)")
        let frames = try rig.watch(framesPath)
        let walk = try rig.tickerctl(
            ["leds", "test", "--device", "spi:\(fifo)", "--size", "16x8", "--interval", "0.005"], name: "leds test")
        #expect(try await rig.exit(of: walk) == .exited(0), "\(walk.errors)")
        // Every picture with one LED lit, in order: the walk, as the chips showed it.
        let lit = { () -> [Int] in
            LEDStripTests.records(frames.contents).compactMap { record -> Int? in
                let pixels = Array(record.picture.split(separator: "\n").joined())
                let lit = pixels.indices.filter { pixels[$0] == "#" }
                return lit.count == 1 ? lit[0] : nil
            }
        }
        try await rig.wait("the emulator to show the whole walk") { lit().last == 127 }
        #expect(lit() == Array(0..<128))
        #expect(emulator.termination == nil)
    }

    @Test func aReloadWithAnotherVariantRewiresTheChain() async throws {
        let parola = Chain(id: "Parola", width: 32, height: 8, keys: [("variant", "parola")])
        let (rig, _, frames, config, feed) = try await Self.start(parola)
        // The daemon starts with the wrong board variant: the emulator's Parola chips show the text mirrored.
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try text.replacingOccurrences(of: "variant = parola", with: "variant = fc16")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try rig.tickerd(["--config", config, "--no-terminal"])
        try await rig.line(of: daemon, containing: "MAX7219 chain of 4 chips (32×8, fc16)")
        try await rig.feed(["text Hi!"], to: feed)
        let expected = try await Self.rendered(rig, config: config, text: "Hi!")
        let mirrored = expected.split(separator: "\n").map { row in
            // Each module's columns in the other order: what FC-16 bytes light on a Parola board.
            stride(from: 0, to: 32, by: 8).map { String(Array(row)[$0..<$0 + 8].reversed()) }.joined()
        }.joined(separator: "\n")
        try await rig.wait("the Parola chips to show the FC-16 bytes mirrored:\n\(mirrored)") {
            LEDStripTests.records(frames.contents).contains { $0.picture == mirrored }
        }
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try await rig.line(of: daemon, containing: "MAX7219 chain of 4 chips (32×8, parola)")
        try await rig.wait("the reloaded daemon to show the text the right way round:\n\(expected)") {
            LEDStripTests.records(frames.contents).contains { $0.picture == expected }
        }
    }
}
