import Foundation
import Testing
import TickerCore
import TickerFollow
import TickerPictures
import TickerTestSupport

/// The MPD follower's covers against a real MPD: the picture in a FLAC's tags (`readpicture`), the
/// `cover.png` in a song's folder (`albumart`), and a song with neither; made by `scripts/make-tagged-files
/// --covers` with mutagen.
@Suite(.serialized)
struct MPDCoverTests {
    /// A real MPD over the music files `make-tagged-files --covers` writes, the songs `queued`, and the follower
    /// sending covers of `side` pixels.
    final class Rig {
        let directory: TemporaryDirectory
        let server: MPDServer
        let feed: FeedTap
        let thread: FollowerThread

        init(queued: [String], side: Int) throws {
            directory = try TemporaryDirectory()
            server = try MPDServer(directory: directory)
            try Child.run(
                "/usr/bin/python3",
                [BuiltProducts.packageRoot + "/scripts/make-tagged-files", "--covers", server.musicDirectory],
                timeout: .seconds(30))
            try server.start()
            try server.mpc("update", "--wait")
            for song in queued { try server.mpc("add", song) }
            feed = try FeedTap(path: directory.file("feed"))
            let follower = MPDFollower(
                endpoint: .unix(path: server.socketPath), feedPaths: [feed.path], positionIntervalSeconds: 0.3,
                covers: CoverSettings(side: side, cacheDirectory: nil))
            thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
            try feed.waitFor(line: "stop")
        }

        deinit {
            thread.finish()
            server.kill()
        }
    }

    @Test func readsACoverLargerThanOnePieceOfMPDs() throws {
        let rig = try Rig(queued: ["big/five.flac"], side: 16)
        try rig.server.mpc("play")
        let lines = try rig.feed.waitFor(line: "picture end")
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: rig.server.musicDirectory + "/big/noise.png")))
        let expected = FeedCommand.picture(try CoverImage.picture(file: file, side: 16)).lines
        #expect(lines.contains("title Big Five"), "\(lines)")
        #expect(Array(lines.suffix(expected.count)) == expected)
    }

    @Test func sendsTheCoverInTheTagsThenTheOneInTheFolderThenNone() throws {
        let rig = try Rig(
            queued: ["tagged/one.flac", "tagged/two.flac", "folder/three.flac", "none/four.flac"], side: 4)
        let (server, feed, thread) = (rig.server, rig.feed, rig.thread)

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
