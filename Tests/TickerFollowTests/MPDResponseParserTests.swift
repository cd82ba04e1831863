import Testing
import TickerCore
import TickerIO
import TickerTestSupport

@testable import TickerFollow

struct MPDResponseParserTests {
    func replies(_ text: String, chunk: Int = 5) throws(MPDProtocolError) -> [MPDReply] {
        var parser = MPDResponseParser()
        var result: [MPDReply] = []
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
            offset += chunk
            while let reply = try parser.next() { result.append(reply) }
        }
        return result
    }

    @Test func readsGreetingFieldsAndOKAcrossChunks() throws {
        let result = try replies("OK MPD 0.23.12\nfile: a.flac\nTitle: Colon: inside\nOK\nOK\n")
        #expect(
            result == [
                .greeting(version: "0.23.12"),
                .ok([MPDField(key: "file", value: "a.flac"), MPDField(key: "Title", value: "Colon: inside")]),
                .ok([]),
            ])
    }

    @Test func readsAnAck() throws {
        let result = try replies("OK MPD 0.23.12\nACK [50@1] {play} No such song\n")
        #expect(result.last == .ack(MPDAck(code: 50, commandIndex: 1, command: "play", message: "No such song")))
    }

    @Test(arguments: [
        ("not MPD", "SSH-2.0-OpenSSH\n", MPDProtocolError.badGreeting(line: "SSH-2.0-OpenSSH")),
        ("no separator", "OK MPD 0.23\nfile a.flac\n", .malformedLine(line: "file a.flac")),
        ("binary", "OK MPD 0.23\nbinary: 100\n", .unexpectedBinary),
        ("endless line", "OK MPD 0.23\n" + String(repeating: "x", count: 20000), .lineTooLong(limit: 16384)),
    ])
    func refusesHostileInput(name: String, text: String, expected: MPDProtocolError) {
        #expect(throws: expected, "\(name)") { try replies(text) }
    }

    @Test func refusesInvalidUTF8() {
        var parser = MPDResponseParser(expectingGreeting: false)
        parser.append([0x66, 0x3A, 0x20, 0xFF, 0x0A])
        #expect(throws: MPDProtocolError.invalidUTF8) { try parser.next() }
    }

    @Test func buildsASnapshotFromStatusAndCurrentSong() {
        let status = [
            MPDField(key: "state", value: "pause"), MPDField(key: "elapsed", value: "12.5"),
            MPDField(key: "duration", value: "nan"),
        ]
        let song = [
            MPDField(key: "file", value: "dir/Untitled.flac"), MPDField(key: "Artist", value: "X"),
            MPDField(key: "Time", value: "200"),
        ]
        let snapshot = MPDSnapshot.make(status: status, currentSong: song, musicDirectory: nil, now: .seconds(3))
        #expect(
            snapshot
                == PlayerSnapshot(
                    track: Track(title: "Untitled", artist: "X", durationSeconds: 200, file: "dir/Untitled.flac"),
                    state: .pause, position: PlaybackPosition(seconds: 12.5, at: .seconds(3))))
    }

    /// Mopidy names songs by URL; those inside the music directory are named as MPD names them, relative to
    /// it, and nothing a hostile URL holds gets further than the URL itself.
    @Test(arguments: [
        ("Mopidy's URL of a file with a space", "file:///srv/music/A%20B.flac", "A B.flac", "A B"),
        ("in a folder, in UTF-8", "file:///srv/music/Caf%C3%A9/01%20Song.flac", "Café/01 Song.flac", "01 Song"),
        ("lower-case escapes", "file:///srv/music/a%2bb.flac", "a+b.flac", "a+b"),
        ("the localhost form", "file://localhost/srv/music/a.flac", "a.flac", "a"),
        ("outside the music directory", "file:///home/me/a.flac", "file:///home/me/a.flac", "a"),
        ("a prefix that is not a folder", "file:///srv/musicbox/a.flac", "file:///srv/musicbox/a.flac", "a"),
        ("the music directory itself", "file:///srv/music/", "file:///srv/music/", "music"),
        ("another host", "file://nas/srv/music/a.flac", "file://nas/srv/music/a.flac", "file://nas/srv/music/a.flac"),
        ("a cut escape", "file:///srv/music/a%2", "file:///srv/music/a%2", "file:///srv/music/a%2"),
        ("a lone percent", "file:///srv/music/a%", "file:///srv/music/a%", "file:///srv/music/a%"),
        ("a bad escape", "file:///srv/music/a%zz.flac", "file:///srv/music/a%zz.flac", "file:///srv/music/a%zz.flac"),
        ("an escaped NUL", "file:///srv/music/a%00.flac", "file:///srv/music/a%00.flac", "file:///srv/music/a%00.flac"),
        ("invalid UTF-8", "file:///srv/music/a%FF.flac", "file:///srv/music/a%FF.flac", "file:///srv/music/a%FF.flac"),
        (
            "an overlong slash", "file:///srv/music/..%C0%AFx.flac", "file:///srv/music/..%C0%AFx.flac",
            "file:///srv/music/..%C0%AFx.flac"
        ),
        ("a stream", "http://radio.example/a%20b", "http://radio.example/a%20b", "http://radio.example/a%20b"),
        ("MPD's own relative name", "Artist/a%20b.flac", "Artist/a%20b.flac", "a%20b"),
    ])
    func namesMopidyFileURLsAsMPDNamesItsFiles(name: String, file: String, expected: String, title: String) {
        let song = [MPDField(key: "file", value: file)]
        let track = MPDSnapshot.make(status: [], currentSong: song, musicDirectory: "/srv/music/", now: .seconds(0))
            .track
        #expect(track?.file == expected, "\(name)")
        #expect(track?.title == title, "\(name)")
    }

    @Test func keepsTheURLWithoutAMusicDirectoryAndATitleFromTheTags() {
        let song = [MPDField(key: "file", value: "file:///srv/music/A%20B.flac"), MPDField(key: "Title", value: "T")]
        let track = MPDSnapshot.make(status: [], currentSong: song, musicDirectory: nil, now: .seconds(0)).track
        #expect(track?.file == "file:///srv/music/A%20B.flac")
        #expect(track?.title == "T")
    }

    /// An escaped `..` names a file outside the music directory by its name inside it; the lyrics library
    /// resolves it and refuses.
    @Test func refusesTheSidecarOfAURLThatClimbsOutOfTheMusicDirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("music/a.lrc", "[00:00.00]inside\n")
        try directory.write("secret.lrc", "[00:00.00]outside\n")
        let music = directory.file("music")
        let song = [MPDField(key: "file", value: "file://\(music)/%2E%2E%2Fsecret.flac")]
        let track = try #require(
            MPDSnapshot.make(status: [], currentSong: song, musicDirectory: music, now: .seconds(0)).track)
        #expect(track.file == "../secret.flac")
        #expect(throws: LyricsLookupError.escapesDirectory(path: "../secret.lrc", directory: music)) {
            try LyricsLibrary(musicDirectory: music).lyrics(for: track)
        }
    }
}

struct FeedPlannerTests {
    let song = Track(title: "Song", artist: "Band", album: "LP", durationSeconds: 180, file: "song.flac")

    @Test func sendsEverythingFirstThenOnlyChanges() {
        var planner = FeedPlanner()
        let playing = PlayerSnapshot(
            track: song, state: .play, position: PlaybackPosition(seconds: 1, at: .seconds(10)))
        #expect(
            planner.commands(for: playing, reason: .change, now: .seconds(10.5), lyrics: { _ in "[00:01.00]la" }).lines
                == [
                    "title Song", "artist Band", "album LP", "duration 180",
                    "lyrics begin", "[00:01.000]la", "lyrics end", "play", "position 1.5",
                ])
        #expect(
            planner.commands(for: playing, reason: .tick, now: .seconds(14), lyrics: { _ in nil }) == [
                .position(.seconds(5))
            ])
        var paused = playing
        paused.state = .pause
        paused.position = PlaybackPosition(seconds: 6, at: .seconds(15))
        #expect(
            planner.commands(for: paused, reason: .change, now: .seconds(20), lyrics: { _ in nil }) == [
                .pause, .position(.seconds(6)),
            ])
        #expect(planner.commands(for: paused, reason: .tick, now: .seconds(25), lyrics: { _ in nil }) == [])
    }

    /// A change that leaves the track and its state as they were sends a position only when it is off the
    /// feed's clock: a seek, not a second report of the same moment.
    @Test func sendsAPositionOnlyWhenItLeavesTheClock() {
        var planner = FeedPlanner()
        func commands(_ state: PlaybackState, _ seconds: Double, at now: Duration) -> [String] {
            let snapshot = PlayerSnapshot(
                track: song, state: state, position: PlaybackPosition(seconds: seconds, at: now))
            return planner.commands(for: snapshot, reason: .change, now: now, lyrics: { _ in nil }).lines
        }
        #expect(commands(.play, 0, at: .seconds(10)).suffix(2) == ["play", "position 0"])
        // MPD's second report of the start, 5 ms later and still at 0.
        #expect(commands(.play, 0, at: .seconds(10.005)) == [])
        // 0.2 s behind the clock: within the tolerance. 0.1 s later, 0.3 s behind the clock the feed was
        // told (though only 0.1 s behind the report before, which the feed was not given).
        #expect(commands(.play, 0, at: .seconds(10.2)) == [])
        #expect(commands(.play, 0, at: .seconds(10.3)) == ["position 0"])
        #expect(commands(.play, 60, at: .seconds(20)) == ["position 60"])
        #expect(commands(.pause, 70, at: .seconds(30)) == ["pause", "position 70"])
        #expect(commands(.pause, 70, at: .seconds(35)) == [])
        #expect(commands(.pause, 10, at: .seconds(40)) == ["position 10"])
        #expect(commands(.play, 10, at: .seconds(41)) == ["play", "position 10"])
    }

    @Test func resendsTheCachedLyricsAfterAReset() {
        var planner = FeedPlanner()
        let stopped = PlayerSnapshot(track: song, state: .stop)
        var lookups = 0
        let lyrics: (Track) -> String? = { _ in
            lookups += 1
            return nil
        }
        _ = planner.commands(for: stopped, reason: .change, now: .seconds(0), lyrics: lyrics)
        planner.reset()
        #expect(
            planner.commands(for: stopped, reason: .tick, now: .seconds(1), lyrics: lyrics).lines == [
                "title Song", "artist Band", "album LP", "duration 180", "lyrics clear", "stop",
            ])
        #expect(lookups == 1)
    }

    @Test func lyricsFoundLaterGoOutOnlyWhileTheirTrackIsCurrentAndStayForAReset() {
        var planner = FeedPlanner()
        let playing = PlayerSnapshot(track: song, state: .play)
        #expect(
            planner.commands(for: playing, reason: .change, now: .seconds(0), lyrics: { _ in nil }).lines.contains(
                "lyrics clear")
        )
        #expect(
            planner.lyricsArrived("[00:02.00]late", for: song).lines == [
                "lyrics begin", "[00:02.000]late", "lyrics end",
            ])
        planner.reset()
        #expect(
            planner.commands(for: playing, reason: .change, now: .seconds(1), lyrics: { _ in nil }).lines.contains(
                "[00:02.000]late"))

        var other = song
        other.title = "Other"
        _ = planner.commands(
            for: PlayerSnapshot(track: other, state: .play), reason: .change, now: .seconds(2), lyrics: { _ in nil })
        #expect(planner.lyricsArrived("[00:02.00]late", for: song) == [])
        #expect(planner.lyricsArrived("[00:03.00]other", for: other).count == 1)
    }

    @Test(arguments: [
        ("whole", 3.0, "position 3"), ("millis", 0.042, "position 0.042"), ("trailing zero", 12.5, "position 12.5"),
        ("negative", -1.0, "position 0"), ("rounding", 1.9996, "position 2"),
        ("not a number", Double.nan, "position 0"),
        ("beyond a day", 1e12, "position 86400"),
    ])
    func writesPlayerSecondsAsFeedTimes(name: String, value: Double, expected: String) {
        #expect(FeedCommand.position(FeedCommand.time(seconds: value)).encode() == expected, "\(name)")
    }
}

extension Array where Element == FeedCommand {
    /// The feed lines these commands are written as.
    var lines: [String] { flatMap(\.lines) }
}

/// The binary responses of `readpicture` and `albumart`: `size`, `type`, `binary: N`, N raw bytes, a newline.
struct MPDBinaryResponseTests {
    static func parser(limit: Int = 100) -> MPDResponseParser {
        var parser = MPDResponseParser(expectingGreeting: false)
        parser.binaryLimit = limit
        return parser
    }

    @Test func readsBinaryDataByteByByteEvenWhenItLooksLikeTheEnd() throws {
        var parser = Self.parser()
        let data: [UInt8] = [0x0A, 0x4F, 0x4B, 0x0A, 0x00, 0xFF]
        let bytes = Array("size: 6\ntype: image/png\nbinary: 6\n".utf8) + data + Array("\nOK\n".utf8)
        var replies: [MPDReply] = []
        for byte in bytes {
            parser.append([byte])
            while let reply = try parser.next() { replies.append(reply) }
        }
        #expect(
            replies == [.ok([MPDField(key: "size", value: "6"), MPDField(key: "type", value: "image/png")])])
        #expect(parser.binary == data)
    }

    @Test func anEmptyOKAndAnAckHaveNoData() throws {
        var parser = Self.parser()
        parser.append(Array("binary: 1\nx\nOK\nOK\nACK [50@0] {albumart} No file exists\n".utf8))
        #expect(try parser.next() == .ok([]))
        #expect(parser.binary == [0x78])
        #expect(try parser.next() == .ok([]))
        #expect(parser.binary == nil)
        #expect(
            try parser.next() == .ack(MPDAck(code: 50, commandIndex: 0, command: "albumart", message: "No file exists"))
        )
        #expect(parser.binary == nil)
    }

    @Test(arguments: [
        ("a length that lies", "binary: 3\nabcdef\nOK\n", MPDProtocolError.binaryNotTerminated),
        ("too large", "binary: 101\n", .badBinaryLength(line: "binary: 101", limit: 100)),
        ("negative", "binary: -1\n", .badBinaryLength(line: "binary: -1", limit: 100)),
        ("not a number", "binary: 1e2\n", .badBinaryLength(line: "binary: 1e2", limit: 100)),
        ("twice", "binary: 1\nx\nbinary: 1\ny\nOK\n", .badBinaryLength(line: "binary: 1", limit: 100)),
    ])
    func refusesHostileBinary(name: String, text: String, expected: MPDProtocolError) {
        var parser = Self.parser()
        parser.append(Array(text.utf8))
        #expect(throws: expected, "\(name)") {
            while try parser.next() != nil {}
        }
    }

    @Test func refusesBinaryToACommandThatAsksForNone() {
        var parser = Self.parser(limit: 0)
        parser.append(Array("binary: 1\nx\nOK\n".utf8))
        #expect(throws: MPDProtocolError.unexpectedBinary) { try parser.next() }
    }
}
