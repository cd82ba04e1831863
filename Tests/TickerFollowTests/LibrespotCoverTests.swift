import Foundation
import Glibc
import Testing
import TickerTestSupport

@testable import TickerFollow

/// The librespot hook's covers (`COVERS`, the widest first), as librespot runs it: a process per event; a
/// cover its cache does not know is fetched by a copy of itself, over HTTP from a local server.
@Suite(.serialized)
struct LibrespotCoverTests {
    static func event(_ name: String, album: String, covers: [String]) -> [String: String] {
        [
            "PLAYER_EVENT": "track_changed", "NAME": name, "ARTISTS": "The Testers", "ALBUM": album,
            "DURATION_MS": "180000", "ITEM_TYPE": "Track", "COVERS": covers.joined(separator: "\n"),
        ]
    }

    @Test func theNarrowestCoverIsFetchedOnceThenSentFromTheCacheWithTheTitle() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        try FileManager.default.createDirectory(atPath: directory.file("web"), withIntermediateDirectories: true)
        try Data(try CoverFiles.png("00ff00", side: 8)).write(to: URL(fileURLWithPath: directory.file("web/64.png")))
        let server = try CoverServer(directory: directory, root: directory.file("web"))
        defer { server.process.kill() }
        let arguments = [
            "follow", "librespot", "--feed", feed.path, "--offline", "--cover-side", "4", "--cover-cache",
            directory.file("covers"),
        ]
        func hook(_ environment: [String: String]) throws -> Child {
            try Child(
                name: "tickerctl", executable: try BuiltProducts.tickerctl(), arguments: arguments,
                environment: environment)
        }
        let first = Self.event("One", album: "Green", covers: [server.url("640.png"), server.url("64.png")])
        let title = ["title One", "artist The Testers", "album Green", "duration 180", "lyrics clear"]

        // Unknown: the title at once, the cover from the copy that fetched it.
        let one = try hook(first)
        defer { one.kill() }
        #expect(try feed.waitFor(line: "lyrics clear") == title)
        #expect(try server.waitForRequest() == "/64.png")
        #expect(try feed.waitFor(line: "picture end") == CoverFiles.lines("00ff00", side: 4))

        // Known: with the title, in the hook's own write, nothing fetched.
        let again = try hook(first)
        defer { again.kill() }
        #expect(try feed.waitFor(line: "picture end") == title + CoverFiles.lines("00ff00", side: 4))

        // A cover the server does not have: the title, and no picture.
        let bare = Self.event("Two", album: "None", covers: [server.url("missing.png")])
        let two = try hook(bare)
        defer { two.kill() }
        #expect(try server.waitForRequest() == "/missing.png")
        #expect(try feed.waitFor(line: "lyrics clear").first == "title Two")
    }
}
