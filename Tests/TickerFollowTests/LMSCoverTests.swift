import Foundation
import Testing
import TickerTestSupport

@testable import TickerFollow

/// The Lyrion follower's covers: the song's `coverid` (`/music/COVERID/cover.jpg`) or its `artwork_url`, from
/// the server's web interface (a local HTTP server beside the CLI stand-in).
@Suite(.serialized)
struct LMSCoverTests {
    @Test func fetchesTheCoverByItsIDFromTheWebInterface() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        for (path, colour) in [("web/music/1a2b/cover.jpg", "ff0000"), ("web/imageproxy/x/image.png", "00ff00")] {
            try FileManager.default.createDirectory(
                atPath: (directory.file(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(try CoverFiles.png(colour)).write(to: URL(fileURLWithPath: directory.file(path)))
        }
        let web = try CoverServer(directory: directory, root: directory.file("web"))
        defer { web.process.kill() }
        let server = try LMSStandIn(directory: directory)
        try server.command(
            #"{"cmd": "track", "player": 0, "title": "Local", "artist": "A", "album": "B", "duration": 30, "coverid": "1a2b"}"#
        )
        let follower = LMSFollower(
            host: "127.0.0.1", port: server.port, player: "kitchen", feedPaths: [feed.path],
            covers: CoverSettings(side: 4, cacheDirectory: nil), httpPort: web.port)
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }

        #expect(try web.waitForRequest() == "/music/1a2b/cover.jpg")
        let local = try feed.waitFor(line: "picture end")
        #expect(CoverFiles.end(local, withCover: "ff0000", side: 4, after: "title Local"), "\(local)")

        // A remote track's artwork, relative to the server.
        try server.command(
            #"{"cmd": "track", "player": 0, "title": "Radio", "artist": "R", "album": "S", "duration": 30, "coverid": "-5", "artwork_url": "/imageproxy/x/image.png"}"#
        )
        #expect(try web.waitForRequest() == "/imageproxy/x/image.png")
        let remote = try feed.waitFor(line: "picture end")
        #expect(CoverFiles.end(remote, withCover: "00ff00", side: 4, after: "title Radio"), "\(remote)")
    }
}
