import Foundation
import Testing
import TickerTestSupport

/// The built `tickerctl follow mpris` with a lyrics server: a local file's tags first, then the LRCLIB
/// stand-in, whose lyrics follow the title once they arrive.
@Suite(.serialized)
struct MPRISLyricsChainTests {
    @Test func takesLyricsFromAFilesTagsThenFromTheServer() throws {
        let directory = try TemporaryDirectory()
        let bus = try SessionBus(directory: directory)
        defer { bus.kill() }
        let standin = try LRCLIBStandin()
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let song = directory.file("elsewhere/tagged song.flac")
        try FileManager.default.createDirectory(atPath: directory.file("elsewhere"), withIntermediateDirectories: true)
        try Child.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "1", song, "trim", "0", "0.1"])
        try Child.run("/usr/bin/metaflac", ["--set-tag=SYNCEDLYRICS=[00:01.00]Tagged words", song])

        let feed = try FeedTap(path: directory.file("feed"))
        let player = try MPRISTestPlayer.start(in: directory, environment: environment)
        defer { player.kill() }
        let follower = try Child(
            name: "tickerctl follow", executable: try BuiltProducts.tickerctl(),
            arguments: [
                "follow", "mpris", "--player", "tickertest", "--feed", feed.path, "--lyrics-server", standin.url,
                "--lyrics-cache", directory.file("cache"), "--config", "/dev/null",
            ],
            environment: environment)
        defer { follower.kill() }
        #expect(try feed.waitFor(line: "stop") == ["clear", "stop"])

        // A local file (outside any music directory): its tags.
        let url = "file://" + song.replacingOccurrences(of: " ", with: "%20")
        try player.send(
            line: "track " + (try MPRISFollowerTests.json(["title": "Tagged", "artist": ["A"], "url": url])))
        #expect(
            try feed.waitFor(line: "lyrics end") == [
                "title Tagged", "artist A", "album", "lyrics begin", "[00:01.000]Tagged words", "lyrics end",
            ])
        #expect(try standin.requests(for: "Tagged").isEmpty)

        // No file: the title at once, the server's lyrics after it.
        try player.send(
            line: "track "
                + (try MPRISFollowerTests.json(["title": "Hit Song", "artist": ["Standin"], "length": 30_000_000])))
        try feed.waitFor(line: "title Hit Song")
        #expect(try feed.waitFor(line: "lyrics clear") == ["artist Standin", "album", "duration 30", "lyrics clear"])
        let arrived = try feed.waitFor(line: "lyrics end")
        #expect(arrived.contains("[00:00.500]Words from the server"), "\(arrived)")
        #expect(try standin.requests(for: "Hit Song").count == 1)

        // A server that takes 30 s to answer holds nothing up: the next track's title goes out, and the
        // follower stops, well before the request's own 10 s timeout.
        try player.send(line: "track " + (try MPRISFollowerTests.json(["title": "Slow", "artist": ["Standin"]])))
        try standin.waitForRequest("/api/get", for: "Slow")
        try feed.waitFor(line: "title Slow")
        try player.send(line: "track " + (try MPRISFollowerTests.json(["title": "After Slow", "artist": ["Standin"]])))
        // 8 s each: under the request's 10 s, so a follower that waited for it would not make it, and
        // seconds for D-Bus, the follower and its exit on a loaded machine.
        try feed.waitFor(line: "title After Slow", timeout: .seconds(8))
        #expect(
            try feed.waitFor(line: "lyrics clear", timeout: .seconds(8)) == ["artist Standin", "album", "lyrics clear"])
        #expect(try follower.stop(timeout: .seconds(8)) == .exited(0))
    }
}
