import Glibc
import Testing
import TickerTestSupport

/// `tickerctl panel`, the emulator, against the real daemon.
@Suite struct PanelEmulatorTests {
    @Test func emulatorWritesTheDaemonsDecodedFramesToItsFramesFile() async throws {
        let rig = try Rig()
        let link = rig.path("emulated")
        let framesPath = rig.path("frames.txt")
        let emulator = try rig.tickerctl(
            ["panel", "--link", link, "--frames", framesPath, "--no-draw", "--size", "128x16", "--depth", "4"],
            name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "(linked at \(link))")
        let frames = try rig.watch(framesPath)
        let daemon = try rig.tickerd(["--demo", "--device", link, "--size", "128x16", "--depth", "4", "--no-terminal"])
        // With the shim preloaded, libserialport itself opens the pseudo-terminal, as it opens a real port.
        let connected = try await rig.line(of: daemon, containing: "panel connected on")
        #expect(!connected.contains("pseudo-terminal"), "\(connected)")
        var records: [Substring] = []
        try await rig.wait("two full frames and 30 records in the frames file") {
            records = frames.contents.split(separator: "--- ", omittingEmptySubsequences: true)
            return records.filter { $0.contains(" full\n") }.count >= 2 && records.count >= 30
        }
        #expect(records.first?.hasPrefix("1 hello") == true)
        #expect(!records.contains { $0.contains("rejected") }, "every packet decodes")
        let kinds = records.map { $0.split(separator: "\n").first?.split(separator: " ").dropFirst().first ?? "" }
        #expect(kinds.contains("columns") || kinds.contains("scroll"))
        // Every record but the one being written carries the panel after the packet: 16 rows of 128 pixels.
        for record in records.dropLast() where !record.contains(" hello\n") {
            let rows = record.split(separator: "\n").dropFirst()
            #expect(rows.count == 16, "each decoded frame is 16 rows: \(record.prefix(40))")
            #expect(rows.allSatisfy { $0.count == 128 && $0.allSatisfy { ".+#".contains($0) } })
        }
        #expect(records.contains { $0.contains(" full\n") && $0.contains("#") }, "the demo lights pixels")
        #expect(daemon.termination == nil)
        #expect(emulator.termination == nil)
    }

    @Test(arguments: [("24", "rgb"), ("16", "rgb565")])
    func aColourDaemonsFramesReachTheEmulatorInTheirColours(bits: String, depth: String) async throws {
        let rig = try Rig()
        let link = rig.path("emulated")
        let framesPath = rig.path("frames.txt")
        let emulator = try rig.tickerctl(
            ["panel", "--link", link, "--frames", framesPath, "--no-draw", "--size", "64x16", "--depth", bits],
            name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "(linked at \(link))")
        let frames = try rig.watch(framesPath)
        let daemon = try rig.tickerd([
            "--demo", "--device", link, "--size", "64x16", "--depth", depth, "--no-terminal", "--baud", "1000000",
            "--set", "colors.title=#FF0000", "--set", "colors.artist=#00FF00", "--set", "colors.sung=#0000FF",
            "--set", "colors.message=#0000FF", "--set", "colors.clock=#0000FF",
        ])
        var records: [Substring] = []
        try await rig.wait("two full frames and 10 records in the frames file") {
            records = frames.contents.split(separator: "--- ", omittingEmptySubsequences: true)
            return records.filter { $0.contains(" full\n") }.count >= 2 && records.count >= 10
        }
        #expect(!records.contains { $0.contains("rejected") }, "every packet decodes")
        // Each record is the packet line, 16 rows of ASCII art, then 16 rows of 64 RRGGBB pixels.
        var seen = Set<String>()
        for record in records.dropLast() where !record.contains(" hello\n") {
            let lines = record.split(separator: "\n").dropFirst()
            let pixels = lines.dropFirst(16).flatMap { $0.split(separator: " ") }
            #expect(lines.count == 32 && pixels.count == 64 * 16, "\(record.prefix(40))")
            for pixel in pixels {
                // Every role is a pure red, green or blue: a level scales one channel and leaves the others dark.
                let channels = stride(from: 0, to: 6, by: 2).map {
                    pixel.dropFirst($0).prefix(2)
                }
                #expect(channels.filter { $0 != "00" }.count <= 1, "pixel \(pixel)")
                seen.insert(String(pixel))
            }
        }
        #expect(seen.contains("FF0000") || seen.contains("00FF00") || seen.contains("0000FF"), "\(seen.sorted())")
        #expect(daemon.termination == nil)
        #expect(emulator.termination == nil)
    }

    /// The decoded packets of a frames file, one record each ("3 full\n" and the panel's rows).
    static func records(_ frames: FileWatcher) -> [Substring] {
        frames.contents.split(separator: "--- ", omittingEmptySubsequences: true)
    }

    /// Starts README.md's emulator command (with `--frames` added, to see what it decodes) at a link in `rig`.
    static func readmeEmulator(_ command: ReadmeCommand, in rig: Rig, moving moved: [String: String]) async throws
        -> (Child, FileWatcher)
    {
        #expect(command.isInReadme, "README.md prints `\(command.printed)`")
        let framesPath = rig.path("frames.txt")
        let emulator = try rig.tickerctl(
            command.arguments(moving: moved) + ["--frames", framesPath], name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "(linked at ")
        return (emulator, try rig.watch(framesPath))
    }

    static let emulatorCommand = ReadmeCommand("tickerctl", "panel", "--link", "/tmp/panel")

    @Test func theReadmesDemoOnAnEmulatedPanelWorksAsPrintedWithoutTheShim() async throws {
        let rig = try Rig()
        let moved = ["/tmp/panel": rig.path("panel")]
        let (emulator, frames) = try await Self.readmeEmulator(Self.emulatorCommand, in: rig, moving: moved)
        let demo = ReadmeCommand("tickerd", "--demo", "--device", "/tmp/panel")
        #expect(demo.isInReadme, "README.md prints `\(demo.printed)`")
        let daemon = try rig.tickerd(demo.arguments(moving: moved), shim: false)
        let connected = try await rig.line(of: daemon, containing: "panel connected on")
        #expect(connected.contains("(a pseudo-terminal)"), "\(connected)")
        try await rig.wait("two full frames with lit pixels and 10 records") {
            let records = Self.records(frames)
            return records.filter { $0.contains(" full\n") && $0.contains("#") }.count >= 2 && records.count >= 10
        }
        let records = Self.records(frames)
        #expect(!records.contains { $0.contains("rejected") }, "every frame fits the emulated panel")
        // The emulator's defaults are the daemon's: 64×16.
        for record in records.dropLast() where !record.contains(" hello\n") {
            let rows = record.split(separator: "\n").dropFirst()
            #expect(rows.count == 16 && rows.allSatisfy { $0.count == 64 }, "\(record.prefix(40))")
        }
        #expect(daemon.lines(containing: "not available").isEmpty, "\(daemon.errors)")
        #expect(emulator.termination == nil)
    }

    @Test func theReadmesFeedOnAnEmulatedPanelWorksAsPrintedWithoutTheShim() async throws {
        let rig = try Rig()
        let moved = ["/tmp/panel": rig.path("panel"), "/tmp/feed": rig.path("feed")]
        let (_, frames) = try await Self.readmeEmulator(Self.emulatorCommand, in: rig, moving: moved)
        let serve = ReadmeCommand("tickerd", "--device", "/tmp/panel", "--feed", "/tmp/feed")
        let now = ReadmeCommand("tickerctl", "now", "--feed", "/tmp/feed", "The Column Drivers", "Night Signal")
        for command in [serve, now] { #expect(command.isInReadme, "README.md prints `\(command.printed)`") }
        let daemon = try rig.tickerd(serve.arguments(moving: moved), shim: false)
        try await rig.line(of: daemon, containing: "panel connected on")
        try await rig.wait("the hello and a full frame") { Self.records(frames).contains { $0.contains(" full\n") } }
        let sender = try rig.tickerctl(now.arguments(moving: moved), name: "tickerctl now")
        #expect(try await rig.exit(of: sender) == .exited(0), "\(rig.diagnostics)")
        try await rig.wait("the title lit on the emulated panel") {
            Self.records(frames).contains { !$0.contains("rejected") && $0.contains("#") }
        }
        #expect(!Self.records(frames).contains { $0.contains("rejected") })
        #expect(daemon.termination == nil)
    }

    @Test func aPanelOfAnotherSizeSaysSoOnBothSides() async throws {
        let rig = try Rig()
        let link = rig.path("panel")
        let emulator = try rig.tickerctl(["panel", "--link", link, "--size", "128x16"], name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "(linked at \(link))")
        let daemon = try rig.tickerd(["--demo", "--device", link], shim: false)
        let refused = try await rig.line(of: emulator, containing: "does not match")
        #expect(
            refused.contains(
                "frame of 64x16 at 2 bits per pixel does not match this panel's 128x16 at 2 bits: refused (start "
                    + "this emulator with --size 64x16 --depth 2, or tickerd with --size 128x16 --depth 2)"),
            "\(refused)")
        let told = try await rig.line(of: daemon, containing: "the panel is 128×16")
        #expect(
            told.contains(
                "the panel is 128×16 at 2 bit(s) per pixel, but tickerd is set up for 64×16 at 2: the panel refuses "
                    + "every frame; set [panel] width = 128, height = 16, depth = 2 (or start tickerd with --size "
                    + "128x16 --depth 2)"), "\(told)")
        // Said once, not for every frame.
        try await rig.line(of: daemon, containing: "panel rejected packet")
        #expect(emulator.lines(containing: "does not match").count == 1)
    }
}
