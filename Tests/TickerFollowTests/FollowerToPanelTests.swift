import Foundation
import Glibc
import Testing
import TickerCore
import TickerFollow
import TickerIO
import TickerTestSupport

/// The whole chain: a real MPD playing a song with a sidecar `.lrc`, the MPD follower writing into the feed
/// FIFO, the built `tickerd` reading it and driving a pseudo-terminal through libserialport (with the test
/// shim), and the panel's own decoder on the other side.
@Suite(.serialized)
struct FollowerToPanelTests {
    static let width = 64
    static let height = 16
    static let overrides = [
        ConfigOverride(section: "panel", key: "width", value: String(width)),
        ConfigOverride(section: "panel", key: "height", value: String(height)),
        ConfigOverride(section: "panel", key: "depth", value: "2"),
        ConfigOverride(section: "panel", key: "fps", value: "30"),
        ConfigOverride(section: "layout", key: "zones", value: "split"),
    ]

    /// What the top zone shows for a track, rendered by the same core the daemon uses, and the zone's height.
    static func expectedTopZone(title: String, artist: String, album: String) throws -> (rows: [String], height: Int) {
        let settings = try Settings.load(ConfigSource(path: nil, required: false, overrides: overrides)).get()
        var state = PlayerState()
        for command in [FeedCommand.title(title), .artist(artist), .album(album)] { state.apply(command, at: .zero) }
        let line = state.nowPlaying(settings.config.display.nowPlaying)
        let zones = Scene(
            width: width, height: height, depth: settings.config.panel.depth.levels, style: settings.style
        ).zones
        let rows = Preview(settings: settings, content: .text(line)).frame(at: .zero).split(separator: "\n").map(
            String.init)
        return (Array(rows.prefix(zones[0].height)), zones[0].height)
    }

    @Test func mpdSongReachesThePanelWithItsTitleOnTopAndItsLyricBelow() throws {
        let expected = try Self.expectedTopZone(title: "Hi", artist: "Yo", album: "Tests")
        #expect(expected.rows.contains { $0.contains("#") }, "the expected title renders to nothing:\n\(expected.rows)")
        #expect(
            expected.rows.allSatisfy { $0.hasSuffix("......") },
            "the title must fit without scrolling:\n\(expected.rows)")

        let directory = try TemporaryDirectory()
        let server = try MPDServer(directory: directory)
        defer { server.kill() }
        try server.addSong("hi.flac", title: "Hi", artist: "Yo", album: "Tests")
        try directory.write("music/hi.lrc", "[00:00.00]La la la la la\n[00:04.00]Second line\n")
        try server.start()
        try server.mpc("update", "--wait")
        try server.mpc("add", "hi.flac")

        let panel = try PanelTap(link: directory.file("panel"), width: Self.width, height: Self.height, bitsPerPixel: 2)
        try directory.write("tickerd.conf", "")
        let feedPath = directory.file("feed")
        let daemon = try Child(
            name: "tickerd", executable: try BuiltProducts.tickerd(),
            arguments: [
                "--config", directory.file("tickerd.conf"), "--feed", feedPath, "--device", directory.file("panel"),
                "--size", "\(Self.width)x\(Self.height)", "--depth", "2", "--fps", "30", "--set", "layout.zones=split",
                "--no-terminal",
            ],
            environment: ["LD_PRELOAD": try BuiltProducts.shim()])
        defer { daemon.kill() }
        // The daemon opens its feed before the device, so a decoded frame means the FIFO is there.
        try panel.waitFor("the daemon's first frame") { _ in true }

        let follower = MPDFollower(
            endpoint: .unix(path: server.socketPath), feedPaths: [feedPath],
            lyrics: LyricsLibrary(musicDirectory: server.musicDirectory))
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }
        try server.mpc("play")

        try panel.waitFor("the title in the top zone") { Array($0.rows.prefix(expected.height)) == expected.rows }
        try panel.waitFor("the lyric lighting up in the bottom zone") { tap in
            tap.rows.dropFirst(expected.height).contains { $0.contains("#") }
        }
        #expect(
            Array(panel.rows.prefix(expected.height)) == expected.rows,
            "the title left the top zone:\n\(panel.device.asciiArt)")

        // SIGTERM: the daemon blanks the panel and exits 0.
        daemon.send(SIGTERM)
        try panel.waitFor("the panel to go blank") { tap in
            tap.rows.allSatisfy { !$0.contains("#") && !$0.contains("+") }
        }
        #expect(try daemon.stop() == .exited(0), "\(daemon.errors)")
    }
}
