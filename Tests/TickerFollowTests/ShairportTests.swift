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

    /// A title batch; `frame` is the RTP time shairport-sync puts in `mdst` and `mden` when the sender gave one.
    static func bundle(title: String, artist: String, album: String, frame: UInt32? = nil) -> String {
        let time = frame.map(String.init)
        return item("ssnc", "mdst", time) + item("core", "asal", album) + item("core", "asar", artist)
            + item("core", "minm", title) + item("ssnc", "mden", time)
    }

    /// A cover as shairport-sync sends it with `include_cover_art`: `pcst` (with the RTP time), the picture's
    /// bytes in `PICT`, `pcen`.
    static func picture(_ bytes: [UInt8], frame: UInt32) -> String {
        let data = Data(bytes)
        guard !data.isEmpty else {
            return item("ssnc", "pcst", String(frame)) + item("ssnc", "PICT") + item("ssnc", "pcen", String(frame))
        }
        return item("ssnc", "pcst", String(frame))
            + "<item><type>\(hex("ssnc"))</type><code>\(hex("PICT"))</code><length>\(data.count)</length>\n"
            + "<data encoding=\"base64\">\n\(data.base64EncodedString())</data></item>\n"
            + item("ssnc", "pcen", String(frame))
    }

    /// RTP frame `start` plus `seconds` of audio.
    static func frame(_ start: UInt32, plus seconds: Double) -> UInt32 {
        start &+ UInt32(seconds * ShairportTranslator.framesPerSecond)
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
            ShairportItem(type: FourCharCode("core"), code: FourCharCode("minm"), data: Array("T".utf8)),
            now: .seconds(0))
        _ = translator.apply(ShairportItem(type: FourCharCode("ssnc"), code: FourCharCode("mden")), now: .seconds(0))
        // start is 44100 frames before the 32-bit wrap; current is 10 s later, end 200 s later.
        let start = UInt32.max - 44099
        let progress = "\(start)/\(start &+ 441_000)/\(start &+ 8_820_000)"
        _ = translator.apply(
            ShairportItem(type: FourCharCode("ssnc"), code: FourCharCode("prgr"), data: Array(progress.utf8)),
            now: .seconds(5))
        #expect(translator.snapshot.position == PlaybackPosition(seconds: 10, at: .seconds(5)))
        #expect(translator.snapshot.track?.durationSeconds == 200)
    }
}

/// The translator on its own, with the time of each item given.
struct ShairportTranslatorTests {
    static func code(_ text: String) -> FourCharCode {
        FourCharCode(rawValue: text.utf8.reduce(0) { $0 << 8 | UInt32($1) })
    }

    static func item(_ name: String, _ data: String = "") -> ShairportItem {
        let type = ["minm", "asar", "asal"].contains(name) ? "core" : "ssnc"
        return ShairportItem(type: code(type), code: code(name), data: Array(data.utf8))
    }

    /// Applies `items` at `now`.
    static func apply(_ translator: inout ShairportTranslator, _ items: [ShairportItem], at now: Duration) {
        for item in items { _ = translator.apply(item, now: now) }
    }

    static let tenSecondsIn = [
        item("prgr", "1000/442000/8821000"), item("mdst", "1000"), item("minm", "Song"), item("mden", "1000"),
    ]

    @Test func theClockStartsWithTheSoundNotTheSession() {
        var translator = ShairportTranslator()
        Self.apply(&translator, Self.tenSecondsIn + [Self.item("pbeg"), Self.item("pfls", "442000")], at: .seconds(0))
        #expect(translator.snapshot.state == .stop)
        #expect(translator.snapshot.positionSeconds(at: .seconds(0.9)) == 10, "nothing sounds before prsm")
        // The first frame plays a second later (shairport-sync's buffering).
        Self.apply(&translator, [Self.item("pffr")], at: .seconds(0.5))
        Self.apply(&translator, [Self.item("prsm")], at: .seconds(1))
        #expect(translator.snapshot.state == .play)
        #expect(translator.snapshot.positionSeconds(at: .seconds(1)) == 10)
        #expect(translator.snapshot.positionSeconds(at: .seconds(3)) == 12)
        #expect(translator.deadline == nil)
    }

    @Test func aSessionWhoseSoundNeverSaysSoStartsAfterFourSeconds() {
        var translator = ShairportTranslator()
        Self.apply(&translator, Self.tenSecondsIn + [Self.item("pbeg")], at: .seconds(0))
        #expect(translator.deadline == .seconds(ShairportTranslator.startSeconds))
        let early = translator.expire(now: .seconds(3.9))
        let due = translator.expire(now: .seconds(4))
        #expect(!early && due)
        #expect(translator.snapshot.state == .play)
        #expect(translator.snapshot.positionSeconds(at: .seconds(5)) == 11)
    }

    @Test func aFlushWhilePlayingPausesAndTheResumeStartsAtItsFrame() {
        var translator = ShairportTranslator()
        Self.apply(&translator, Self.tenSecondsIn + [Self.item("pbeg"), Self.item("prsm")], at: .seconds(0))
        // At 9 s the listener has heard 19 s; the sender flushes what shairport-sync still holds and resumes
        // at the flush's frame, 20 s in.
        Self.apply(&translator, [Self.item("pfls", "\(1000 + 20 * 44100)")], at: .seconds(9))
        #expect(translator.snapshot.state == .pause)
        #expect(translator.snapshot.positionSeconds(at: .seconds(30)) == 19)
        Self.apply(&translator, [Self.item("prsm")], at: .seconds(30))
        #expect(translator.snapshot.positionSeconds(at: .seconds(31)) == 21)
    }

    @Test func withoutRTPTimesTheProgressGoesToTheTrackThatHasNone() {
        var translator = ShairportTranslator()
        // pyatv's order, but the batch carries no RTP time.
        Self.apply(
            &translator, [Self.item("prgr", "1000/1000/8821000"), Self.item("mdst"), Self.item("minm", "A")],
            at: .seconds(0))
        Self.apply(&translator, [Self.item("mden")], at: .seconds(0))
        #expect(translator.snapshot.track?.durationSeconds == 200)
        // A second batch for another track finds the progress taken.
        Self.apply(&translator, [Self.item("mdst"), Self.item("minm", "B"), Self.item("mden")], at: .seconds(1))
        #expect(translator.snapshot.track?.durationSeconds == nil)
        #expect(translator.snapshot.position == nil)
    }
}

/// The shairport-sync follower reading recorded streams from a real FIFO and writing a real feed.
struct ShairportFollowerTests {
    /// A follower reading the metadata FIFO `metadata` and writing `feed`, with the lyrics directory given.
    final class Rig {
        let directory: TemporaryDirectory
        let feed: FeedTap
        let metadata: FeedTap
        let thread: FollowerThread

        init(lyrics: [String: String] = [:], covers: CoverSettings? = nil) throws {
            directory = try TemporaryDirectory()
            feed = try FeedTap(path: directory.file("feed"))
            metadata = try FeedTap(path: directory.file("shairport-sync-metadata"))
            for (name, text) in lyrics { try directory.write("lyrics/" + name, text) }
            let follower = ShairportFollower(
                pipePath: metadata.path, feedPaths: [feed.path],
                lyrics: LyricsLibrary(lyricsDirectory: directory.file("lyrics")), covers: covers)
            thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
            // No session yet.
            #expect(try feed.waitFor(line: "stop") == ["clear", "stop"])
        }

        deinit { thread.finish() }

        /// Writes `text` into the metadata pipe, as shairport-sync does.
        func play(_ text: String) throws {
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(metadata.fd, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw TestFailure("short write to the metadata pipe") }
        }

        /// Waits for the next `expected.count` feed lines and checks them: exactly, but for the value of a
        /// `position`, which may be later by the moments the follower and the test took (under half a second).
        func expect(_ expected: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            var count = 0
            let lines = try feed.waitFor(what) { _ in
                count += 1
                return count == expected.count
            }
            let matches =
                lines.count == expected.count
                && zip(lines, expected).allSatisfy { line, wanted in
                    guard let value = Self.position(line), let target = Self.position(wanted) else {
                        return line == wanted
                    }
                    return value >= target && value < target + 0.5
                }
            #expect(matches, "\(what):\n\(lines)\nexpected\n\(expected)", sourceLocation: sourceLocation)
        }

        static func position(_ line: String) -> Double? {
            line.hasPrefix("position ") ? Double(line.dropFirst("position ".count)) : nil
        }
    }

    @Test func turnsPyatvsRecordedSessionsIntoFeedLines() throws {
        let rig = try Rig()
        try rig.play(ShairportRecordings.pyatvTwoSongs)
        // The progress came before the batch and is the first song's: its length, its position. The flush of
        // the start pauses nothing, the clock starts with the sound, and the end of the session ends the track.
        try rig.expect(
            [
                "title First Song", "artist Sender", "album Album", "duration 6", "lyrics clear", "stop",
                "play", "position 0",
                "clear", "stop",
                "title Second Song", "artist Sender", "album Album", "duration 5", "lyrics clear", "stop",
                "play", "position 0",
                "clear", "stop",
            ], "the two sessions")
    }

    @Test func takesTheProgressOfAStreamStartedTenSecondsInInEitherOrder() throws {
        let rig = try Rig(lyrics: ["Andreas Scholl - Stabat Mater.lrc": "[00:00.00]Stabat mater dolorosa\n"])
        let start: UInt32 = 66150
        let now = Recording.frame(start, plus: 10)
        let progress = "\(start)/\(now)/\(Recording.frame(start, plus: 200))"
        let batch = Recording.bundle(title: "Stabat Mater", artist: "Andreas Scholl", album: "Pergolesi", frame: start)
        let session =
            Recording.item("ssnc", "pbeg") + Recording.item("ssnc", "pfls", "\(now)")
            + Recording.item("ssnc", "pffr") + Recording.item("ssnc", "prsm")
        let track = [
            "title Stabat Mater", "artist Andreas Scholl", "album Pergolesi", "duration 200",
            "lyrics begin", "[00:00.000]Stabat mater dolorosa", "lyrics end", "stop",
        ]
        // pyatv's order: the progress first.
        try rig.play(Recording.item("ssnc", "prgr", progress) + batch + session)
        try rig.expect(track + ["play", "position 10"], "pyatv's order")
        try rig.play(Recording.item("ssnc", "pend"))
        try rig.expect(["clear", "stop"], "the end of the session")
        // shairport-sync's usual order: the batch first, its length with the progress.
        try rig.play(batch + Recording.item("ssnc", "prgr", progress) + session)
        try rig.expect(
            track.filter { $0 != "duration 200" } + ["duration 200", "play", "position 10"], "the usual order")
    }

    @Test func aNewSongsProgressWaitsForItsBatch() throws {
        let rig = try Rig()
        let first: UInt32 = 1000
        let second = Recording.frame(first, plus: 200)
        try rig.play(
            Recording.item("ssnc", "prgr", "\(first)/\(first)/\(second)")
                + Recording.bundle(title: "One", artist: "A", album: "X", frame: first)
                + Recording.item("ssnc", "pbeg") + Recording.item("ssnc", "prsm"))
        try rig.expect(
            ["title One", "artist A", "album X", "duration 200", "lyrics clear", "stop", "play", "position 0"],
            "the first song")
        // The next song, gapless in the same session, in pyatv's order: its length is not the first song's.
        try rig.play(
            Recording.item("ssnc", "prgr", "\(second)/\(second)/\(Recording.frame(second, plus: 95))")
                + Recording.bundle(title: "Two", artist: "A", album: "X", frame: second))
        try rig.expect(
            ["title Two", "artist A", "album X", "duration 95", "lyrics clear", "play", "position 0"],
            "the second song")
    }

    @Test func resumesWhereTheFlushSaysAndSkipsWhatIsGarbled() throws {
        let rig = try Rig()
        let start: UInt32 = 1000
        try rig.play(
            // Garbage and a truncated item first; they must not stop what follows.
            "<item><type>73736e63</type><code>7067</code>\n"
                + "<item><type>636f7265</type><code>6d696e6d</code><length>30</length>\n<data encoding=\"base64\">\nU3Rh"
                + Recording.bundle(title: "Song", artist: "A", album: "B", frame: start)
                + Recording.item(
                    "ssnc", "prgr", "\(start)/\(Recording.frame(start, plus: 10))/\(Recording.frame(start, plus: 200))")
                + Recording.item("ssnc", "pbeg") + Recording.item("ssnc", "prsm"))
        try rig.expect(
            ["title Song", "artist A", "album B", "lyrics clear", "stop", "duration 200", "play", "position 10"],
            "the start")
        // A pause: the sender flushes what shairport-sync holds, up to the frame it resumes from, 11 s in.
        try rig.play(Recording.item("ssnc", "pfls", "\(Recording.frame(start, plus: 11))"))
        try rig.expect(["pause", "position 10"], "the pause")
        try rig.play(Recording.item("ssnc", "pffr") + Recording.item("ssnc", "prsm"))
        try rig.expect(["play", "position 11"], "the resume")
        #expect(rig.thread.log.contains { $0.contains("skipped a garbled") }, "\(rig.thread.log)")
    }
}
