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
}
