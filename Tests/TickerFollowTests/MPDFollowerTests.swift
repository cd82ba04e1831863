import Foundation
import Testing
import TickerFollow
import TickerTestSupport

/// The MPD follower against a real MPD, driven with `mpc`, writing into a real FIFO.
@Suite(.serialized)
struct MPDFollowerTests {
    static func position(_ line: String) -> Double? {
        guard line.hasPrefix("position ") else { return nil }
        return Double(line.dropFirst("position ".count))
    }

    @Test func followsPlayPauseSeekNextAndReconnectsWhenMPDRestarts() throws {
        let directory = try TemporaryDirectory()
        let server = try MPDServer(directory: directory)
        defer { server.kill() }
        try server.addSong("a.flac", title: "First Song", artist: "Alpha", album: "Tests")
        try server.addSong("b.flac", title: "Second Song", artist: "Beta", album: "Tests")
        try directory.write("music/a.lrc", "[00:00.00]Hello from the sidecar\r\n\n[00:05.00]Second line\n")
        try server.start()
        try server.mpc("update", "--wait")
        try server.mpc("add", "a.flac")
        try server.mpc("add", "b.flac")

        let feed = try FeedTap(path: directory.file("feed"))
        let follower = MPDFollower(
            endpoint: .unix(path: server.socketPath),
            feedPaths: [feed.path],
            lyrics: LyricsLibrary(musicDirectory: server.musicDirectory),
            positionIntervalSeconds: 0.5
        )
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }

        // Stopped with nothing current: the panel is cleared.
        let initial = try feed.waitFor(line: "stop")
        #expect(initial == ["clear", "stop"])

        try server.mpc("play")
        let started = try feed.waitFor(line: "play")
        #expect(
            started == [
                "title First Song", "artist Alpha", "album Tests", "duration 30",
                "lyrics begin", "[00:00.000]Hello from the sidecar", "[00:05.000]Second line", "lyrics end",
                "play",
            ])
        let firstPosition = try feed.waitFor("a position") { Self.position($0) != nil }
        // 10 s: the track starts at 0 and the first position follows play within a position interval (0.5 s);
        // the rest is for a loaded machine, and a third of the 30 s track still tells a fresh start.
        #expect(Self.position(firstPosition.last ?? "").map { $0 >= 0 && $0 < 10 } == true)
        // While playing, positions keep coming without any change in MPD.
        try feed.waitFor("a periodic position") { Self.position($0) != nil }

        try server.mpc("seek", "20")
        let afterSeek = try feed.waitFor("a position after the seek") { (Self.position($0) ?? 0) >= 19.5 }
        let seeked = Self.position(afterSeek.last ?? "") ?? 0
        // 19.5 s: the bound waited for above; 25 s: 5 s past the seek for MPD and the follower on a loaded
        // machine, and 5 s short of the 30 s track's end.
        #expect(seeked >= 19.5 && seeked < 25, "position after 'seek 20' was \(seeked)")

        try server.mpc("pause")
        try feed.waitFor(line: "pause")

        try server.mpc("next")
        let next = try feed.waitFor(line: "title Second Song")
        #expect(!next.contains("title First Song"))
        let nextTrack = try feed.waitFor(line: "lyrics clear")
        #expect(nextTrack == ["artist Beta", "album Tests", "duration 30", "lyrics clear"])

        try server.mpc("play")
        try feed.waitFor(line: "play")

        // MPD goes away: the follower stops the clock, waits, reconnects and sends the whole state again.
        try server.stop()
        try feed.waitFor(line: "stop")
        try server.start()
        let resent = try feed.waitFor(line: "title Second Song")
        #expect(resent.last == "title Second Song")
        try feed.waitFor(line: "lyrics clear")
        #expect(thread.log.filter { $0.hasPrefix("connected to MPD") }.count == 2, "\(thread.log)")
        #expect(thread.log.contains { $0.hasPrefix("lost MPD") }, "\(thread.log)")
    }

    /// A follower on a fresh MPD holding `a.flac` in its queue, with no periodic positions (every position the
    /// feed gets answers one of MPD's events); returns once the follower has sent its first state.
    static func following(_ directory: TemporaryDirectory) throws -> (MPDServer, FeedTap, FollowerThread) {
        let server = try MPDServer(directory: directory)
        try server.addSong("a.flac", title: "First Song", artist: "Alpha", album: "Tests")
        try server.start()
        try server.mpc("update", "--wait")
        try server.mpc("add", "a.flac")
        let feed = try FeedTap(path: directory.file("feed"))
        let follower = MPDFollower(
            endpoint: .unix(path: server.socketPath), feedPaths: [feed.path], positionIntervalSeconds: 600)
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        try feed.waitFor(line: "stop")
        return (server, feed, thread)
    }

    /// MPD raises `player` twice as it starts a song (as it takes the command, and as the decoder starts);
    /// the feed hears of the start once, with one position.
    @Test func sendsOnePositionPerPlayBatch() throws {
        let directory = try TemporaryDirectory()
        let (server, feed, thread) = try Self.following(directory)
        defer {
            thread.finish()
            server.kill()
        }
        try server.mpc("play")
        let first = try feed.waitFor("the position of the play batch") { Self.position($0) != nil }
        #expect(
            first.dropLast() == [
                "title First Song", "artist Alpha", "album Tests", "duration 30", "lyrics clear", "play",
            ])
        // 1 s: the track starts at 0 and the follower asks for the status as soon as MPD's idle says the
        // player changed, a few local round trips that take milliseconds even on a loaded machine.
        #expect(Self.position(first.last ?? "").map { $0 < 1 } == true, "\(first)")
        for round in 1...3 {
            try server.mpc("stop")
            let stopped = try feed.waitFor(line: "stop")
            #expect(stopped == ["stop"], "round \(round)")
            try server.mpc("play")
            let again = try feed.waitFor("the position of the play batch") { Self.position($0) != nil }
            #expect(again.count == 2 && again.first == "play", "round \(round): \(again)")
            // 1 s: as for the first play, above.
            #expect(Self.position(again.last ?? "").map { $0 < 1 } == true, "round \(round): \(again)")
        }
        try server.mpc("stop")
        let stopped = try feed.waitFor(line: "stop")
        #expect(stopped == ["stop"])
    }

    /// A queue cleared while stopped raises only MPD's `playlist` event; the stopped song leaves the panel.
    @Test func clearsThePanelWhenTheQueueIsClearedWhileStopped() throws {
        let directory = try TemporaryDirectory()
        let (server, feed, thread) = try Self.following(directory)
        defer {
            thread.finish()
            server.kill()
        }
        try server.mpc("play")
        try feed.waitFor(line: "play")
        try server.mpc("stop")
        try feed.waitFor(line: "stop")
        try server.mpc("clear")
        let cleared = try feed.waitFor(line: "stop")
        #expect(cleared == ["clear", "stop"])
    }
}

/// The lyrics chain behind the MPD follower, against a real MPD: tags in the music file when there is no
/// sidecar, then the LRCLIB stand-in, asked once and then answered from the cache.
@Suite(.serialized)
struct MPDLyricsChainTests {
    @Test func takesLyricsFromTagsThenFromTheServerOnceThenFromTheCache() throws {
        let directory = try TemporaryDirectory()
        let server = try MPDServer(directory: directory)
        defer { server.kill() }
        let standin = try LRCLIBStandin()
        try server.addSong(
            "tagged.flac", title: "Tagged Song", artist: "Alpha", album: "Tests",
            tags: ["SYNCEDLYRICS": "[00:00.00]Words from the tags\n[00:04.00]More from the tags"])
        try server.addSong("online.flac", title: "Hit Song", artist: "Standin", album: "Tests")
        try server.start()
        try server.mpc("update", "--wait")
        try server.mpc("add", "tagged.flac")
        try server.mpc("add", "online.flac")

        let feed = try FeedTap(path: directory.file("feed"))
        let cache = directory.file("cache")
        let follower = MPDFollower(
            endpoint: .unix(path: server.socketPath), feedPaths: [feed.path],
            lyrics: LyricsLibrary(musicDirectory: server.musicDirectory), positionIntervalSeconds: 5,
            online: OnlineLyricsSettings(server: standin.url, cacheDirectory: cache, timeoutSeconds: 5))
        var thread: FollowerThread? = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread?.finish() }
        try feed.waitFor(line: "stop")

        // A tagged FLAC without a sidecar: the lyrics come from its Vorbis comments, with the title.
        try server.mpc("play", "1")
        let tagged = try feed.waitFor(line: "play")
        #expect(tagged.starts(with: ["title Tagged Song", "artist Alpha", "album Tests", "duration 30"]), "\(tagged)")
        #expect(
            tagged.contains("[00:00.000]Words from the tags") && tagged.contains("[00:04.000]More from the tags"),
            "\(tagged)")
        #expect(try standin.requests(for: "Tagged Song").isEmpty)

        // A song without tags: the title goes out at once with no lyrics, the server's lyrics follow.
        try server.mpc("play", "2")
        try feed.waitFor(line: "title Hit Song")
        let untagged = try feed.waitFor(line: "play")
        #expect(untagged == ["artist Standin", "album Tests", "duration 30", "lyrics clear", "play"], "\(untagged)")
        let arrived = try feed.waitFor(line: "lyrics end")
        #expect(arrived.contains("[00:00.500]Words from the server"), "\(arrived)")
        let asked = try standin.requests(for: "Hit Song")
        #expect(asked.count == 1, "\(asked)")
        #expect(asked.first.map { $0.contains("agent=tickerd/") && $0.contains("duration=30") } == true, "\(asked)")

        // A new follower (a restart): the same song's lyrics come from the cache, with the title, unasked.
        thread?.finish()
        thread = nil
        thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        let resent = try feed.waitFor(line: "play")
        #expect(resent.contains("title Hit Song"), "\(resent)")
        #expect(resent.contains("lyrics begin") && resent.contains("[00:00.500]Words from the server"), "\(resent)")
        #expect(try standin.requests(for: "Hit Song").count == 1)
    }
}
