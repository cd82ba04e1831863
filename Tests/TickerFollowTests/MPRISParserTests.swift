import Testing

@testable import TickerFollow

/// Output as playerctl writes it for `PlayerctlOutputParser.format`.
enum PlayerctlOutput {
    static func record(
        _ status: String, player: String = "", position: String = "0", length: String = "", url: String = "",
        title: String = "", artist: String = "", album: String = "", artURL: String = ""
    ) -> String {
        "\u{1D}"
            + [player, status, position, length, url, title, artist, album, artURL].joined(separator: "\u{1F}")
            + "\u{1E}\n"
    }
}

struct PlayerctlOutputParserTests {
    func parse(_ bytes: [UInt8], chunk: Int, maxRecordBytes: Int = 1024) -> (reports: [PlayerctlReport], dropped: Int) {
        var parser = PlayerctlOutputParser(maxRecordBytes: maxRecordBytes)
        var reports: [PlayerctlReport] = []
        var offset = 0
        while offset < bytes.count {
            parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
            offset += chunk
            while let report = parser.next() { reports.append(report) }
        }
        return (reports, parser.droppedRecords)
    }

    static let song = PlayerctlRecord(
        status: "Playing", position: "1500000", length: "30000000", url: "file:///m/a.flac", title: "Song",
        artist: "A, B", album: "Album")
    static let songText = PlayerctlOutput.record(
        "Playing", position: "1500000", length: "30000000", url: "file:///m/a.flac", title: "Song", artist: "A, B",
        album: "Album")

    @Test(arguments: [
        ("a whole record", songText, [PlayerctlReport.player(song)], 0),
        ("an empty line: no player left", songText + "\n", [.player(song), .noPlayer], 0),
        ("an empty line at the start", "\n" + songText, [.noPlayer, .player(song)], 0),
        (
            "a newline inside the title stays in the field",
            PlayerctlOutput.record("Paused", title: "Two\nlines"),
            [.player(PlayerctlRecord(status: "Paused", position: "0", title: "Two\nlines"))], 0
        ),
        (
            "text outside a frame is ignored, and is not an empty line",
            "No players found\ngarbage\r\n" + songText, [.player(song)], 0
        ),
        (
            "a frame cut off by the next one is dropped",
            "\u{1D}Playing\u{1F}12" + songText, [.player(song)], 1
        ),
        (
            "a frame with too few fields is dropped",
            "\u{1D}Playing\u{1F}1\u{1F}2\u{1E}\n" + songText, [.player(song)], 1
        ),
        (
            "a separator in a title makes too many fields: dropped",
            PlayerctlOutput.record("Playing", title: "a\u{1F}b") + songText, [.player(song)], 1
        ),
        ("an end marker with nothing before it is dropped", "\u{1E}\n\u{1E}\u{1D}\u{1E}\n", [], 1),
        ("a record without the trailing newline still counts", String(songText.dropLast()), [.player(song)], 0),
        (
            "mpris:artUrl is the last field",
            PlayerctlOutput.record("Playing", title: "T", artURL: "file:///c.png"),
            [.player(PlayerctlRecord(status: "Playing", position: "0", title: "T", artURL: "file:///c.png"))], 0
        ),
        (
            "a record of the format before it, without the art URL, still counts",
            "\u{1D}\u{1F}Paused\u{1F}0\u{1F}\u{1F}\u{1F}Old\u{1F}\u{1F}\u{1E}\n",
            [.player(PlayerctlRecord(status: "Paused", position: "0", title: "Old"))], 0
        ),
        (
            "the player's instance comes first",
            PlayerctlOutput.record("Paused", player: "chromium.instance42", title: "T"),
            [.player(PlayerctlRecord(player: "chromium.instance42", status: "Paused", position: "0", title: "T"))], 0
        ),
    ])
    func readsFramedRecords(name: String, text: String, expected: [PlayerctlReport], dropped: Int) {
        for chunk in [1, 3, 4096] {
            let result = parse(Array(text.utf8), chunk: chunk)
            #expect(result.reports == expected, "\(name), chunks of \(chunk)")
            #expect(result.dropped == dropped, "\(name), chunks of \(chunk)")
        }
    }

    @Test func dropsAnOversizedRecordWithoutBufferingIt() {
        let huge =
            "\u{1D}Playing" + String(repeating: "\u{1F}", count: 6) + String(repeating: "x", count: 100_000)
            + "\u{1E}\n"
        let result = parse(Array((huge + Self.songText).utf8), chunk: 4096, maxRecordBytes: 1024)
        #expect(result.reports == [.player(Self.song)])
        #expect(result.dropped == 1)
    }

    @Test func turnsInvalidUTF8IntoReplacementCharacters() {
        var bytes: [UInt8] = [0x1D, 0x1F] + Array("Playing".utf8)
        bytes += [0x1F, 0x30, 0x1F, 0x1F, 0x1F, 0xFF, 0xC3, 0x1F, 0x1F, 0x1E, 0x0A]
        let result = parse(bytes, chunk: 2)
        #expect(
            result.reports == [.player(PlayerctlRecord(status: "Playing", position: "0", title: "\u{FFFD}\u{FFFD}"))])
    }

    @Test func survivesEveryByteValue() {
        var bytes: [UInt8] = []
        for round in 0..<8 {
            for value in 0...255 { bytes.append(UInt8(truncatingIfNeeded: value &* (round * 2 + 1))) }
        }
        let result = parse(bytes + Array(Self.songText.utf8), chunk: 5, maxRecordBytes: 64)
        #expect(result.reports.last == .player(Self.song))
    }
}

struct MPRISSnapshotTests {
    @Test(arguments: [
        ("Playing", PlaybackState.play), ("Paused", .pause), ("Stopped", .stop), ("", .stop), ("Buffering", .stop),
    ])
    func mapsPlaybackStatus(status: String, expected: PlaybackState) {
        let snapshot = MPRISSnapshot.make(
            .player(PlayerctlRecord(status: status, title: "x")), musicDirectory: nil, now: .seconds(0))
        #expect(snapshot.state == expected)
    }

    @Test func readsMicrosecondsAndTheTrack() {
        let record = PlayerctlRecord(
            status: "Playing", position: "12500000", length: "245000000", url: "https://radio.example/stream",
            title: "Song", artist: "A, B", album: "Album")
        let snapshot = MPRISSnapshot.make(.player(record), musicDirectory: "/srv/music", now: .seconds(100))
        #expect(
            snapshot.track
                == Track(
                    title: "Song", artist: "A, B", album: "Album", durationSeconds: 245,
                    file: "https://radio.example/stream"))
        #expect(snapshot.position == PlaybackPosition(seconds: 12.5, at: .seconds(100)))
    }

    @Test func noPlayerAndAnEmptyPlayerMeanNoTrack() {
        #expect(
            MPRISSnapshot.make(.noPlayer, musicDirectory: nil, now: .seconds(0))
                == PlayerSnapshot(track: nil, state: .stop))
        let empty = MPRISSnapshot.make(
            .player(PlayerctlRecord(status: "Stopped", position: "0")), musicDirectory: nil, now: .seconds(0))
        #expect(empty.track == nil)
    }

    @Test(arguments: [
        ("digits", "30000000", 30.0 as Double?), ("a double", "1500000.0", 1.5), ("empty", "", nil),
        ("negative", "-5", nil),
        ("garbage", "12abc", nil), ("infinite", "inf", nil), ("not a number", "nan", nil),
        ("absurdly long", String(repeating: "9", count: 40), nil),
    ])
    func readsMicrosecondsDefensively(name: String, text: String, expected: Double?) {
        #expect(MPRISSnapshot.seconds(micros: text) == expected, "\(name)")
    }

    @Test(arguments: [
        (
            "inside the music directory", "file:///srv/music/Artist/Album/01%20Song.flac",
            "Artist/Album/01 Song.flac" as String?
        ),
        ("localhost form", "file://localhost/srv/music/a.flac", "a.flac"),
        ("query dropped", "file:///srv/music/a.flac?t=3", "a.flac"),
        ("outside the music directory", "file:///home/me/a.flac", "file:///home/me/a.flac"),
        ("a prefix that is not a directory boundary", "file:///srv/musicbox/a.flac", "file:///srv/musicbox/a.flac"),
        ("another host", "file://nas/srv/music/a.flac", "file://nas/srv/music/a.flac"),
        ("a bad escape", "file:///srv/music/a%zz.flac", "file:///srv/music/a%zz.flac"),
        ("an escaped NUL", "file:///srv/music/a%00.flac", "file:///srv/music/a%00.flac"),
        ("invalid UTF-8", "file:///srv/music/a%FF.flac", "file:///srv/music/a%FF.flac"),
        ("a stream", "https://radio.example/stream", "https://radio.example/stream"),
        ("not a URL", "/srv/music/a.flac", nil),
    ])
    func findsTheSidecarPathOfLocalFiles(name: String, url: String, file: String?) {
        let record = PlayerctlRecord(status: "Playing", url: url, title: "t")
        let snapshot = MPRISSnapshot.make(.player(record), musicDirectory: "/srv/music/", now: .seconds(0))
        #expect(snapshot.track?.file == file, "\(name)")
    }

    @Test(arguments: [
        ("mpv's file name, inside the music directory", "file:///srv/music/A/b%20side.flac", "b side.flac", true),
        ("the decoded file name outside it", "file:///home/me/My%20Song.ogg", "My Song.ogg", true),
        ("no title: the name without extension stands in", "file:///home/me/My%20Song.ogg", "", true),
        ("a stream's last path segment", "https://radio.example/live/stream.mp3?x=1", "stream.mp3", true),
        ("a stream's URL", "https://radio.example/live", "https://radio.example/live", true),
        ("a real title", "file:///srv/music/A/b%20side.flac", "Song B", false),
        ("another file's name", "file:///srv/music/A/b%20side.flac", "a side.flac", false),
    ])
    func tellsAPlaceholderFromATitle(name: String, url: String, title: String, placeholder: Bool) {
        let record = PlayerctlRecord(status: "Playing", url: url, title: title)
        let track = MPRISSnapshot.make(.player(record), musicDirectory: "/srv/music", now: .seconds(0)).track
        #expect(track.map(MPRISSnapshot.isPlaceholder) == placeholder, "\(name)")
    }

    @Test func anArtistAlbumOrLengthIsMoreThanAPlaceholder() {
        let url = "file:///srv/music/b.flac"
        for record in [
            PlayerctlRecord(status: "Playing", url: url, title: "b.flac", artist: "A"),
            PlayerctlRecord(status: "Playing", url: url, title: "b.flac", album: "B"),
            PlayerctlRecord(status: "Playing", length: "1000000", url: url, title: "b.flac"),
        ] {
            let track = MPRISSnapshot.make(.player(record), musicDirectory: nil, now: .seconds(0)).track
            #expect(track.map(MPRISSnapshot.isPlaceholder) == false, "\(record)")
        }
        #expect(!MPRISSnapshot.isPlaceholder(Track(title: "Song")), "no file at all")
    }

    @Test func namesAnUntitledLocalFileAfterItsFile() {
        let record = PlayerctlRecord(status: "Playing", url: "file:///home/me/My%20Song.ogg")
        #expect(MPRISSnapshot.make(.player(record), musicDirectory: nil, now: .seconds(0)).track?.title == "My Song")
    }
}

struct MPRISUpdateFilterTests {
    static let song = Track(title: "Song", artist: "A", durationSeconds: 200)

    static func playing(_ position: Double, at now: Duration, track: Track? = song, state: PlaybackState = .play)
        -> PlayerSnapshot
    {
        PlayerSnapshot(track: track, state: state, position: PlaybackPosition(seconds: position, at: now))
    }

    @Test func passesChangesAndSeeksButNotTheEverySecondRepeats() {
        var filter = MPRISUpdateFilter(toleranceSeconds: 1, refreshSeconds: 5)
        #expect(filter.reason(for: Self.playing(10, at: .seconds(100)), now: .seconds(100)) == .change)
        // playerctl repeats the state every second; the feed's clock already says the same.
        #expect(filter.reason(for: Self.playing(11.02, at: .seconds(101)), now: .seconds(101)) == nil)
        #expect(filter.reason(for: Self.playing(12.01, at: .seconds(102)), now: .seconds(102)) == nil)
        // A seek.
        #expect(filter.reason(for: Self.playing(60, at: .seconds(103)), now: .seconds(103)) == .change)
        #expect(filter.reason(for: Self.playing(61, at: .seconds(104)), now: .seconds(104)) == nil)
        // The periodic refresh, five seconds after the last update.
        #expect(filter.reason(for: Self.playing(65, at: .seconds(108)), now: .seconds(108)) == .tick)
        #expect(filter.reason(for: Self.playing(66, at: .seconds(109)), now: .seconds(109)) == nil)
        // Pause, a repeat while paused, a new track, no player.
        #expect(
            filter.reason(for: Self.playing(66.5, at: .seconds(109.5), state: .pause), now: .seconds(109.5)) == .change)
        #expect(filter.reason(for: Self.playing(66.5, at: .seconds(120), state: .pause), now: .seconds(120)) == nil)
        #expect(
            filter.reason(for: Self.playing(0, at: .seconds(121), track: Track(title: "Next")), now: .seconds(121))
                == .change)
        #expect(filter.reason(for: PlayerSnapshot(track: nil, state: .stop), now: .seconds(122)) == .change)
        #expect(filter.reason(for: PlayerSnapshot(track: nil, state: .stop), now: .seconds(123)) == nil)
    }

    @Test func holdsAPlaceholderBackUntilTheTitleComesOrTheHoldEnds() {
        var filter = MPRISUpdateFilter(holdSeconds: 1)
        let placeholder = Track(title: "b.flac", file: "file:///m/b.flac")
        let named = Track(title: "Song B", artist: "Y", durationSeconds: 60, file: "file:///m/b.flac")
        #expect(filter.reason(for: Self.playing(10, at: .seconds(100)), now: .seconds(100)) == .change)
        // mpv's first report after `next`: held back, the old track stays on the panel.
        #expect(filter.reason(for: Self.playing(0, at: .seconds(101), track: placeholder), now: .seconds(101)) == nil)
        #expect(filter.heldUntil == .seconds(102))
        #expect(filter.release(now: .seconds(101.9)) == nil)
        // The tags arrive: the named track goes through and nothing is held any more.
        #expect(
            filter.reason(for: Self.playing(0.1, at: .seconds(101.1), track: named), now: .seconds(101.1)) == .change)
        #expect(filter.heldUntil == nil)
        #expect(filter.release(now: .seconds(103)) == nil)

        // A stream that never says more is shown as it is once the hold ends, counted from its first report.
        let stream = Track(title: "stream", file: "https://radio.example/stream")
        #expect(filter.reason(for: Self.playing(0, at: .seconds(110), track: stream), now: .seconds(110)) == nil)
        #expect(filter.reason(for: Self.playing(0.5, at: .seconds(110.5), track: stream), now: .seconds(110.5)) == nil)
        #expect(filter.release(now: .seconds(110.99)) == nil)
        let released = filter.release(now: .seconds(111))
        #expect(released?.snapshot.track == stream)
        #expect(released?.reason == .change)
        // Once shown, its repeats are no placeholder for a new track: they pass as usual.
        #expect(filter.reason(for: Self.playing(1.5, at: .seconds(111.5), track: stream), now: .seconds(111.5)) == nil)
        #expect(filter.heldUntil == nil)
    }

    @Test func holdsAnotherFileUnderTheOldTracksNames() {
        var filter = MPRISUpdateFilter(holdSeconds: 1)
        let first = Track(title: "Song A", artist: "Alpha", durationSeconds: 60, file: "file:///m/a.flac")
        #expect(filter.reason(for: Self.playing(20, at: .seconds(100), track: first), now: .seconds(100)) == .change)
        // mpv has moved to the next file but still reports the old tags.
        var moved = first
        moved.file = "file:///m/b.flac"
        #expect(filter.reason(for: Self.playing(0, at: .seconds(100.1), track: moved), now: .seconds(100.1)) == nil)
        let second = Track(title: "Song B", artist: "Beta", durationSeconds: 60, file: "file:///m/b.flac")
        #expect(
            filter.reason(for: Self.playing(0.2, at: .seconds(100.2), track: second), now: .seconds(100.2)) == .change)
        // The same song in two files is shown once the hold ends.
        var copy = second
        copy.file = "file:///m/b copy.flac"
        #expect(filter.reason(for: Self.playing(0, at: .seconds(110), track: copy), now: .seconds(110)) == nil)
        #expect(filter.release(now: .seconds(111))?.snapshot.track == copy)
    }

    @Test func passesALengthLearntLaterAndEverythingAfterReset() {
        var filter = MPRISUpdateFilter()
        let unknown = Track(title: "Song", artist: "A")
        #expect(filter.reason(for: Self.playing(1, at: .seconds(1), track: unknown), now: .seconds(1)) == .change)
        #expect(filter.reason(for: Self.playing(2, at: .seconds(2), track: Self.song), now: .seconds(2)) == .change)
        filter.reset()
        #expect(filter.reason(for: Self.playing(3, at: .seconds(3)), now: .seconds(3)) == .change)
    }
}
