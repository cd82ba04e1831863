import Glibc
import Testing
import TickerCore
import TickerTestSupport

@testable import TickerFollow

/// The events of each librespot version and of spotifyd, read from the environment they pass.
struct LibrespotEventTests {
    @Test(arguments: [
        (
            "librespot 0.7 track_changed",
            [
                "PLAYER_EVENT": "track_changed", "TRACK_ID": "6rqhFgbbKwnb9MLmUQDhG6", "NAME": "Stabat Mater",
                "ARTISTS": "Andreas Scholl\nBarbara Bonney", "ALBUM": "Pergolesi", "DURATION_MS": "200500",
                "ITEM_TYPE": "Track", "COVERS": "https://example.invalid/a\nhttps://example.invalid/b",
            ],
            LibrespotEvent.trackChanged(
                Track(
                    title: "Stabat Mater", artist: "Andreas Scholl, Barbara Bonney", album: "Pergolesi",
                    durationSeconds: 200.5, cover: .url("https://example.invalid/b")))
        ),
        (
            "librespot 0.7 podcast episode",
            [
                "PLAYER_EVENT": "track_changed", "NAME": "Episode 12", "ITEM_TYPE": "Episode", "SHOW_NAME": "The Show",
                "DURATION_MS": "60000",
            ],
            .trackChanged(Track(title: "Episode 12", artist: "The Show", durationSeconds: 60))
        ),
        (
            "librespot 0.7 playing", ["PLAYER_EVENT": "playing", "TRACK_ID": "x", "POSITION_MS": "12345"],
            .playing(positionSeconds: 12.345, durationSeconds: nil)
        ),
        (
            "librespot 0.7 paused", ["PLAYER_EVENT": "paused", "POSITION_MS": "0"],
            .paused(positionSeconds: 0, durationSeconds: nil)
        ),
        ("librespot 0.7 seeked", ["PLAYER_EVENT": "seeked", "POSITION_MS": "90000"], .seeked(positionSeconds: 90)),
        (
            "librespot 0.7 position_correction", ["PLAYER_EVENT": "position_correction", "POSITION_MS": "1500"],
            .seeked(positionSeconds: 1.5)
        ),
        ("librespot 0.7 stopped", ["PLAYER_EVENT": "stopped", "TRACK_ID": "x"], .stopped),
        ("librespot 0.7 session_disconnected", ["PLAYER_EVENT": "session_disconnected", "USER_NAME": "u"], .stopped),
        (
            "librespot 0.7 volume_changed", ["PLAYER_EVENT": "volume_changed", "VOLUME": "100"],
            .ignored("volume_changed")
        ),
        ("librespot 0.7 end_of_track", ["PLAYER_EVENT": "end_of_track", "TRACK_ID": "x"], .ignored("end_of_track")),
        ("librespot 0.7 seeked without position", ["PLAYER_EVENT": "seeked"], .ignored("seeked")),
        (
            "librespot 0.4 changed, only ids", ["PLAYER_EVENT": "changed", "OLD_TRACK_ID": "a", "TRACK_ID": "b"],
            .trackChanged(Track(title: ""))
        ),
        (
            "librespot 0.4 started", ["PLAYER_EVENT": "started", "TRACK_ID": "b"],
            .playing(positionSeconds: nil, durationSeconds: nil)
        ),
        (
            "librespot 0.4 playing with duration",
            ["PLAYER_EVENT": "playing", "TRACK_ID": "b", "DURATION_MS": "180000", "POSITION_MS": "2000"],
            .playing(positionSeconds: 2, durationSeconds: 180)
        ),
        ("librespot 0.3 change", ["PLAYER_EVENT": "change", "TRACK_ID": "b"], .trackChanged(Track(title: ""))),
        ("librespot 0.3 stop", ["PLAYER_EVENT": "stop", "TRACK_ID": "b"], .stopped),
        (
            "spotifyd change",
            ["PLAYER_EVENT": "change", "TRACK_NAME": "Song", "TRACK_DURATION": "123000", "TRACK_ID": "b"],
            .trackChanged(Track(title: "Song", durationSeconds: 123))
        ),
        (
            "spotifyd start", ["PLAYER_EVENT": "start", "POSITION_MS": "4000"],
            .playing(positionSeconds: 4, durationSeconds: nil)
        ),
        (
            "spotifyd pause", ["PLAYER_EVENT": "pause", "POSITION_MS": "4000"],
            .paused(positionSeconds: 4, durationSeconds: nil)
        ),
        (
            "spotifyd positioncorrection", ["PLAYER_EVENT": "positioncorrection", "POSITION_MS": "7"],
            .seeked(positionSeconds: 0.007)
        ),
        ("spotifyd sessiondisconnected", ["PLAYER_EVENT": "sessiondisconnected"], .stopped),
        ("a future event", ["PLAYER_EVENT": "something_new"], .ignored("something_new")),
    ])
    func readsTheEventOfEachVersion(name: String, environment: [String: String], expected: LibrespotEvent) throws {
        #expect(try LibrespotEvent.parse(environment: environment) == expected, "\(name)")
    }

    @Test(arguments: [
        ("negative", "POSITION_MS", "-5"),
        ("fraction", "POSITION_MS", "1.5"),
        ("words", "POSITION_MS", "soon"),
        ("sign", "POSITION_MS", "+5"),
        ("beyond a day", "POSITION_MS", "86400001"),
        ("beyond UInt64", "DURATION_MS", "99999999999999999999999"),
        ("spaces", "DURATION_MS", " 5"),
    ])
    func refusesMillisecondsThatAreNotOne(name: String, variable: String, value: String) {
        let event = variable == "POSITION_MS" ? "playing" : "track_changed"
        #expect(
            throws: LibrespotEventError.invalidMilliseconds(variable: variable, value: value, event: event), "\(name)"
        ) {
            try LibrespotEvent.parse(environment: ["PLAYER_EVENT": event, variable: value])
        }
    }

    @Test func namesTheVariableAndValueInItsMessage() {
        let error = LibrespotEventError.invalidMilliseconds(
            variable: "POSITION_MS", value: "soon\u{1B}[2J", event: "playing")
        #expect(
            error.description
                == "POSITION_MS='soon?[2J' in event 'playing' is not a number of milliseconds (expected 0-86400000)")
        #expect(throws: LibrespotEventError.missingEvent) { try LibrespotEvent.parse(environment: ["NAME": "x"]) }
    }

    @Test func aNewTrackSendsItsTagsAndLyricsAndANamelessOneClearsTheOld() {
        let named = LibrespotEvent.trackChanged(Track(title: "T", artist: "A", album: "B", durationSeconds: 61))
        let lines = named.commands(lyrics: { _ in "[00:01.00]la\n" }).flatMap(\.lines)
        #expect(
            lines == ["title T", "artist A", "album B", "duration 61", "lyrics begin", "[00:01.000]la", "lyrics end"])
        var asked = false
        let nameless = LibrespotEvent.trackChanged(Track(title: "")).commands(lyrics: { _ in
            asked = true
            return nil
        })
        #expect(nameless.flatMap(\.lines) == ["title", "artist", "album", "lyrics clear"])
        #expect(!asked)
    }

    @Test func playAndPauseCarryThePosition() {
        #expect(
            LibrespotEvent.playing(positionSeconds: 2, durationSeconds: 180).commands(lyrics: { _ in nil }).flatMap(
                \.lines)
                == ["duration 180", "play", "position 2"])
        #expect(
            LibrespotEvent.paused(positionSeconds: nil, durationSeconds: nil).commands(lyrics: { _ in nil }) == [.pause]
        )
        #expect(LibrespotEvent.ignored("volume_changed").commands(lyrics: { _ in nil }).isEmpty)
    }
}

/// `tickerctl follow librespot` run as librespot runs it: a process per event, its environment set, writing a
/// real FIFO.
struct LibrespotHookProcessTests {
    /// Runs the hook with `environment` and waits (bounded) for it to end.
    func hook(_ environment: [String: String], arguments: [String]) throws -> Child {
        let child = try Child(
            name: "tickerctl", executable: try BuiltProducts.tickerctl(),
            arguments: ["follow", "librespot"] + arguments,
            environment: environment)
        try child.wait("the hook's exit", timeout: .seconds(10)) { child.termination != nil }
        return child
    }

    @Test func passesASessionOfEventsOnToTheFeed() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        try directory.write("lyrics/Andreas Scholl - Stabat Mater.lrc", "[00:00.00]Stabat mater dolorosa\n")
        let arguments = ["--feed", feed.path, "--lyrics-dir", directory.file("lyrics")]
        let events: [([String: String], [String])] = [
            (["PLAYER_EVENT": "session_connected", "USER_NAME": "u", "CONNECTION_ID": "c"], []),
            (
                [
                    "PLAYER_EVENT": "track_changed", "NAME": "Stabat Mater", "ARTISTS": "Andreas Scholl",
                    "ALBUM": "Pergolesi",
                    "DURATION_MS": "200000", "ITEM_TYPE": "Track", "TRACK_ID": "6rqhFgbbKwnb9MLmUQDhG6",
                ],
                [
                    "title Stabat Mater", "artist Andreas Scholl", "album Pergolesi", "duration 200", "lyrics begin",
                    "[00:00.000]Stabat mater dolorosa", "lyrics end",
                ]
            ),
            (["PLAYER_EVENT": "playing", "TRACK_ID": "x", "POSITION_MS": "0"], ["play", "position 0"]),
            (["PLAYER_EVENT": "seeked", "TRACK_ID": "x", "POSITION_MS": "42500"], ["position 42.5"]),
            (["PLAYER_EVENT": "paused", "TRACK_ID": "x", "POSITION_MS": "43000"], ["pause", "position 43"]),
            (
                ["PLAYER_EVENT": "changed", "OLD_TRACK_ID": "x", "TRACK_ID": "y"],
                ["title", "artist", "album", "lyrics clear"]
            ),
            (["PLAYER_EVENT": "stopped", "TRACK_ID": "y"], ["stop"]),
        ]
        for (environment, expected) in events {
            let child = try hook(environment, arguments: arguments)
            #expect(child.termination == .exited(0), "\(environment): \(child.tail)")
            guard let last = expected.last else { continue }
            let lines = try feed.waitFor(line: last)
            #expect(lines == expected, "\(environment)")
        }
        // The ignored event wrote nothing: the first line read was the track's title.
        #expect(feed.lines.first == "title Stabat Mater")
    }

    /// Given `--feed` once per panel, the hook writes every feed the same lines; a feed with no daemon (and one
    /// that does not exist) stops none of the others, and each is told once, with exit status 1.
    @Test func writesEveryFeedWhateverBecomesOfTheOthers() throws {
        let directory = try TemporaryDirectory()
        let kitchen = try FeedTap(path: directory.file("kitchen"))
        let lounge = try FeedTap(path: directory.file("lounge"))
        let missing = directory.file("hall")
        guard mkfifo(directory.file("attic"), 0o600) == 0 else { throw TestFailure("mkfifo: errno \(errno)") }
        let unread = directory.file("attic")
        let arguments = [
            "--feed", kitchen.path, "--feed", missing, "--feed", unread, "--feed", lounge.path, "--offline",
        ]
        let child = try hook(Self.trackChanged("Both"), arguments: arguments)
        let expected = ["title Both", "artist The Testers", "album Tests", "duration 180", "lyrics clear"]
        #expect(try kitchen.waitFor(line: "lyrics clear") == expected)
        #expect(try lounge.waitFor(line: "lyrics clear") == expected)
        #expect(child.termination == .exited(1), "\(child.tail)")
        let told = child.lines.joined(separator: "\n")
        #expect(told.components(separatedBy: "'\(missing)' does not exist").count == 2, "\(told)")
        #expect(told.components(separatedBy: "no tickerd is reading '\(unread)'").count == 2, "\(told)")

        // With every daemon there, the hook succeeds.
        let played = try hook(
            ["PLAYER_EVENT": "playing", "POSITION_MS": "1000"],
            arguments: ["--feed", kitchen.path, "--feed", lounge.path])
        #expect(played.termination == .exited(0), "\(played.tail)")
        #expect(try kitchen.waitFor(line: "position 1") == ["play", "position 1"])
        #expect(try lounge.waitFor(line: "position 1") == ["play", "position 1"])
    }

    /// A track change, as librespot 0.7 passes it.
    static func trackChanged(_ name: String) -> [String: String] {
        [
            "PLAYER_EVENT": "track_changed", "NAME": name, "ARTISTS": "The Testers", "ALBUM": "Tests",
            "DURATION_MS": "180000", "ITEM_TYPE": "Track",
        ]
    }

    /// Starts the hook without waiting for it: a lyrics lookup it leaves behind keeps its standard error open.
    func startHook(_ environment: [String: String], arguments: [String]) throws -> Child {
        try Child(
            name: "tickerctl", executable: try BuiltProducts.tickerctl(),
            arguments: ["follow", "librespot"] + arguments,
            environment: environment)
    }

    /// Waits (bounded) until process `pid` has exited, without reaping it (`waitid` with `WNOWAIT`): the
    /// hook's end is not visible on its pipes while the lookup it started holds them.
    func waitForExit(of pid: pid_t, _ what: String) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid
            {
                return
            }
            guard ContinuousClock.now < deadline else { throw TestFailure("\(what) did not exit within 10 s") }
            var none = pollfd(fd: -1, events: 0, revents: 0)
            _ = poll(&none, 1, 5)
        }
    }

    static func release(_ server: LRCLIBStandin) throws {
        try Child.run(
            "/usr/bin/python3",
            ["-c", "import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()", server.url + "/release"])
    }

    @Test func asksTheServerAfterExitingAndSendsTheLyricsWhenTheyCome() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let server = try LRCLIBStandin()
        let arguments = ["--feed", feed.path, "--lyrics-server", server.url, "--lyrics-cache", directory.file("cache")]
        let first = try startHook(Self.trackChanged("Held"), arguments: arguments)
        let now = try feed.waitFor(line: "lyrics clear")
        #expect(now == ["title Held", "artist The Testers", "album Tests", "duration 180", "lyrics clear"])
        try server.waitForRequest("/api/get", for: "Held")
        try waitForExit(of: first.pid, "the hook, while its lookup waits for the server,")

        try Self.release(server)
        let later = try feed.waitFor(line: "lyrics end")
        #expect(later.contains("[00:00.500]Words from the server"), "\(later)")
        try first.wait("the lookup's end") { first.termination != nil }
        #expect(first.termination == .exited(0), "\(first.tail)")

        // The same track again: its lyrics come from the cache, with the title, and the server is not asked.
        let again = try hook(Self.trackChanged("Held"), arguments: arguments)
        #expect(again.termination == .exited(0), "\(again.tail)")
        let cached = try feed.waitFor(line: "lyrics end")
        #expect(cached.first == "title Held" && cached.contains("[00:00.500]Words from the server"), "\(cached)")
        #expect(try server.requests(for: "Held").count == 1)
    }

    @Test func lyricsThatArriveAfterTheTrackChangedAreNotSent() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let server = try LRCLIBStandin()
        let arguments = ["--feed", feed.path, "--lyrics-server", server.url, "--lyrics-cache", directory.file("cache")]
        let held = try startHook(Self.trackChanged("Held"), arguments: arguments)
        try feed.waitFor(line: "lyrics clear")
        try server.waitForRequest("/api/get", for: "Held")

        let next = try hook(Self.trackChanged("Missing"), arguments: arguments)
        #expect(next.termination == .exited(0), "\(next.tail)")
        try feed.waitFor(line: "title Missing")
        try Self.release(server)
        try held.wait("the late lyrics to be refused") { held.errors.contains("arrived after the track changed") }
        try held.wait("the lookup's end") { held.termination != nil }

        let stop = try hook(["PLAYER_EVENT": "stopped"], arguments: arguments)
        #expect(stop.termination == .exited(0))
        let rest = try feed.waitFor(line: "stop")
        #expect(!rest.contains { $0.contains("Words from the server") }, "\(rest)")
    }

    @Test func saysWhatIsWrongAndExitsWithoutADaemon() throws {
        let directory = try TemporaryDirectory()
        let missing = try hook(
            ["PLAYER_EVENT": "playing", "POSITION_MS": "5"], arguments: ["--feed", directory.file("feed")])
        #expect(missing.termination == .exited(1))
        #expect(missing.errors.contains("feed '\(directory.file("feed"))' does not exist"), "\(missing.errors)")

        // A FIFO nobody reads: the open must fail at once rather than wait for a reader.
        guard mkfifo(directory.file("fifo"), 0o600) == 0 else { throw TestFailure("mkfifo: errno \(errno)") }
        let unread = try hook(["PLAYER_EVENT": "stopped"], arguments: ["--feed", directory.file("fifo")])
        #expect(unread.termination == .exited(1))
        #expect(unread.errors.contains("no tickerd is reading"), "\(unread.errors)")

        let ignored = try hook(
            ["PLAYER_EVENT": "volume_changed", "VOLUME": "5"], arguments: ["--feed", directory.file("feed")])
        #expect(ignored.termination == .exited(0), "an ignored event does not need the feed: \(ignored.tail)")
    }

    @Test func refusesToRunWithoutAnEventOrWithABadValue() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let none = try hook([:], arguments: ["--feed", feed.path])
        #expect(none.termination == .exited(2))
        #expect(none.errors.contains("PLAYER_EVENT is not set"), "\(none.errors)")
        let bad = try hook(["PLAYER_EVENT": "paused", "POSITION_MS": "later"], arguments: ["--feed", feed.path])
        #expect(bad.termination == .exited(1))
        #expect(bad.errors.contains("POSITION_MS='later' in event 'paused'"), "\(bad.errors)")
    }
}
