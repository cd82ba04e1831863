import Glibc
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

/// The daemon run by hand with a kept state (`[feed] keep`) and a state file: what the panel showed comes back
/// after a stop or a crash with no new feed input, and a clean stop says in the state file that it stopped.
@Suite struct RestartTests {
    /// Title above, lyrics below, so that a frame shows both.
    static let config = """
        [panel]
        width = 64
        height = 16
        depth = 2
        fps = 40

        [layout]
        zones = split

        [display]
        now-playing = {title}

        """

    /// A track whose lyric is fully lit from 0.5 s to 10 minutes in: the picture holds still while it plays.
    static let track = [
        "title Hi", "lyrics begin", "[00:00.00]La la", "[10:00.00]End", "lyrics end", "position 1", "play",
        "brightness 30",
    ]

    /// A daemon of the rig with the kept state and the state file in its directory, on the panel at `link`.
    static func daemon(_ rig: Rig, link: String, config: String) throws -> Child {
        try rig.tickerd(
            [
                "--config", config, "--device", link, "--feed", rig.path("feed"), "--no-terminal", "--set",
                "feed.keep=\(rig.path("kept.feed"))", "--set", "feed.state=\(rig.path("state.json"))",
            ],
            // As tickerd.service has it: a crash ends the process at once.
            environment: ["SWIFT_BACKTRACE": "enable=no"])
    }

    /// Records the picture of each full frame `panel` shows.
    final class FullFrames {
        var pictures: [[UInt8]] = []
        init(_ panel: FakePanel) {
            panel.onEvent = { [unowned self] event, device in
                if case .applied(.fullFrame) = event { pictures.append(device.framebuffer.bytes) }
            }
        }
    }

    @Test(arguments: [SIGTERM, SIGSEGV])
    func theTitleAndLyricsComeBackAfterARestartWithoutNewInput(signal: Int32) async throws {
        let rig = try Rig()
        let link = rig.path("panel")
        let config = try rig.file("tickerd.conf", Self.config)
        let look = try Look(config: Self.config)
        let expected = look.frame(after: Self.track, at: 2)
        var panel = try rig.panel(link: link, width: 64, height: 16, depth: 2)
        let first = try Self.daemon(rig, link: link, config: config)
        try await rig.line(of: first, containing: "started")
        try await rig.feed(Self.track, to: rig.path("feed"))
        try await rig.wait("the panel to show the title over the lyric:\n\(expected.asciiArt)") {
            panel.device.framebuffer.bytes == expected.bytes
        }
        // The kept state holds the lyrics once the change is written (at most a quarter of a second later);
        // the panel's keepalive frames make the wait look again.
        let kept = try rig.watch(rig.directory)
        try await rig.wait("the kept state to hold the track") {
            kept.contents(of: "kept.feed").contains("[00:00.000]La la")
        }

        first.send(signal)
        let end = try await rig.exit(of: first)
        #expect(end == (signal == SIGTERM ? .exited(0) : .signaled(SIGSEGV)))

        // A daemon killed without closing the port leaves it exclusive while the test's side holds it: replug.
        panel.unplug()
        panel = try rig.panel(link: link, width: 64, height: 16, depth: 2)
        let frames = FullFrames(panel)
        let second = try Self.daemon(rig, link: link, config: config)
        try await rig.wait("the new daemon's first full frame") { !frames.pictures.isEmpty }
        var shown = look.blank
        shown.bytes = frames.pictures[0]
        #expect(
            shown == expected, "the first frame after the restart:\n\(shown.asciiArt)\nexpected:\n\(expected.asciiArt)")
        // The log arrives on its own pipe, maybe after the frame: wait for its line.
        try await rig.line(of: second, containing: "panel connected")
        #expect(second.lines(containing: "panel connected").count == 1)
        // Restored before it started (and so before the first frame).
        #expect(second.lines(containing: "restored what the panel showed").count == 1, "\(second.tail)")

        // The state file says it too: the track plays on, at the brightness the feed set.
        try await rig.wait("the state file of the new daemon") {
            kept.contents(of: "state.json").contains(#""running":true"#)
        }
        let state = try StateSnapshot(json: Array(kept.contents(of: "state.json").utf8))
        #expect(state.title == "Hi" && state.playing && state.brightness == 30)
        // No margin: the feed set position 1 and the track plays on, so time only adds to it.
        #expect(state.position >= 1)
    }

    /// Kept files the daemon did not write (or a thing that is not a file at all), and what the log says.
    static let refused: [(String, String)] = [
        ("a damaged line", "line 3: unknown command 'titel'"),
        ("no header", "the first line is not '# tickerd kept state, written at <seconds>'"),
        ("a pipe", "is not a regular file"),
        ("a symbolic link", "Too many levels of symbolic links"),
    ]

    @Test(arguments: refused.indices)
    func aKeptStateItCannotReadIsRefusedAndTheDaemonStartsEmpty(index: Int) async throws {
        let (what, problem) = Self.refused[index]
        let rig = try Rig()
        let path = rig.path("kept.feed")
        switch what {
        case "a damaged line": try rig.file("kept.feed", KeptState.header + "1.000000\ntitle Hi\ntitel Ho\n")
        case "no header": try rig.file("kept.feed", "title Hi\n")
        case "a pipe": #expect(mkfifo(path, 0o600) == 0)
        default: #expect(symlink(try rig.file("elsewhere", KeptState.header + "1.000000\ntitle Hi\n"), path) == 0)
        }
        let panel = try rig.panel(width: 64, height: 16, depth: 2)
        let look = try Look(config: Self.config)
        let daemon = try Self.daemon(rig, link: panel.link, config: try rig.file("tickerd.conf", Self.config))
        let refusal = try await rig.line(of: daemon, containing: "kept state refused")
        #expect(refusal.contains("'\(path)'") && refusal.contains(problem), "\(what): \(refusal)")
        #expect(refusal.hasSuffix("; starting empty"))
        try await rig.wait("the first full frame") { panel.kinds.contains(.full) }
        #expect(panel.device.framebuffer.bytes == look.blank.bytes, "\(what): nothing restored")
        #expect(daemon.lines(containing: "restored").isEmpty)
    }
}
