import Testing
import TickerTestSupport

/// `tickerctl render` and `tickerd --check-config` on the cases of issue 23 that concern the picture as a whole:
/// colours on grey panels, split zones too low for their fonts, and the marquee at instants a lap apart.
@Suite struct RenderPreviewTests {
    /// Runs `tickerctl render` and returns its picture, expecting it to succeed.
    static func render(_ rig: Rig, _ arguments: [String]) async throws -> String {
        let run = try rig.tickerctl(["render"] + arguments)
        #expect(try await rig.exit(of: run) == .exited(0), "\(run.lines)")
        return run.outputText
    }

    @Test(arguments: ["2", "4"])
    func aBlueSungColourKeepsTheSweepOnAGreyPanel(depth: String) async throws {
        let rig = try Rig()
        let lrc = try rig.file("song.lrc", "[00:01.00]<00:01.00>Hello <00:02.00>world<00:03.00>\n[00:04.00]\n")
        let arguments = ["--lyrics", lrc, "--size", "64x8", "--depth", depth, "--at", "1.5"]
        let plain = try await Self.render(rig, arguments)
        let blue = try await Self.render(rig, arguments + ["--set", "colors.sung=blue"])
        #expect(plain.contains("#") && plain.contains("+"), "part sung, part at rest:\n\(plain)")
        #expect(blue == plain, "with sung = blue:\n\(blue)\nwithout colours:\n\(plain)")
    }

    @Test func theMarqueeShowsTheSameColumnALapLater() async throws {
        let rig = try Rig()
        // "Daydream" is 39 columns: a lap of 1 s + (39 + 24) / 30 s = 3.1 s at the defaults.
        let arguments = ["--text", "Daydream", "--size", "32x8"]
        let strip = try await Self.render(rig, arguments + ["--strip"])
        #expect(strip.split(separator: "\n").first?.count == 39)
        let first = try await Self.render(rig, arguments + ["--at", "1.5"])
        #expect(try await Self.render(rig, arguments + ["--at", "4.6"]) == first)
        #expect(try await Self.render(rig, arguments + ["--at", "7.7"]) == first)
        #expect(try await Self.render(rig, arguments + ["--at", "0"]) != first)
    }

    @Test(arguments: ["10", "11"])
    func splitZonesTooLowForEveryBuiltInFontAreRefused(rows: String) async throws {
        let rig = try Rig()
        let config = try rig.file("split.conf", "[panel]\nheight = \(rows)\n[layout]\nzones = split\n")
        let check = try rig.tickerd(["--check-config", "--config", config])
        #expect(try await rig.exit(of: check) == .exited(1))
        let said = check.lines.joined(separator: "\n")
        #expect(
            said.contains(
                "\(config):4: layout.zones 'split' needs 12 rows for its fonts, small (6 rows) above small (6 rows), "
                    + "and panel.height is \(rows) (no built-in font fits two zones below 12 rows"), "\(said)")
        let render = try rig.tickerctl(["render", "--text", "Hi", "--size", "64x\(rows)", "--zones", "split"])
        #expect(try await rig.exit(of: render) == .exited(1))
        #expect(render.lines.contains { $0.contains("layout.zones 'split' needs 12 rows") }, "\(render.lines)")
    }

    @Test func aSplitPanelTooLowForTheBuiltInFontDrawsWithTheSmallOneAndSaysSo() async throws {
        let rig = try Rig()
        let config = try rig.file("split.conf", "[panel]\nheight = 12\n[layout]\nzones = split\n")
        let check = try rig.tickerd(["--check-config", "--config", config])
        #expect(try await rig.exit(of: check) == .exited(0))
        #expect(
            check.lines == [
                "tickerd: warning: \(config): layout.zones 'split' on 12 rows: the zones draw with the small font (6 "
                    + "rows), the built-in one needing 16 rows for both"
            ])
        let split = try await Self.render(rig, ["--text", "Hi", "--size", "64x12", "--zones", "split"])
        let small = try await Self.render(rig, ["--text", "Hi", "--size", "64x6", "--font", "small"])
        // The top zone shows what the small font alone shows on a 6-row panel.
        #expect(split.split(separator: "\n").prefix(6) == small.split(separator: "\n").prefix(6), "\(split)")
    }
}
