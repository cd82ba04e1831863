import Testing
import TickerCore
import TickerFollow
import TickerIO
import TickerTestSupport

@testable import tickerctl

struct FollowCommandTests {
    static func covers(side: Int, cache: String?) -> LyricsLibraryOptions {
        var options = LyricsLibraryOptions()
        options.coverSide = side
        options.coverCacheDirectory = cache
        return options
    }

    @Test func coversNeedASideAndAreTurnedOffWithNoCovers() throws {
        let on = try FollowCommand.parse(["mpd", "--cover-side", "16"], environment: [:])
        #expect(on.lyrics?.covers(boxSide: nil) == CoverSettings(side: 16))
        #expect(on.lyrics?.covers(boxSide: 32) == CoverSettings(side: 16), "the option before the config's box")
        let off = try FollowCommand.parse(["mpd", "--cover-side", "16", "--no-covers"], environment: [:])
        #expect(off.lyrics?.covers(boxSide: 32) == nil)
        #expect(try FollowCommand.parse(["mpd"], environment: [:]).lyrics?.covers(boxSide: nil) == nil)
    }

    /// Without `--cover-side`, the side of the cover box the configuration's `layout.cover` gives its panel.
    @Test func theCoverSideComesFromTheConfigurationsCoverBox() throws {
        let options = try #require(try FollowCommand.parse(["mpd"], environment: [:]).lyrics)
        func config(_ text: String) throws -> Config { try Config.parse(text: text, file: "t.conf").get() }
        let left = try config("[panel]\nwidth = 64\nheight = 32\ndepth = rgb\n[layout]\ncover = left\nzones = split\n")
        #expect(LyricsOptions.covers(options, config: left)?.side == 32)
        let above = try config("[panel]\nwidth = 64\nheight = 64\ndepth = rgb\n[layout]\ncover = above\n")
        #expect(LyricsOptions.covers(options, config: above)?.side == 47)
        let off = try config("[panel]\nwidth = 64\nheight = 32\ndepth = rgb\n")
        #expect(LyricsOptions.covers(options, config: off) == nil, "no cover box: no covers")
        #expect(LyricsOptions.covers(options, config: nil) == nil)
    }

    @Test(arguments: [
        (
            "defaults", ["mpd"], [:],
            FollowCommand.mpd(
                endpoint: .tcp(host: "localhost", port: 6600), password: nil,
                feedPaths: ["/run/tickerd/feed"], lyrics: LyricsLibraryOptions())
        ),
        (
            "environment", ["follow", "mpd"], ["MPD_HOST": "secret@music.lan", "MPD_PORT": "6601"],
            .mpd(
                endpoint: .tcp(host: "music.lan", port: 6601), password: "secret", feedPaths: ["/run/tickerd/feed"],
                lyrics: LyricsLibraryOptions())
        ),
        (
            "socket", ["mpd", "--socket", "/run/mpd/socket", "--music-dir=/srv/music", "--feed", "/tmp/f"], [:],
            .mpd(
                endpoint: .unix(path: "/run/mpd/socket"), password: nil, feedPaths: ["/tmp/f"],
                lyrics: LyricsLibraryOptions(musicDirectory: "/srv/music"))
        ),
        (
            "shairport", ["shairport", "--lyrics-dir", "/srv/lrc"], [:],
            .shairport(
                pipePath: "/tmp/shairport-sync-metadata", feedPaths: ["/run/tickerd/feed"],
                lyrics: LyricsLibraryOptions(lyricsDirectory: "/srv/lrc"))
        ),
        (
            "mpris defaults", ["mpris"], [:],
            .mpris(
                player: nil, playerctl: "playerctl", feedPaths: ["/run/tickerd/feed"], lyrics: LyricsLibraryOptions())
        ),
        (
            "mpris with a player and both lyrics sources",
            [
                "follow", "mpris", "--player=spotify", "--music-dir", "/srv/music", "--lyrics-dir", "/srv/lrc",
                "--playerctl", "/opt/bin/playerctl", "--feed", "/tmp/f",
            ], [:],
            .mpris(
                player: "spotify", playerctl: "/opt/bin/playerctl", feedPaths: ["/tmp/f"],
                lyrics: LyricsLibraryOptions(musicDirectory: "/srv/music", lyricsDirectory: "/srv/lrc"))
        ),
        (
            "librespot", ["follow", "librespot", "--lyrics-dir", "/srv/lrc"], [:],
            .librespot(feedPaths: ["/run/tickerd/feed"], lyrics: LyricsLibraryOptions(lyricsDirectory: "/srv/lrc"))
        ),
        (
            "lms defaults", ["lms", "--host", "music.lan"], [:],
            .lms(
                host: "music.lan", port: 9090, player: nil, feedPaths: ["/run/tickerd/feed"],
                lyrics: LyricsLibraryOptions())
        ),
        (
            "lms with a player",
            ["lms", "--host=::1", "--port", "9000", "--player", "00:04:20:12:34:56", "--feed", "/tmp/f"], [:],
            .lms(
                host: "::1", port: 9000, player: "00:04:20:12:34:56", feedPaths: ["/tmp/f"],
                lyrics: LyricsLibraryOptions()
            )
        ),
        (
            "one follower for every panel",
            ["mpd", "--feed", "/run/tickerd/kitchen/feed", "--feed=/run/tickerd/lounge/feed"],
            [:],
            .mpd(
                endpoint: .tcp(host: "localhost", port: 6600), password: nil,
                feedPaths: ["/run/tickerd/kitchen/feed", "/run/tickerd/lounge/feed"], lyrics: LyricsLibraryOptions())
        ),
        (
            "the librespot hook for two panels", ["librespot", "--feed", "/run/tickerd/feed", "--feed", "/tmp/f"], [:],
            .librespot(feedPaths: ["/run/tickerd/feed", "/tmp/f"], lyrics: LyricsLibraryOptions())
        ),
        (
            "covers, and Lyrion's web interface",
            ["lms", "--host", "h", "--http-port", "9002", "--cover-side", "32", "--cover-cache", "/tmp/c"], [:],
            .lms(
                host: "h", port: 9090, player: nil, feedPaths: ["/run/tickerd/feed"],
                lyrics: Self.covers(side: 32, cache: "/tmp/c"), httpPort: 9002)
        ),
        (
            "the librespot copy that fetches the cover", ["librespot", "--cover-side", "8", "--fetch-cover"], [:],
            .librespot(
                feedPaths: ["/run/tickerd/feed"], lyrics: Self.covers(side: 8, cache: nil), fetchCover: true)
        ),
    ])
    func parses(name: String, arguments: [String], environment: [String: String], expected: FollowCommand) throws {
        #expect(try FollowCommand.parse(arguments, environment: environment) == expected, "\(name)")
    }

    @Test(arguments: [
        ("no player", [String](), "missing player (expected one of: mpd, shairport, mpris, librespot, lms, mqtt)"),
        (
            "unknown player", ["winamp"],
            "unknown player 'winamp' (expected one of: mpd, shairport, mpris, librespot, lms, mqtt)"
        ),
        ("bad port", ["mpd", "--port", "99999"], "invalid port '99999' (expected 1-65535)"),
        (
            "option of another mode", ["shairport", "--host", "x"],
            "unknown option '--host' for 'follow shairport' (expected one of: --config, --cover-cache, --cover-side, --feed, --lyrics-cache, --lyrics-dir, --lyrics-server, --no-covers, --offline, --pipe)"
        ),
        ("missing value", ["mpd", "--feed"], "option '--feed' needs a value (the feed pipe's path)"),
        ("empty player", ["mpris", "--player="], "option '--player' needs a value (a player name)"),
        (
            "mpd option for mpris", ["mpris", "--socket", "/run/mpd/socket"],
            "unknown option '--socket' for 'follow mpris' (expected one of: --config, --cover-cache, --cover-side, --feed, --lyrics-cache, --lyrics-dir, --lyrics-server, --music-dir, --no-covers, --offline, --player, --playerctl)"
        ),
        (
            "server that is not a URL", ["mpd", "--lyrics-server", "lrclib.net"],
            "invalid --lyrics-server 'lrclib.net' (expected an http:// or https:// URL)"
        ),
        (
            "lms without a host", ["lms", "--player", "Kitchen"],
            "'follow lms' needs '--host' (the media server's host name or address)"
        ),
        ("lms bad port", ["lms", "--host", "h", "--port", "0"], "invalid port '0' (expected 1-65535)"),
        ("a cover too large", ["mpd", "--cover-side", "65"], "invalid --cover-side '65' (expected 1 to 64 pixels)"),
        ("a cover of no side", ["mpris", "--cover-side", "0"], "invalid --cover-side '0' (expected 1 to 64 pixels)"),
        (
            "music dir for librespot", ["librespot", "--music-dir", "/srv"],
            "unknown option '--music-dir' for 'follow librespot' (expected one of: --config, --cover-cache, --cover-side, --feed, --fetch-cover, --fetch-lyrics, --lyrics-cache, --lyrics-dir, --lyrics-server, --no-covers, --offline)"
        ),
        (
            "the same feed twice", ["mpris", "--feed", "/tmp/f", "--feed", "/tmp/g", "--feed", "/tmp/f"],
            "option '--feed' names '/tmp/f' twice (give each panel's feed once)"
        ),
        (
            "a bridge for two panels", ["mqtt", "--feed", "/tmp/f", "--feed", "/tmp/g"],
            "'follow mqtt' takes one '--feed': a bridge stands for one panel (run one per panel, each with its own "
                + "--feed, --state and --topic-prefix)"
        ),
    ])
    func explainsUsageErrors(name: String, arguments: [String], message: String) {
        #expect(throws: UsageError(message), "\(name)") {
            try FollowCommand.parse(arguments, environment: [:])
        }
    }
}

struct OnlineOptionsTests {
    static func options(_ arguments: String...) throws -> LyricsLibraryOptions {
        guard case .mpd(_, _, _, let lyrics) = try FollowCommand.parse(["mpd"] + arguments, environment: [:]) else {
            throw UsageError("not an mpd command")
        }
        return lyrics
    }

    @Test func serverComesFromTheConfigUnlessTheCommandLineSaysOtherwise() throws {
        var config = Config.Lyrics()
        #expect(try Self.options().online(config: config) == nil)
        config.online = "https://lrclib.net"
        #expect(try Self.options().online(config: config) == OnlineLyricsSettings(server: "https://lrclib.net"))
        #expect(try Self.options("--offline").online(config: config) == nil)
        #expect(
            try Self.options("--lyrics-server", "http://127.0.0.1:8080", "--lyrics-cache", "/tmp/c").online(
                config: config)
                == OnlineLyricsSettings(server: "http://127.0.0.1:8080", cacheDirectory: "/tmp/c"))
        config.cache = "/srv/cache"
        #expect(try Self.options().online(config: config)?.cacheDirectory == "/srv/cache")
    }

    @Test func readsTheLyricsSectionOfTheConfigFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("good.conf", "[lyrics]\nonline = https://lyrics.lan\ncache = /srv/cache\n")
        try directory.write("bad.conf", "[lyrics]\nonline = lyrics.lan\n")
        let log = Logger(program: "test") { _, _ in }
        #expect(
            try LyricsOptions.online(Self.options("--config", directory.file("good.conf")), log: log)
                == OnlineLyricsSettings(server: "https://lyrics.lan", cacheDirectory: "/srv/cache"))
        #expect(
            try LyricsOptions.online(
                Self.options("--config", directory.file("bad.conf"), "--lyrics-server", "https://x.lan"), log: log)
                == nil)
        #expect(try LyricsOptions.online(Self.options("--config", directory.file("missing.conf")), log: log) == nil)
    }
}

@Suite struct MQTTOptionsTests {
    static func options(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> MQTTOptions {
        let (_, given) = try followCommand.parse(["mqtt"] + arguments)
        return try MQTTOptions(given, environment: environment, hostName: "box")
    }

    @Test(arguments: [
        (
            "defaults", [String](), [String: String](),
            "tickerd/box homeassistant localhost:1883 tls=false password=nil"
        ),
        ("tls port", ["--tls"], [:], "tickerd/box homeassistant localhost:8883 tls=true password=nil"),
        (
            "cafile implies tls", ["--cafile", "/ca.pem", "--port", "8884"], [:],
            "tickerd/box homeassistant localhost:8884 tls=true password=nil"
        ),
        (
            "no discovery", ["--discovery-prefix", "", "--topic-prefix", "home/panel"], [:],
            "home/panel  localhost:1883 tls=false password=nil"
        ),
        (
            "credential", [], ["CREDENTIALS_DIRECTORY": "/run/credentials/x"],
            "tickerd/box homeassistant localhost:1883 tls=false password=/run/credentials/x/mqtt-password"
        ),
    ])
    func parsesOptions(id: String, arguments: [String], environment: [String: String], summary: String) throws {
        let options = try Self.options(arguments, environment: environment)
        let text =
            "\(options.topics.prefix) \(options.topics.discoveryPrefix) \(options.server.name) "
            + "tls=\(options.server.tls) password=\(options.passwordFile ?? "nil")"
        #expect(text == summary)
    }

    @Test(arguments: [
        (["--topic-prefix", "a/#"], "invalid --topic-prefix 'a/#'"),
        (["--topic-prefix", "/a"], "invalid --topic-prefix '/a'"),
        (["--discovery-prefix", "ha/+"], "invalid --discovery-prefix 'ha/+'"),
        (["--port", "0"], "invalid port '0'"),
        (["--password", "x"], "unknown option '--password' for 'follow mqtt'"),
    ])
    func refusesOptions(arguments: [String], message: String) {
        do {
            _ = try Self.options(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }
}
