import Glibc
import Testing
import TickerTestSupport

/// `tickerd --demo` drawing a colour panel in the terminal.
@Suite struct TerminalColorTests {
    @Test func theDemoDrawsAColourPanelInItsColoursWith24BitEscapes() async throws {
        let rig = try Rig()
        let daemon = try rig.tickerd([
            "--demo", "--terminal", "--size", "64x16", "--depth", "rgb", "--set", "colors.title=#FF0000",
            "--set", "colors.artist=#00FF00", "--set", "colors.background=#000010",
        ])
        // The now-playing line's title and artist in their colours, and unlit pixels in the background's.
        let escapes = ["38;2;255;0;0m", "38;2;0;255;0m", "38;2;0;0;16m"]
        try await rig.wait("the demo to draw the title, the artist and the background in their colours") {
            let output = daemon.outputText
            return escapes.allSatisfy {
                output.contains("\u{1B}[" + $0) || output.contains("\u{1B}[4" + $0.dropFirst())
            }
        }
        #expect(daemon.termination == nil)
    }

    @Test func aGreyDemoKeepsItsAmberLook() async throws {
        let rig = try Rig()
        let daemon = try rig.tickerd(["--demo", "--terminal", "--size", "64x16", "--depth", "2"])
        // Full brightness in amber (255, 176, 0), as before colour came.
        try await rig.wait("the demo to draw a lit amber pixel") {
            daemon.outputText.contains("\u{1B}[38;2;255;176;0m") || daemon.outputText.contains("\u{1B}[48;2;255;176;0m")
        }
        #expect(daemon.termination == nil)
    }
}
