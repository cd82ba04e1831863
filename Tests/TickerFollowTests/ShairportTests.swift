import Foundation
import Glibc
import Testing
import TickerTestSupport

@testable import TickerFollow

/// Items in shairport-sync's documented pipe format, as a recording would hold them.
enum Recording {
    static func hex(_ code: String) -> String {
        code.utf8.map { String($0, radix: 16) }.joined()
    }

    static func item(_ type: String, _ code: String, _ payload: String? = nil) -> String {
        var text = "<item><type>\(hex(type))</type><code>\(hex(code))</code>"
        guard let payload else { return text + "<length>0</length></item>\n" }
        let bytes = Data(payload.utf8)
        text +=
            "<length>\(bytes.count)</length>\n<data encoding=\"base64\">\n\(bytes.base64EncodedString())</data></item>\n"
        return text
    }

    static func bundle(title: String, artist: String, album: String) -> String {
        item("ssnc", "mdst") + item("core", "asal", album) + item("core", "asar", artist)
            + item("core", "minm", title) + item("ssnc", "mden")
    }
}

struct ShairportParserTests {
    func parse(_ text: String, chunk: Int = 7) -> (items: [ShairportItem], dropped: Int) {
        var parser = ShairportMetadataParser(maxDataBytes: 1024)
        var items: [ShairportItem] = []
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
            offset += chunk
            while let item = parser.next() { items.append(item) }
        }
        return (items, parser.droppedItems)
    }

    @Test func decodesItemsSplitAcrossReads() {
        let result = parse(Recording.item("core", "minm", "Stabat Mater") + Recording.item("ssnc", "pbeg"))
        #expect(
            result.items == [
                ShairportItem(type: FourCharCode("core"), code: FourCharCode("minm"), data: Array("Stabat Mater".utf8)),
                ShairportItem(type: FourCharCode("ssnc"), code: FourCharCode("pbeg")),
            ])
        #expect(result.dropped == 0)
    }

    @Test(arguments: [
        (
            "truncated data",
            "<item><type>636f7265</type><code>6d696e6d</code><length>8</length>\n<data encoding=\"base64\">\nQUJD"
        ),
        ("bad hex", "<item><type>636f72zz</type><code>6d696e6d</code><length>0</length></item>"),
        (
            "wrong length",
            "<item><type>636f7265</type><code>6d696e6d</code><length>9</length>\n<data encoding=\"base64\">\nQUJD</data></item>"
        ),
        (
            "bad base64",
            "<item><type>636f7265</type><code>6d696e6d</code><length>3</length>\n<data encoding=\"base64\">\nQU*D</data></item>"
        ),
        ("header cut short", "<item><type>636f7265</type><co"),
        (
            "oversized",
            "<item><type>636f7265</type><code>50494354</code><length>99999</length>\n<data encoding=\"base64\">\n"
                + String(repeating: "QUJD", count: 3000) + "</data></item>"
        ),
        ("noise", "\u{0}\u{1}garbage<<<>>></item></data><item"),
    ])
    func skipsAGarbledItemAndResumesAtTheNext(name: String, garbage: String) {
        let good = Recording.item("core", "asar", "Artist")
        let result = parse(garbage + good)
        #expect(
            result.items == [
                ShairportItem(type: FourCharCode("core"), code: FourCharCode("asar"), data: Array("Artist".utf8))
            ], "\(name)")
    }

    @Test(arguments: [
        ("no padding", "QUJD", "ABC"),
        ("one pad", "QUI=", "AB"),
        ("two pads", "QQ==", "A"),
        ("line breaks", "QU\nJD", "ABC"),
    ])
    func decodesBase64(name: String, text: String, expected: String) {
        #expect(Base64.decode(Array(text.utf8)) == Array(expected.utf8), "\(name)")
    }

    @Test(arguments: ["Q", "QQ=", "Q===", "QU=D", "QU JD!"])
    func refusesMalformedBase64(text: String) {
        #expect(Base64.decode(Array(text.utf8)) == nil)
    }

    @Test func progressGivesPositionAndDurationAcrossTheRTPWrap() {
        var translator = ShairportTranslator()
        _ = translator.apply(
            ShairportItem(type: FourCharCode("core"), code: FourCharCode("minm"), data: Array("T".utf8)), now: 0)
        _ = translator.apply(ShairportItem(type: FourCharCode("ssnc"), code: FourCharCode("mden")), now: 0)
        // start is 44100 frames before the 32-bit wrap; current is 10 s later, end 200 s later.
        let start = UInt32.max - 44099
        let progress = "\(start)/\(start &+ 441_000)/\(start &+ 8_820_000)"
        _ = translator.apply(
            ShairportItem(type: FourCharCode("ssnc"), code: FourCharCode("prgr"), data: Array(progress.utf8)), now: 5)
        #expect(translator.snapshot.position == PlaybackPosition(seconds: 10, atSeconds: 5))
        #expect(translator.snapshot.track?.durationSeconds == 200)
    }
}

/// The shairport-sync follower reading a recorded stream from a real FIFO and writing a real feed.
struct ShairportFollowerTests {
    @Test func turnsARecordedSessionIntoFeedLines() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let metadata = try FeedTap(path: directory.file("shairport-sync-metadata"))
        try directory.write("lyrics/Andreas Scholl - Stabat Mater.lrc", "[00:00.00]Stabat mater dolorosa\n")
        let follower = ShairportFollower(
            pipePath: metadata.path, feedPath: feed.path,
            lyrics: LyricsLibrary(lyricsDirectory: directory.file("lyrics")))
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }
        try feed.waitFor(line: "stop")

        func play(_ text: String) throws {
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(metadata.fd, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw TestFailure("short write to the metadata pipe") }
        }

        // Garbage and a truncated item first; they must not stop what follows.
        try play(
            "<item><type>73736e63</type><code>7067</code>\n"
                + "<item><type>636f7265</type><code>6d696e6d</code><length>30</length>\n<data encoding=\"base64\">\nU3Rh"
        )
        try play(Recording.item("ssnc", "pbeg"))
        try feed.waitFor(line: "play")
        try play(Recording.bundle(title: "Stabat Mater", artist: "Andreas Scholl", album: "Pergolesi"))
        let track = try feed.waitFor(line: "lyrics end")
        #expect(
            track == [
                "title Stabat Mater", "artist Andreas Scholl", "album Pergolesi",
                "lyrics begin", "[00:00.000]Stabat mater dolorosa", "lyrics end",
            ])
        try play(Recording.item("ssnc", "prgr", "1000/442000/8821000"))
        let progress = try feed.waitFor("a position") { $0.hasPrefix("position ") }
        #expect(progress == ["play", "duration 200", "position 10"])
        try play(Recording.item("ssnc", "pfls"))
        let paused = try feed.waitFor("a position after pausing") { $0.hasPrefix("position ") }
        #expect(paused.first == "pause" && paused.count == 2)
        try play(Recording.item("ssnc", "prsm"))
        let resumed = try feed.waitFor("a position after resuming") { $0.hasPrefix("position ") }
        #expect(resumed.first == "play")
        let position = resumed.last.flatMap { Double($0.dropFirst("position ".count)) } ?? -1
        #expect(position >= 10 && position < 12, "paused at \(position)")
        try play(Recording.bundle(title: "Next One", artist: "Nobody", album: "B-Sides"))
        let next = try feed.waitFor(line: "lyrics clear")
        #expect(next == ["title Next One", "artist Nobody", "album B-Sides", "lyrics clear"])
        try play(Recording.item("ssnc", "pend"))
        try feed.waitFor(line: "stop")
        #expect(thread.log.contains { $0.contains("skipped a garbled") }, "\(thread.log)")
    }
}
