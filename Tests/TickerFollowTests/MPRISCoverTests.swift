import Foundation
import Glibc
import Testing
import TickerTestSupport

/// The MPRIS follower's covers for real: the built `tickerctl follow mpris` with the system's playerctl, a
/// test MPRIS player advertising `mpris:artUrl` as a `file://` and as an `http://` URL, and a local HTTP
/// server.
@Suite(.serialized)
struct MPRISCoverTests {
    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func sendsFileAndHTTPCoversAfterTheTitleAndAsksForEachOnce() throws {
        let directory = try TemporaryDirectory()
        let bus = try SessionBus(directory: directory)
        defer { bus.kill() }
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        try Self.write(try CoverFiles.png("ff0000"), to: directory.file("art/red.png"))
        try Self.write(try CoverFiles.png("0000ff", side: 20), to: directory.file("web/blue.png"))
        try Self.write(try CoverFiles.png("00ff00"), to: directory.file("web/green.png"))
        try directory.write("web/broken.png", "not a picture")
        let server = try CoverServer(directory: directory, root: directory.file("web"), slowSeconds: 3)
        defer { server.process.kill() }

        let feed = try FeedTap(path: directory.file("feed"))
        let player = try MPRISTestPlayer.start(in: directory, environment: environment)
        defer { player.kill() }
        let follower = try Child(
            name: "tickerctl follow", executable: try BuiltProducts.tickerctl(),
            arguments: [
                "follow", "mpris", "--player", "tickertest", "--feed", feed.path, "--offline", "--cover-side", "4",
                "--cover-cache", directory.file("covers"),
            ],
            environment: environment)
        defer { follower.kill() }
        try feed.waitFor(line: "stop")

        func track(_ title: String, album: String, art: String) throws {
            let fields: [String: Any] = ["title": title, "artist": ["Alpha"], "album": album, "artUrl": art]
            let json = String(
                decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
            try player.send(line: "track " + json)
            try player.waitForLine(line: "ok track")
        }

        // A file:// cover: read, decoded and sent after the title lines.
        try track("Red", album: "File", art: "file://" + directory.file("art/red.png"))
        let red = try feed.waitFor(line: "picture end")
        #expect(CoverFiles.end(red, withCover: "ff0000", side: 4, after: "title Red"), "\(red)")

        // An http:// cover, scaled from 20 × 20.
        try track("Blue", album: "Web", art: server.url("blue.png"))
        #expect(try server.waitForRequest() == "/blue.png")
        let blue = try feed.waitFor(line: "picture end")
        #expect(CoverFiles.end(blue, withCover: "0000ff", side: 4, after: "title Blue"), "\(blue)")

        // A slow server holds up the cover only: the title comes at once, the cover seconds later.
        try track("Slow", album: "Late", art: server.url("slow/green.png"))
        // 2 s: the server holds the cover 3 s, so a title held for it would miss this; D-Bus and the follower
        // pass a track on in milliseconds, even on a loaded machine.
        try feed.waitFor(line: "title Slow", timeout: .seconds(2))
        #expect(try server.waitForRequest() == "/slow/green.png")
        let slow = try feed.waitFor(line: "picture end", timeout: .seconds(15))
        #expect(Array(slow.suffix(6)) == CoverFiles.lines("00ff00", side: 4), "\(slow)")

        // A file that is no picture: no cover (the title made the daemon forget the one before), and a warning.
        try track("Broken", album: "Bad", art: server.url("broken.png"))
        #expect(try server.waitForRequest() == "/broken.png")
        try feed.waitFor(line: "title Broken")

        // Back to the blue album: known, so sent with the title and not asked for again; the next request the
        // server sees is the missing cover's, and a miss sends nothing.
        try track("Blue Again", album: "Web", art: server.url("blue.png"))
        let again = try feed.waitFor(line: "picture end")
        #expect(CoverFiles.end(again, withCover: "0000ff", side: 4, after: "title Blue Again"), "\(again)")
        try track("Missing", album: "Gone", art: server.url("missing.png"))
        #expect(try server.waitForRequest() == "/missing.png")
        try feed.waitFor(line: "title Missing")
        try track("Last", album: "End", art: "file://" + directory.file("art/red.png"))
        let last = try feed.waitFor(line: "picture end")
        #expect(!last.dropLast(6).contains { $0.hasPrefix("picture") }, "\(last)")
        try follower.wait("the warning about broken.png") { follower.errors.contains("broken.png") }
    }
}
