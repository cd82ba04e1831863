import Glibc
import PanelCore
import Testing
import TickerCore
import TickerIO

/// The loop that sleeps until the picture changes shows what drawing on every frame would: the built daemon
/// plays its demo track to a panel on a pseudo-terminal, and every picture the panel shows must be one the
/// scene draws on the frame grid, in the order the grid draws them.
@Suite struct SleepingLoopTests {
    @Test func theDemoShowsThePicturesTheSceneDrawsOnEveryFrameInOrder() async throws {
        let rig = try Rig()
        let panel = try rig.panel(width: 128, height: 16, depth: 2, scroll: true)
        let config =
            "[panel]\nwidth = 128\nheight = 16\ndepth = 2\nfps = 60\n[layout]\nzones = split\n[marquee]\nfade-edges = true\n"
        let configPath = try rig.file("tickerd.conf", config)

        // Every picture of the first 12 s, drawn on every frame of a 60 fps grid from the instant the demo
        // starts, with runs of equal pictures kept once.
        let look = try Look(config: config)
        var scene = Scene(width: 128, height: 16, depth: .two, style: look.settings.style)
        var state = PlayerState()
        for command in DemoTrack.commands { state.apply(command, at: .zero) }
        scene.observe(state, at: .zero)
        var frame = look.blank
        var pictures: [[UInt8]] = []
        var eightSeconds = 0
        for tick in 0..<(12 * 60) {
            scene.render(state, at: .seconds(tick) / 60, into: &frame)
            if pictures.last != frame.bytes { pictures.append(frame.bytes) }
            if tick == 8 * 60 { eightSeconds = pictures.count - 1 }
        }
        #expect(pictures.count > 300, "the demo moves: \(pictures.count) pictures")

        // After each packet the panel shows a picture of the grid at or after the last one it showed, or, within
        // a frame sent in several packets (a scroll, then up to two ranges of columns), a half-made picture that
        // the frame's last packet completes.
        var shown: [Int] = []
        var halfMade: [String] = []
        var violations: [String] = []
        panel.onEvent = { event, device in
            guard case .applied(let message) = event else { return }
            switch message {
            case .fullFrame, .columns, .scroll: break
            default: return
            }
            let bytes = device.framebuffer.bytes
            let from = shown.last ?? 0
            if let place = pictures[from...].firstIndex(of: bytes) {
                if place != shown.last { shown.append(place) }
                halfMade.removeAll()
                return
            }
            halfMade.append("after picture #\(from) and a \(message) packet the panel showed\n\(device.asciiArt)")
            if case .fullFrame = message { violations += halfMade }
            if halfMade.count > 2 { violations += halfMade }
        }
        let daemon = try rig.tickerd(
            ["--demo", "--config", configPath, "--fps", "60", "--device", panel.link, "--no-terminal"])
        try await rig.wait("the panel to reach the picture drawn 8 s into the demo") {
            (shown.last ?? 0) >= eightSeconds || !violations.isEmpty
        }
        #expect(violations.isEmpty, "\(violations.prefix(2).joined(separator: "\n"))")
        // A frame the line had no room for is skipped (a slow test machine reads late), but most pictures
        // reach the panel.
        let reached = (shown.last ?? 0) + 1 - (shown.first ?? 0)
        // Half: a loaded machine reads the pseudo-terminal late and the daemon skips the frames the line had
        // no room for, but a loop that drew late or slept through changes would show a small fraction.
        #expect(shown.count * 2 >= reached, "\(shown.count) of \(reached) pictures shown")
        daemon.send(SIGTERM)
        #expect(try await rig.exit(of: daemon) == .exited(0))
    }
}
