import Foundation
import Glibc
import Testing
import TickerTestSupport

/// The built `tickerctl follow mpris` (without `--player`) against a real mpv with mpv-mpris on a private
/// session bus, driven by the system's playerctl, writing into a real FIFO.
@Suite(.serialized)
struct MPRISMpvTests {
    /// mpv-mpris as Debian installs it (`/etc/mpv/scripts/mpris.so` links to it); mpv loads it as root too
    /// when named with `--script`.
    static let mprisScript = "/usr/lib/mpv-mpris/mpris.so"

    /// A minute of tone as FLAC, tagged with `title` and `artist`.
    static func song(_ directory: TemporaryDirectory, _ name: String, title: String, artist: String) throws -> String {
        let path = directory.file(name)
        try Child.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "1", path, "synth", "60", "sine", "440"])
        try Child.run("/usr/bin/metaflac", ["--set-tag=TITLE=\(title)", "--set-tag=ARTIST=\(artist)", path])
        return path
    }

    /// mpv playing `files` in order, without a window, a sound card or a config, with only errors on stderr.
    static func mpv(_ files: [String], environment: [String: String]) throws -> Child {
        try Child(
            name: "mpv", executable: "/usr/bin/mpv",
            arguments: [
                "--no-config", "--no-video", "--ao=null", "--quiet", "--msg-level=all=error",
                "--script=\(mprisScript)",
            ] + files,
            environment: environment)
    }

    static func follower(feed: FeedTap, environment: [String: String]) throws -> Child {
        try Child(
            name: "tickerctl follow", executable: try BuiltProducts.tickerctl(),
            arguments: ["follow", "mpris", "--feed", feed.path], environment: environment)
    }

    static func titles(_ lines: [String]) -> [String] { lines.filter { $0.hasPrefix("title") } }

    @Test func aNewTrackNeverShowsTheOldPositionOrTheFileName() throws {
        let directory = try TemporaryDirectory()
        let bus = try SessionBus(directory: directory)
        defer { bus.kill() }
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let first = try Self.song(directory, "a.flac", title: "Song A", artist: "Alpha")
        let second = try Self.song(directory, "b.flac", title: "Song B", artist: "Beta")
        func playerctl(_ arguments: String...) throws {
            try Child.run("/usr/bin/playerctl", ["--player=mpv"] + arguments, environment: environment)
        }

        let feed = try FeedTap(path: directory.file("feed"))
        let follower = try Self.follower(feed: feed, environment: environment)
        defer { follower.kill() }
        let mpv = try Self.mpv([first, second], environment: environment)
        defer { mpv.kill() }

        // mpv names the file by its file name until it has read the tags.
        let started = try feed.waitFor(line: "title Song A", timeout: .seconds(20))
        #expect(Self.titles(started) == ["title Song A"], "\(started)\n\(mpv.errors)")
        // mpv may drop a seek in its first instants, before the file has fully started.
        try feed.waitFor("a position after the start") { (MPRISFollowerTests.position($0) ?? 0) >= 0.5 }

        // A file not played yet, one played before (mpv knows its tags at once), and the first again.
        for (command, title) in [("next", "Song B"), ("previous", "Song A"), ("next", "Song B")] {
            try playerctl("position", "20")
            try feed.waitFor("the position after the seek") { (MPRISFollowerTests.position($0) ?? 0) >= 19.5 }
            try playerctl(command)
            let change = try feed.waitFor(line: "title \(title)")
            #expect(Self.titles(change) == ["title \(title)"], "\(command): \(change)\n\(follower.errors)")
            let batch = try feed.waitFor("\(title)'s first position") { MPRISFollowerTests.position($0) != nil }
            let position = batch.last.flatMap(MPRISFollowerTests.position) ?? -1
            // 5 s: the new file starts at 0; 5 s for mpv to open it and report on a loaded machine, and still
            // 14.5 s below the old position (at least 19.5 s) the test guards against.
            #expect(position >= 0 && position < 5, "\(command): \(title) starts at the old position: \(batch)")
        }
        #expect(try follower.stop(with: SIGTERM) == .exited(0), "\(follower.errors)")
    }

    @Test func prefersThePlayingPlayerAndStaysWithItWhileItPlays() throws {
        let directory = try TemporaryDirectory()
        let bus = try SessionBus(directory: directory)
        defer { bus.kill() }
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let song = try Self.song(directory, "a.flac", title: "Song A", artist: "Alpha")
        func playerctl(_ arguments: String...) throws {
            try Child.run("/usr/bin/playerctl", ["--player=mpv"] + arguments, environment: environment)
        }
        try directory.write("player.py", MPRISTestPlayer.script)

        // A stopped AirPlay track, as shairport-sync's MPRIS player keeps it between sessions.
        let airplay = try Child(
            name: "player", executable: "/usr/bin/python3", arguments: [directory.file("player.py"), "ShairportSync"],
            environment: environment, input: true)
        defer { airplay.kill() }
        try airplay.waitForLine(line: "ready")
        try airplay.send(
            line: "track " + (try MPRISFollowerTests.json(["title": "AirPlay Song", "artist": ["Sender"]])))
        try airplay.waitForLine(line: "ok track")

        let feed = try FeedTap(path: directory.file("feed"))
        let follower = try Self.follower(feed: feed, environment: environment)
        defer { follower.kill() }
        // Nothing better: the stopped track is shown.
        #expect(Self.titles(try feed.waitFor(line: "stop")) == ["title AirPlay Song"])

        let mpv = try Self.mpv([song], environment: environment)
        defer { mpv.kill() }
        try feed.waitFor(line: "title Song A", timeout: .seconds(20))
        try feed.waitFor(line: "play")
        // mpv may drop a seek in its first instants, before the file has fully started.
        try feed.waitFor("a position after the start") { (MPRISFollowerTests.position($0) ?? 0) >= 0.5 }

        // The stopped player announces its track again (each time playerctl's follow output turns to it);
        // every time, mpv's next seek must come without the other track in between.
        for round in 1...4 {
            try airplay.send(line: "refresh")
            try airplay.waitForLine(line: "ok refresh")
            let target = 5 * round
            try playerctl("position", "\(target)")
            let between = try feed.waitFor("mpv's seek to \(target) s") {
                (MPRISFollowerTests.position($0) ?? 0) >= Double(target) - 0.5
            }
            #expect(
                Self.titles(between).isEmpty && !between.contains("stop"),
                "round \(round): \(between)\n\(follower.errors)")
        }

        // mpv pauses and the other player plays: it is shown; once it stops, the paused mpv is the better one.
        try playerctl("pause")
        try feed.waitFor(line: "pause")
        try airplay.send(line: "status Playing")
        #expect(Self.titles(try feed.waitFor(line: "play")) == ["title AirPlay Song"])
        try airplay.send(line: "status Stopped")
        #expect(Self.titles(try feed.waitFor(line: "pause")) == ["title Song A"])

        // mpv plays again, the other player speaks last, and mpv dies without a word (SIGKILL): since
        // playerctl's follow output says nothing of it, the follower's own asking finds out.
        try playerctl("play")
        #expect(Self.titles(try feed.waitFor(line: "play")).isEmpty)
        try airplay.send(line: "refresh")
        try airplay.waitForLine(line: "ok refresh")
        mpv.kill()
        #expect(Self.titles(try feed.waitFor(line: "stop", timeout: .seconds(15))) == ["title AirPlay Song"])

        #expect(try follower.stop(with: SIGTERM) == .exited(0), "\(follower.errors)")
        #expect(follower.errors.contains("following player 'mpv'"), "\(follower.errors)")
    }
}
