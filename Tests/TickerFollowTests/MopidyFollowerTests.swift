import Testing
import TickerFollow
import TickerTestSupport

/// The MPD follower against a real Mopidy's MPD frontend, driven with `mpc`, writing into a real FIFO. Mopidy
/// names songs by URL (`file: file:///…/A%20B.flac`), where MPD names them relative to its music directory.
/// One Mopidy for the whole story, since it takes seconds to start.
@Suite(.serialized)
struct MopidyFollowerTests {
    @Test func findsTheSidecarOfAFileURLSendsOnePositionAndClearsWhenTheQueueIsClearedWhileStopped() throws {
        let directory = try TemporaryDirectory()
        let server = try MopidyServer(directory: directory)
        try server.addSong("A B.flac", title: "Spaced Song", artist: "Gamma", album: "Tests")
        try directory.write("music/A B.lrc", "[00:00.00]Sung with a space\n[00:04.00]In the file name\n")
        try server.mpc("add", server.uri(of: "A B.flac"))

        let feed = try FeedTap(path: directory.file("feed"))
        // No periodic positions: every position the feed gets answers one of Mopidy's events.
        let follower = MPDFollower(
            endpoint: .tcp(host: "127.0.0.1", port: server.port), feedPaths: [feed.path],
            lyrics: LyricsLibrary(musicDirectory: server.musicDirectory), positionIntervalSeconds: 600)
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }

        // Mopidy has no current song before the first play.
        let initial = try feed.waitFor(line: "stop")
        #expect(initial == ["clear", "stop"])

        try server.mpc("play")
        let started = try feed.waitFor("the position of the play batch") { $0.hasPrefix("position ") }
        #expect(
            started.dropLast() == [
                "title Spaced Song", "artist Gamma", "album Tests", "duration 30",
                "lyrics begin", "[00:00.000]Sung with a space", "[00:04.000]In the file name", "lyrics end", "play",
            ], "\(started)\n\(server.log)")
        // 2 s: the track starts at 0 and the position comes with the play batch; 2 s for the stand-in and the
        // follower on a loaded machine.
        #expect(MPDFollowerTests.position(started.last ?? "").map { $0 < 2 } == true, "\(started)")

        try server.mpc("stop")
        let stopped = try feed.waitFor(line: "stop")
        #expect(stopped == ["stop"])

        // Stopped, the song stays current, and so does the panel; cleared, it goes.
        try server.mpc("clear")
        let cleared = try feed.waitFor(line: "stop")
        #expect(cleared == ["clear", "stop"], "\(server.log)")
    }
}
