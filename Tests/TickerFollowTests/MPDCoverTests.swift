import Foundation
import Testing
import TickerFollow
import TickerTestSupport

/// The MPD follower's covers against a real MPD: the picture in a FLAC's tags (`readpicture`), the
/// `cover.png` in a song's folder (`albumart`), and a song with neither; made by `scripts/make-tagged-files
/// --covers` with mutagen.
@Suite(.serialized)
struct MPDCoverTests {
    @Test func sendsTheCoverInTheTagsThenTheOneInTheFolderThenNone() throws {
        let directory = try TemporaryDirectory()
        let server = try MPDServer(directory: directory)
        defer { server.kill() }
        try Child.run(
            "/usr/bin/python3",
            [BuiltProducts.packageRoot + "/scripts/make-tagged-files", "--covers", server.musicDirectory],
            timeout: .seconds(30))
        try server.start()
        try server.mpc("update", "--wait")
        for song in ["tagged/one.flac", "tagged/two.flac", "folder/three.flac", "none/four.flac"] {
            try server.mpc("add", song)
        }

        let feed = try FeedTap(path: directory.file("feed"))
        let follower = MPDFollower(
            endpoint: .unix(path: server.socketPath), feedPaths: [feed.path], positionIntervalSeconds: 0.3,
            covers: CoverSettings(side: 4, cacheDirectory: nil))
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }
        try feed.waitFor(line: "stop")

        // The picture in the tags wins over the folder's blue cover.png, and comes after the title lines.
        try server.mpc("play")
        let first = try feed.waitFor(line: "picture end")
        #expect(CoverFiles.end(first, withCover: "ff0000", side: 4, after: "title Tagged One"), "\(first)")

        // The next song of the album: its own title, then the album's cover again.
        try server.mpc("next")
        let second = try feed.waitFor(line: "picture end")
        #expect(CoverFiles.end(second, withCover: "ff0000", side: 4, after: "title Tagged Two"), "\(second)")

        // No picture in the tags: the folder's cover.png.
        try server.mpc("next")
        let third = try feed.waitFor(line: "picture end")
        #expect(CoverFiles.end(third, withCover: "00ff00", side: 4, after: "title Folder Three"), "\(third)")

        // Neither: the title (which makes the daemon forget the cover before) and no picture, through the
        // positions that follow.
        try server.mpc("next")
        try feed.waitFor(line: "title Bare Four")
        var positions = 0
        let after = try feed.waitFor("two positions after the last title") { line in
            if line.hasPrefix("position ") { positions += 1 }
            return positions == 2
        }
        #expect(!after.contains { $0.hasPrefix("picture") }, "\(after)")
        #expect(
            !thread.log.contains { $0.contains("cover") && !$0.hasPrefix("album covers are sent") }, "\(thread.log)")
    }
}
