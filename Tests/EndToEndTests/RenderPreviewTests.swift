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
}
