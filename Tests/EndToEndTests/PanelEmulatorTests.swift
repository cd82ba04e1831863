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
}
