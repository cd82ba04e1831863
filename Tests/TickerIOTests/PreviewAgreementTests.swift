import Testing
import TickerCore

@testable import TickerIO

/// `tickerctl render --at T` (the `Preview`) shows what the daemon's decider and renderer show T after the
/// content appeared, on the daemon's own frame grid.
@Suite struct PreviewAgreementTests {
    static let origin: Duration = .seconds(1_000)

    static func settings(_ overrides: [String]) throws -> Settings {
        let parsed = try overrides.map { try ConfigOverride(parsing: $0) }
        return try Settings.load(ConfigSource(path: nil, required: false, overrides: parsed)).get()
    }

    /// The daemon's picture at every instant of its grid from the text's arrival until `end`: the text is read
    /// at the origin, and each wake-up draws what is due.
    static func daemonPictures(_ settings: Settings, text: String, until end: Duration) -> [Duration: String] {
        let panel = settings.config.panel
        let scene = Scene(
            width: panel.width, height: panel.height, depth: panel.depth.levels, color: panel.depth.isColor,
            style: settings.style)
        var configuration = DaemonMachine.Configuration(framesPerSecond: panel.fps)
        configuration.idleClock = scene.style.idle == .clock
        var machine = DaemonMachine(configuration: configuration, at: origin)
        var renderer = Renderer(scene: scene, grid: machine.grid)
        for action in machine.feed(Array("text \(text)\n".utf8), at: origin) { renderer.carryOut(action, of: machine) }
        var shown: [Duration: String] = [:]
        var now = origin
        var picture = ""
        var index: Int64 = 0
        while machine.grid.instant(index) <= origin + end {
            let instant = machine.grid.instant(index)
            // Wake-ups up to this grid instant, as the daemon's loop asks for them.
            while now <= instant {
                for action in machine.wake(at: now, picture: renderer.outlook, linkDeadline: nil) {
                    renderer.carryOut(action, of: machine)
                }
                picture = renderer.picture.frame.asciiArt
                now = machine.nextWake(after: now, picture: renderer.outlook, linkDeadline: nil)
            }
            shown[instant - origin] = picture
            index += 1
        }
        return shown
    }

    /// The drift: "Daydream" is 39 columns wide, so with the default marquee (30 px/s, a 1 s pause, a
    /// 24-column gap) a lap lasts 1 + 63 / 30 = 3.1 s, and 1.5 s and 4.6 s are the same instant of two laps.
    @Test func instantsALapApartShowTheSameColumnInTheDaemonAndTheRender() throws {
        let settings = try Self.settings(["panel.width=32", "panel.height=8", "panel.depth=2"])
        let preview = Preview(settings: settings, content: .text("Daydream"))
        let lap = Marquee(textWidth: 39, zoneWidth: 32, style: settings.style.marquee)
        #expect(preview.strip(at: .zero).split(separator: "\n").first?.count == 39)
        #expect(lap.lapDuration == .milliseconds(3_100))

        let first = preview.frame(at: .milliseconds(1_500))
        #expect(preview.frame(at: Duration(decimalSeconds: "4.6") ?? .zero) == first)
        #expect(first != preview.frame(at: .zero), "1.5 s is half a second into the scroll")

        let daemon = Self.daemonPictures(settings, text: "Daydream", until: .seconds(7))
        let instants = daemon.keys.sorted()
        let rendered = preview.frames(at: instants).map(\.asciiArt)
        let disagreements = zip(instants, rendered).filter { daemon[$0.0] != $0.1 }.map { $0.0 }
        #expect(disagreements.isEmpty, "the render differs from the daemon at \(disagreements)")
        #expect(daemon[.milliseconds(4_600)] == first && daemon[.milliseconds(1_500)] == first)
    }
}
