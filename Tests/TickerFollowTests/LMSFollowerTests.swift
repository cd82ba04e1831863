import Glibc
import Testing
import TickerTestSupport

@testable import TickerFollow

/// The CLI's lines, players and status answers, as the server writes them.
struct LMSParserTests {
    func lines(_ text: String, chunk: Int = 5) -> [Result<[String], LMSProtocolError>] {
        var parser = LMSLineParser(maxLineBytes: 64, maxTokens: 8)
        var results: [Result<[String], LMSProtocolError>] = []
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
            offset += chunk
            while true {
                do {
                    guard let tokens = try parser.next() else { break }
                    results.append(.success(tokens))
                } catch {
                    results.append(.failure(error))
                }
            }
        }
        return results
    }

    @Test func decodesTokensOnEveryLineEndInAnyChunks() {
        let results = lines(
            "00%3A04%3A20%3Aaa%3Abb%3A01 playlist newsong Caf%C3%A9%20Song 0\r\nsubscribe playlist%2Ctime\0\n\nplay\r")
        #expect(
            results == [
                .success(["00:04:20:aa:bb:01", "playlist", "newsong", "Café Song", "0"]),
                .success(["subscribe", "playlist,time"]),
                .success(["play"]),
            ])
    }

    @Test(arguments: [
        ("bad escape", "title%3AA%zzB\nok\n", LMSProtocolError.badEscape(token: "title%3AA%zzB")),
        ("cut escape", "title%3\nok\n", .badEscape(token: "title%3")),
        ("invalid UTF-8", "title%3A%FF%FE\nok\n", .badEscape(token: "title%3A%FF%FE")),
        ("too many tokens", "a b c d e f g h i\nok\n", .tooManyTokens(limit: 8)),
        ("too long", String(repeating: "x", count: 200) + "\nok\n", .lineTooLong(limit: 64)),
    ])
    func reportsABadLineOnceAndReadsTheNext(name: String, text: String, error: LMSProtocolError) {
        #expect(lines(text) == [.failure(error), .success(["ok"])], "\(name)")
    }

    @Test func encodesEverythingButUnreservedCharacters() throws {
        #expect(LMSLineParser.encode("00:04:20:aa:bb:01") == "00%3A04%3A20%3Aaa%3Abb%3A01")
        #expect(LMSLineParser.encode("tags:adlu") == "tags%3Aadlu")
        #expect(LMSLineParser.encode("Café ü/%") == "Caf%C3%A9%20%C3%BC%2F%25")
        #expect(try LMSLineParser.decode(ArraySlice(LMSLineParser.encode("a b:ç%").utf8)) == "a b:ç%")
    }

    @Test func listsPlayersAndChoosesOne() {
        let answer = [
            "players", "0", "100", "count:3", "playerindex:0", "playerid:00:04:20:aa:bb:01", "name:Kitchen",
            "isplaying:0",
            "connected:1", "playerindex:1", "name:No Id", "playerindex:2", "playerid:00:04:20:aa:bb:02", "name:Lounge",
            "isplaying:1", "connected:1",
        ]
        let players = LMSStatus.players(answer) ?? []
        #expect(
            players == [
                LMSPlayer(id: "00:04:20:aa:bb:01", name: "Kitchen", isPlaying: false, isConnected: true),
                LMSPlayer(id: "00:04:20:aa:bb:02", name: "Lounge", isPlaying: true, isConnected: true),
            ])
        #expect(LMSStatus.choose(nil, from: players)?.name == "Lounge")
        #expect(LMSStatus.choose("kitchen", from: players)?.name == "Kitchen")
        #expect(LMSStatus.choose("00:04:20:AA:BB:01", from: players)?.name == "Kitchen")
        #expect(LMSStatus.choose("Bathroom", from: players) == nil)
        #expect(LMSStatus.players(["status"]) == nil)
    }

    @Test func readsTheCurrentSongOfAStatusAnswer() {
        let answer = [
            "00:04:20:aa:bb:02", "status", "-", "1", "tags:adlu", "player_name:Lounge", "mode:pause", "time:12.5",
            "duration:200.25", "playlist index:3", "id:17", "title:Stabat Mater", "artist:Andreas Scholl",
            "album:Pergolesi", "duration:200.25", "url:file:///music/a.flac", "playlist index:4", "title:Next",
        ]
        #expect(
            LMSStatus.snapshot(answer, now: .seconds(7))
                == PlayerSnapshot(
                    track: Track(
                        title: "Stabat Mater", artist: "Andreas Scholl", album: "Pergolesi", durationSeconds: 200.25,
                        file: "file:///music/a.flac"),
                    state: .pause, position: PlaybackPosition(seconds: 12.5, at: .seconds(7))))
    }

    @Test(arguments: [
        (
            "empty playlist", ["p", "status", "mode:stop", "playlist_tracks:0"],
            PlayerSnapshot(track: nil, state: .stop)
        ),
        (
            "radio title", ["p", "status", "mode:play", "current_title:Radio One", "playlist index:0", "artist:DJ"],
            PlayerSnapshot(track: Track(title: "Radio One", artist: "DJ"), state: .play)
        ),
        (
            "unknown mode and bad numbers",
            ["p", "status", "mode:zzz", "time:-3", "duration:nan", "playlist index:0", "title:T"],
            PlayerSnapshot(track: Track(title: "T"), state: .stop)
        ),
        (
            "huge time", ["p", "status", "mode:play", "time:1e300", "playlist index:0", "title:T", "duration:inf"],
            PlayerSnapshot(track: Track(title: "T"), state: .play)
        ),
    ])
    func readsOddStatusAnswersWithoutGuessing(name: String, tokens: [String], expected: PlayerSnapshot) {
        #expect(LMSStatus.snapshot(tokens, now: .seconds(0)) == expected, "\(name)")
    }

    @Test func tellsNotificationsOfThePlayerFromOthers() {
        #expect(LMSStatus.isChange(["00:04:20:aa:bb:02", "playlist", "newsong", "x"], of: "00:04:20:AA:BB:02"))
        #expect(LMSStatus.isChange(["00:04:20:aa:bb:02", "time", "42"], of: "00:04:20:aa:bb:02"))
        #expect(!LMSStatus.isChange(["00:04:20:aa:bb:01", "playlist", "newsong"], of: "00:04:20:aa:bb:02"))
        #expect(!LMSStatus.isChange(["00:04:20:aa:bb:02", "mixer", "volume", "5"], of: "00:04:20:aa:bb:02"))
        #expect(LMSStatus.isStatus(["00:04:20:aa:bb:02", "status", "-", "1"], of: "00:04:20:aa:bb:02"))
    }
}

/// The LMS follower against a stand-in server on 127.0.0.1, writing a real FIFO.
struct LMSFollowerTests {
    @Test func followsTheFirstPlayingPlayerThroughChangesAndADroppedConnection() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        try directory.write("lyrics/Andreas Scholl - Stabat Mater.lrc", "[00:00.00]Stabat mater dolorosa\n")
        let server = try LMSStandIn(directory: directory)
        try server.command(
            #"{"cmd": "track", "player": 0, "title": "Kitchen Song", "artist": "K", "album": "K", "duration": 100}"#)
        try server.command(
            #"{"cmd": "track", "player": 1, "title": "Stabat Mater", "artist": "Andreas Scholl", "album": "Pergolesi", "duration": 200}"#
        )
        try server.command(#"{"cmd": "mode", "player": 1, "mode": "play"}"#)
        let follower = LMSFollower(
            host: "127.0.0.1", port: server.port, feedPaths: [feed.path],
            lyrics: LyricsLibrary(lyricsDirectory: directory.file("lyrics")), positionIntervalSeconds: 0.5)
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }

        try server.waitFor("got players 0 100")
        try server.waitFor("got subscribe playlist%2Cpause%2Cplay%2Cstop%2Ctime%2Cmode%2Cclient%2Cpower")
        try server.waitFor("got 00%3A04%3A20%3Aaa%3Abb%3A02 status - 1 tags%3AacdlKu")
        let track = try feed.waitFor("the first position") { $0.hasPrefix("position ") }
        #expect(
            Array(track.dropLast()) == [
                "title Stabat Mater", "artist Andreas Scholl", "album Pergolesi", "duration 200", "lyrics begin",
                "[00:00.000]Stabat mater dolorosa", "lyrics end", "play",
            ])
        // While playing, a fresh position follows every interval.
        try feed.waitFor("a periodic position") { $0.hasPrefix("position ") }

        try server.command(#"{"cmd": "mode", "player": 1, "mode": "pause"}"#)
        let paused = try feed.waitFor(line: "pause")
        #expect(paused.allSatisfy { $0.hasPrefix("position ") || $0 == "pause" }, "\(paused)")
        try server.command(#"{"cmd": "seek", "player": 1, "time": 42}"#)
        try feed.waitFor(line: "position 42")
        // Another player's song changes nothing; the next lines are this player's.
        try server.command(
            #"{"cmd": "track", "player": 0, "title": "Other Song", "artist": "O", "album": "O", "duration": 100}"#)
        try server.command(
            #"{"cmd": "track", "player": 1, "title": "Next One", "artist": "Nobody", "album": "B-Sides", "duration": 90}"#
        )
        try server.command(#"{"cmd": "mode", "player": 1, "mode": "play"}"#)
        let next = try feed.waitFor(line: "lyrics clear")
        #expect(next.suffix(5) == ["title Next One", "artist Nobody", "album B-Sides", "duration 90", "lyrics clear"])
        #expect(!feed.lines.contains { $0.contains("Other Song") })
        try feed.waitFor(line: "play")

        try server.command(#"{"cmd": "drop"}"#)
        try feed.waitFor(line: "stop")
        try server.waitFor("connected")
        let again = try feed.waitFor(line: "lyrics clear")
        #expect(again.suffix(5) == ["title Next One", "artist Nobody", "album B-Sides", "duration 90", "lyrics clear"])
        try feed.waitFor(line: "play")
        try thread.waitForLog("the lost connection") { $0.contains("closed the connection") }

        try server.command(#"{"cmd": "mode", "player": 1, "mode": "stop"}"#)
        try feed.waitFor(line: "stop")
    }

    @Test func followsANamedPlayerAndWaitsForOneThatIsNotThereYet() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let server = try LMSStandIn(directory: directory)
        let kitchen = LMSFollower(host: "127.0.0.1", port: server.port, player: "kitchen", feedPaths: [feed.path])
        let thread = try FollowerThread { signals, log in kitchen.run(signals: signals, log: log) }
        try server.waitFor("got 00%3A04%3A20%3Aaa%3Abb%3A01 status")
        #expect(try feed.waitFor(line: "stop") == ["clear", "stop"])
        try server.command(
            #"{"cmd": "track", "player": 0, "title": "Kitchen Song", "artist": "K", "album": "L", "duration": 100}"#)
        #expect(
            try feed.waitFor(line: "lyrics clear") == [
                "title Kitchen Song", "artist K", "album L", "duration 100", "lyrics clear",
            ])
        thread.finish()

        let missing = LMSFollower(
            host: "127.0.0.1", port: server.port, player: "Bathroom", feedPaths: [feed.path], playerRetrySeconds: 0.1)
        let waiting = try FollowerThread { signals, log in missing.run(signals: signals, log: log) }
        defer { waiting.finish() }
        let line = try waiting.waitForLog("the missing player") { $0.contains("no player 'Bathroom'") }
        #expect(line.contains("'Kitchen' (00:04:20:aa:bb:01)"), "\(line)")
        // It keeps asking.
        try server.waitFor("got players 0 100")
        try server.waitFor("got players 0 100")
    }

    @Test func sendsLyricsFromTheLyricsServerWhenTheyArrive() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let lrclib = try LRCLIBStandin()
        let server = try LMSStandIn(directory: directory)
        try server.command(
            #"{"cmd": "track", "player": 0, "title": "Hit Song", "artist": "H", "album": "S", "duration": 30}"#)
        try server.command(#"{"cmd": "mode", "player": 0, "mode": "play"}"#)
        let follower = LMSFollower(
            host: "127.0.0.1", port: server.port, feedPaths: [feed.path],
            online: OnlineLyricsSettings(server: lrclib.url, cacheDirectory: directory.file("cache")))
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }
        let track = try feed.waitFor(line: "lyrics clear")
        #expect(track.suffix(5) == ["title Hit Song", "artist H", "album S", "duration 30", "lyrics clear"])
        try lrclib.waitForRequest("/api/get", for: "Hit Song")
        let lyrics = try feed.waitFor(line: "lyrics end")
        #expect(lyrics.contains("[00:00.500]Words from the server"), "\(lyrics)")
    }

    @Test func survivesAServerThatAnswersGarbageOrIsNotThere() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let server = try LMSStandIn(directory: directory, garbage: true)
        let follower = LMSFollower(host: "127.0.0.1", port: server.port, feedPaths: [feed.path])
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        let line = try thread.waitForLog("the garbage") { $0.contains("is not percent-encoded UTF-8") }
        #expect(line.contains("the media server at '127.0.0.1:\(server.port)'"), "\(line)")
        // It reconnects and tries again, logging the same trouble once.
        try server.waitFor("connected")
        try server.waitFor("connected")
        #expect(thread.log.filter { $0.contains("percent-encoded") }.count == 1, "\(thread.log)")
        thread.finish()

        // Nobody listening: a refused connection, logged, and a stop that still comes at once.
        _ = try server.process.stop(with: SIGTERM)
        let absent = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { absent.finish() }
        try absent.waitForLog("the refused connection") { $0.contains("connect '127.0.0.1:\(server.port)'") }
    }
}
