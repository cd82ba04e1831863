import Glibc
import PanelCore
import Testing
import TickerCore
import TickerTestSupport

/// The progress bar and the brightness schedule, end to end: feed lines written into a real FIFO change what a
/// real `tickerd` shows on a pseudo-terminal panel and at what brightness; `tickerctl render` previews both.
@Suite struct ProgressAndBrightnessTests {
    /// The panel's bottom row, as ASCII art.
    static func bottomRow(_ panel: FakePanel) -> String {
        String(panel.device.asciiArt.split(separator: "\n").last ?? "")
    }

    static func bar(_ reached: Int, of width: Int = 64) -> String {
        String(repeating: "#", count: reached) + String(repeating: "+", count: width - reached)
    }

    @Test func theBarShowsHowFarTheTrackIsASeekMovesItAtOnceAndPlayingItGainsAPixelAtATime() async throws {
        // The small font leaves the bottom row of an 8-row panel spare: the bar takes it.
        let stage = try await FeedStage(config: "[layout]\nfont = small\n")
        let panel = stage.panel
        try await stage.send("title Hi", "duration 64", "pause", "position 16")
        try await stage.rig.wait("a quarter of the bar, paused at 16 s of 64") { Self.bottomRow(panel) == Self.bar(16) }
        // The text above it is untouched by it.
        #expect(panel.device.asciiArt.split(separator: "\n").dropLast().joined().contains("#"))

        try await stage.send("position 47.5")
        try await stage.rig.wait("the bar after the seek to 47.5 s") { Self.bottomRow(panel) == Self.bar(47) }

        // Playing, a pixel a second: the daemon sends the bar's new pixel and sleeps in between. The packets are
        // counted as the panel takes them, so the count does not hang on when the test's task, late on a loaded
        // machine, looks (the bar may be past 48 by then).
        final class Bar: @unchecked Sendable {
            var packets = 0
            /// For a bar of 48, 49 or 50 pixels, the packets up to the one that first showed it.
            var shownAt: [Int: Int] = [:]
        }
        let bar = Bar()
        panel.onEvent = { event, device in
            guard PacketKind(event).isPixels else { return }
            bar.packets += 1
            let row = String(device.asciiArt.split(separator: "\n").last ?? "")
            for reached in 48...50 where bar.shownAt[reached] == nil && row == Self.bar(reached) {
                bar.shownAt[reached] = bar.packets
            }
        }
        try await stage.send("play")
        try await stage.rig.wait("the 48th pixel, half a second on") { bar.shownAt[48] != nil }
        try await stage.rig.wait("two more pixels") { bar.shownAt[50] != nil }
        let packets = (bar.shownAt[50] ?? 0) - (bar.shownAt[48] ?? 0)
        // 2 to 5 (was 4): the two pixels, and the full frame the link sends at least once a second: two in the
        // 2 s between the pixels, three when the daemon, late on a loaded machine, sends the 50th a little more
        // than 2 s after the 48th. A daemon that drew every frame would send 80 (40 fps).
        #expect(packets >= 2 && packets <= 5, "\(packets) packets for two pixels of the bar")

        // A new track: its bar starts over at once.
        try await stage.send("title Next", "duration 100", "pause", "position 0")
        try await stage.rig.wait("the new track's empty bar") { Self.bottomRow(panel) == Self.bar(0) }
        stage.daemon.send(SIGTERM)
        #expect(try await stage.rig.exit(of: stage.daemon) == .exited(0))
    }

    @Test func anEightRowFontLeavesNoRowUnlessTheConfigurationAsksForOne() async throws {
        let stage = try await FeedStage(config: "[layout]\nprogress = row\n")
        let panel = stage.panel
        try await stage.send("title Hi", "duration 10", "pause", "position 5")
        try await stage.rig.wait("half the bar under the 7 rows left to the text") {
            Self.bottomRow(panel) == Self.bar(32)
        }
    }

    @Test func theScheduleSetsTheBrightnessAndTheFeedOverridesItFadingUntilItIsCleared() async throws {
        // One entry holds all day, whatever the time of the test.
        let stage = try await FeedStage(config: "[brightness]\nschedule = 00:00 40%\nfade = 0.5\n")
        let panel = stage.panel
        try await stage.rig.wait("the schedule's 40 %") { panel.device.brightness == 102 }
        var levels: [UInt8] = []
        panel.onEvent = { event, _ in
            if case .applied(.brightness(let level)) = event { levels.append(level) }
        }
        try await stage.send("brightness 80")
        try await stage.rig.wait("the feed's 80 %") { panel.device.brightness == 204 }
        // It faded: steps between, each brighter than the one before.
        // 5: the 0.5 s fade spans 20 frames at 40 fps; 5 steps allow three frames in four to be skipped on a
        // loaded machine, while a jump without a fade shows one.
        #expect(levels.count >= 5, "\(levels)")
        #expect(levels == levels.sorted() && levels.last == 204 && (levels.first ?? 0) > 102, "\(levels)")
        try await stage.send("brightness auto")
        try await stage.rig.wait("the schedule's 40 % again") { panel.device.brightness == 102 }
        // Settled, the daemon sends no more brightness.
        let settled = levels.count
        try await stage.send("text still")
        try await stage.rig.wait("the text") { panel.device.asciiArt.contains("#") }
        #expect(levels.count == settled)
        // A bad schedule on reload is refused naming line and column; the panel stays as it is.
        _ = try stage.rig.file(
            "tickerd.conf", FeedStage.panelConfig + "[brightness]\nschedule = 00:00 40%, 25:00 10%\n")
        stage.daemon.send(SIGHUP)
        let refused = try await stage.rig.line(of: stage.daemon, containing: "not reloaded")
        #expect(
            refused.contains("tickerd.conf:7: '25:00' at column 12 of brightness.schedule"), "\(refused)")
        #expect(panel.device.brightness == 102)
    }

    @Test func renderPreviewsTheBarAtAnInstantAndTheBrightnessAtATimeOfDay() async throws {
        let rig = try Rig()
        let run = try rig.tickerctl([
            "render", "--text", "Hi", "--size", "32x8", "--font", "small", "--duration", "64", "--position", "8",
            "--at", "8", "--time-of-day", "22:30", "--set", "brightness.schedule=07:00 100%, 22:00 10%",
        ])
        #expect(try await rig.exit(of: run) == .exited(0), "\(run.lines)")
        let lines = run.outputText.split(separator: "\n").map(String.init)
        #expect(lines.count == 9, "\(lines)")
        #expect(lines[7] == Self.bar(8, of: 32))
        #expect(lines[8] == "brightness 10% at 22:30")

        let morning = try rig.tickerctl([
            "render", "--text", "Hi", "--time-of-day", "7:00", "--set", "brightness.schedule=07:00 100%, 22:00 10%",
        ])
        #expect(try await rig.exit(of: morning) == .exited(0))
        #expect(morning.outputText.hasSuffix("brightness 100% at 07:00\n"), "\(morning.outputText)")

        let bad = try rig.tickerctl(["render", "--text", "Hi", "--time-of-day", "24:00"])
        #expect(try await rig.exit(of: bad) == .exited(2))
        #expect(
            bad.lines.joined(separator: "\n").contains("option '--time-of-day' got '24:00'"), "\(bad.lines)")
    }
}
