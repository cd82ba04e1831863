import TickerCore
import TickerIO
import TickerTestSupport

/// What the panel should show, computed in-process by the same scene code with the same configuration:
/// the expected side of the end-to-end comparisons.
struct Look {
    /// The settings the daemon runs with.
    let settings: Settings

    /// Settings from configuration text (the same text the daemon's `--config` file holds).
    init(config text: String) throws {
        switch Config.parse(text: text, file: "expected.conf") {
        case .failure(let errors): throw TestFailure("test configuration: \(errors)")
        case .success(let config):
            do { settings = try Settings(config) } catch { throw TestFailure("test configuration: \(error)") }
        }
    }

    /// A dark frame of the panel's size.
    var blank: Frame {
        let panel = settings.config.panel
        return Frame(width: panel.width, height: panel.height, depth: panel.depth.levels)
    }

    /// The frame after feeding `lines` at time zero, `seconds` later.
    func frame(after lines: [String], at seconds: Double = 0) -> Frame {
        frame(afterBytes: Array(lines.map { $0 + "\n" }.joined().utf8), at: seconds)
    }

    /// The frame after feeding raw `bytes` (bad ones included) at time zero, `seconds` later.
    func frame(afterBytes bytes: [UInt8], at seconds: Double = 0) -> Frame {
        let panel = settings.config.panel
        var decoder = FeedDecoder()
        var state = PlayerState()
        var scene = Scene(width: panel.width, height: panel.height, depth: panel.depth.levels, style: settings.style)
        for case .command(let command, _) in decoder.decode(bytes, now: .zero) {
            state.apply(command, at: .zero)
        }
        scene.observe(state, at: .zero)
        var frame = blank
        scene.render(state, at: .milliseconds(Int64((seconds * 1_000).rounded())), into: &frame)
        return frame
    }
}

/// A daemon reading a FIFO in a temporary directory and streaming to a fake panel: the stage of the feed
/// tests. The configuration file holds the look; the device and the feed come from the command line (so a
/// reloaded file keeps them).
final class FeedStage {
    /// A small panel: 64×8 with four grey levels, 40 frames per second.
    static let panelConfig = """
        [panel]
        width = 64
        height = 8
        depth = 2
        fps = 40

        """

    let rig: Rig
    let panel: FakePanel
    let daemon: Child
    let feed: String
    let configPath: String
    let look: Look

    /// Starts the daemon with `config` after the panel section, and waits for its first full frame.
    init(
        config: String = "", arguments: [String] = [], environment: [String: String] = [:], width: Int = 64,
        height: Int = 8, depth: Int = 2, panelConfig: String = FeedStage.panelConfig,
        paths: (Rig) -> [String] = { _ in [] }
    ) async throws {
        rig = try Rig()
        panel = try rig.panel(width: width, height: height, depth: depth)
        feed = rig.path("feed")
        let text = panelConfig + config
        look = try Look(config: text)
        configPath = try rig.file("tickerd.conf", text)
        daemon = try rig.tickerd(
            ["--config", configPath, "--device", panel.link, "--feed", feed, "--no-terminal"] + arguments + paths(rig),
            environment: environment)
        try await rig.line(of: daemon, containing: "started")
        let panel = panel
        try await rig.wait("the first full frame") { panel.kinds.contains(.full) }
    }

    /// Writes feed lines into the FIFO, as one writer.
    func send(_ lines: String...) async throws { try await rig.feed(lines, to: feed) }

    /// Runs `tickerctl ARGUMENTS --feed FIFO` and waits for it to succeed.
    func tickerctl(_ arguments: String...) async throws {
        guard let command = arguments.first else { return }
        let child = try rig.tickerctl([command, "--feed", feed] + arguments.dropFirst())
        let end = try await rig.exit(of: child)
        guard end == .exited(0) else { throw TestFailure("tickerctl \(arguments) \(end)\n\(child.tail)") }
    }

    /// Waits until the panel shows `expected`.
    /// Every packet the panel takes is looked at as it is decoded, so a picture shown only for a while (a
    /// message of 2 s, on a loaded machine whose test task drains the panel late) still counts.
    func expect(_ expected: Frame, _ what: String) async throws {
        final class Seen: @unchecked Sendable { var shown = false }
        let panel = panel
        let seen = Seen()
        seen.shown = panel.device.framebuffer.bytes == expected.bytes
        let earlier = panel.onEvent
        panel.onEvent = { event, device in
            earlier?(event, device)
            if device.framebuffer.bytes == expected.bytes { seen.shown = true }
        }
        defer { panel.onEvent = earlier }
        try await rig.wait("the panel to show \(what):\n\(expected.asciiArt)") { seen.shown }
    }
}
