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
        let snapshot = MPDSnapshot.make(status: status, currentSong: song, now: 3)
        #expect(
            snapshot
                == PlayerSnapshot(
                    track: Track(title: "Untitled", artist: "X", durationSeconds: 200, file: "dir/Untitled.flac"),
                    state: .pause, position: PlaybackPosition(seconds: 12.5, atSeconds: 3)))
    }
}

struct FeedPlannerTests {
    let song = Track(title: "Song", artist: "Band", album: "LP", durationSeconds: 180, file: "song.flac")

    @Test func sendsEverythingFirstThenOnlyChanges() {
        var planner = FeedPlanner()
        let playing = PlayerSnapshot(track: song, state: .play, position: PlaybackPosition(seconds: 1, atSeconds: 10))
        #expect(
            planner.commands(for: playing, reason: .change, now: 10.5, lyrics: { _ in "[00:01.00]la" }).lines == [
                "title Song", "artist Band", "album LP", "duration 180",
                "lyrics begin", "[00:01.000]la", "lyrics end", "play", "position 1.5",
            ])
        #expect(
            planner.commands(for: playing, reason: .tick, now: 14, lyrics: { _ in nil }) == [.position(.seconds(5))])
        var paused = playing
        paused.state = .pause
        paused.position = PlaybackPosition(seconds: 6, atSeconds: 15)
        #expect(
            planner.commands(for: paused, reason: .change, now: 20, lyrics: { _ in nil }) == [
                .pause, .position(.seconds(6)),
            ])
        #expect(planner.commands(for: paused, reason: .tick, now: 25, lyrics: { _ in nil }) == [])
    }

    @Test func resendsTheCachedLyricsAfterAReset() {
        var planner = FeedPlanner()
        let stopped = PlayerSnapshot(track: song, state: .stop)
        var lookups = 0
        let lyrics: (Track) -> String? = { _ in
            lookups += 1
            return nil
        }
        _ = planner.commands(for: stopped, reason: .change, now: 0, lyrics: lyrics)
        planner.reset()
        #expect(
            planner.commands(for: stopped, reason: .tick, now: 1, lyrics: lyrics).lines == [
                "title Song", "artist Band", "album LP", "duration 180", "lyrics clear", "stop",
            ])
        #expect(lookups == 1)
    }

    @Test func lyricsFoundLaterGoOutOnlyWhileTheirTrackIsCurrentAndStayForAReset() {
        var planner = FeedPlanner()
        let playing = PlayerSnapshot(track: song, state: .play)
        #expect(
            planner.commands(for: playing, reason: .change, now: 0, lyrics: { _ in nil }).lines.contains("lyrics clear")
        )
        #expect(
            planner.lyricsArrived("[00:02.00]late", for: song).lines == [
                "lyrics begin", "[00:02.000]late", "lyrics end",
            ])
        planner.reset()
        #expect(
            planner.commands(for: playing, reason: .change, now: 1, lyrics: { _ in nil }).lines.contains(
                "[00:02.000]late"))

        var other = song
        other.title = "Other"
        _ = planner.commands(
            for: PlayerSnapshot(track: other, state: .play), reason: .change, now: 2, lyrics: { _ in nil })
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
