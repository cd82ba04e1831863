import TickerCore
import TickerIO

/// What `tickerctl follow …` was asked to do.
package enum FollowCommand: Equatable, Sendable {
    /// Print the usage text.
    case help
    /// Follow MPD.
    case mpd(endpoint: MPDEndpoint, password: String?, feedPath: String, lyrics: LyricsLibraryOptions)
    /// Follow shairport-sync's metadata pipe.
    case shairport(pipePath: String, feedPath: String, lyrics: LyricsLibraryOptions)
    /// Follow MPRIS players through playerctl (`player`: playerctl's `--player`, `nil` for any).
    case mpris(player: String?, playerctl: String, feedPath: String, lyrics: LyricsLibraryOptions)
    /// Pass on one librespot or spotifyd event (a hook run once per event; see `LibrespotHook`).
    /// With `fetchLyrics`, the process the hook starts to ask the lyrics server (see `LibrespotHook`).
    case librespot(feedPath: String, lyrics: LyricsLibraryOptions, fetchLyrics: Bool = false)
    /// Follow a player of a Lyrion (Logitech) Media Server (`player`: its id or name, `nil` for the first
    /// playing one).
    case lms(host: String, port: UInt16, player: String?, feedPath: String, lyrics: LyricsLibraryOptions)
    /// Bridge an MQTT broker (Home Assistant's, say) and the panel.
    case mqtt(MQTTOptions)

    /// The feed path used when `--feed` is not given.
    package static let defaultFeedPath = "/run/tickerd/feed"

    /// The usage text.
    package static let usage = """
        usage: tickerctl follow mpd [--host HOST] [--port PORT] [--socket PATH] [--music-dir DIR]
                                    [--lyrics-dir DIR] [--feed PATH] [ONLINE]
               tickerctl follow shairport [--pipe PATH] [--lyrics-dir DIR] [--feed PATH] [ONLINE]
               tickerctl follow mpris [--player NAME] [--music-dir DIR] [--lyrics-dir DIR] [--feed PATH]
                                      [--playerctl PATH] [ONLINE]
               tickerctl follow librespot [--lyrics-dir DIR] [--feed PATH] [ONLINE]
               tickerctl follow lms --host HOST [--port PORT] [--player MAC|NAME] [--lyrics-dir DIR]
                                    [--feed PATH] [ONLINE]
               tickerctl follow mqtt [--host HOST] [--port PORT] [--username USER] [--password-file FILE]
                                     [--tls] [--cafile FILE] [--topic-prefix PREFIX] [--discovery-prefix PREFIX]
                                     [--state FILE] [--feed PATH] [--forget]
               ONLINE: [--lyrics-server URL] [--lyrics-cache DIR] [--offline] [--config FILE]

        Writes what a music player is playing (track, lyrics, play/pause/stop, position) to tickerd's feed.

          mpd          MPD over TCP (default localhost:6600, or MPD_HOST / MPD_PORT; MPD_HOST may be
                       'password@host' or a socket path) or a unix socket (--socket)
          shairport    shairport-sync's metadata pipe (default /tmp/shairport-sync-metadata)
          mpris        MPRIS players on the session bus (browsers, Spotify, VLC, …), through playerctl
          librespot    Spotify Connect: run as librespot's --onevent (raspotify's LIBRESPOT_ONEVENT) or
                       spotifyd's on_song_change_hook program; passes on the one event in its environment
                       (PLAYER_EVENT, NAME, ARTISTS, ALBUM, DURATION_MS, POSITION_MS, …) and exits
          lms          a Lyrion (Logitech) Media Server player, over the server's CLI (port 9090)
          mqtt         an MQTT broker (default localhost:1883): forwards <prefix>/feed, <prefix>/message and
                       <prefix>/brightness to the feed, publishes <prefix>/state and <prefix>/availability,
                       and announces the panel to Home Assistant (MQTT discovery)
          --username USER    the broker's user name
          --password-file FILE  a file holding the password (one trailing newline is dropped); default
                             $CREDENTIALS_DIRECTORY/mqtt-password under systemd's LoadCredential=
          --tls              speak TLS (port 8883 by default), checking the broker against the system's CAs
          --cafile FILE      the CA certificates that sign the broker's (implies --tls)
          --topic-prefix P   the bridge's topics (default tickerd/<hostname>)
          --discovery-prefix P  Home Assistant's discovery prefix (default homeassistant; empty: no discovery)
          --state FILE       the daemon's state file (default /run/tickerd/state/state.json)
          --forget           remove what the bridge left on the broker (discovery configs, state) and exit
          --player NAME      the MPRIS player to follow (playerctl --player), e.g. spotify; default any;
                             for lms the player's id (MAC address) or name, default the first playing one
          --playerctl PATH   the playerctl program (default: playerctl in PATH)
          --feed PATH        the feed FIFO (default /run/tickerd/feed)
          --music-dir DIR    where the music files are (MPD's music_directory; for MPRIS, file:// tracks
                             inside it): 'song.flac' gets the lyrics in 'song.lrc' beside it
          --lyrics-dir DIR   a directory of 'Artist - Title.lrc' files
          --lyrics-server URL  an LRCLIB server asked for lyrics found neither in .lrc files nor in the
                             music file's tags (default: [lyrics] online in the config; none if empty)
          --lyrics-cache DIR where its answers are kept (default: [lyrics] cache, /var/cache/tickerd/lyrics)
          --offline          ask no server, whatever the config says
          --config FILE      the configuration read for [lyrics] (default /etc/tickerd/tickerd.conf, if it
                             exists)
        """

    /// Parses the arguments after `follow` (a leading `follow` is skipped), reading `MPD_HOST` and
    /// `MPD_PORT` from `environment`.
    package static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> FollowCommand
    {
        var scanner = ArgumentScanner(arguments.first == "follow" ? Array(arguments.dropFirst()) : arguments)
        guard let mode = scanner.next() else {
            throw UsageError("missing player (expected one of: mpd, shairport, mpris, librespot, lms, mqtt)")
        }
        if mode == "--help" || mode == "-h" || mode == "help" { return .help }
        let allowed: [String: String]
        switch mode {
        case "mpd":
            allowed = [
                "--host": "a host name or address", "--port": "a port number", "--socket": "a unix socket path",
                "--music-dir": "a directory", "--lyrics-dir": "a directory", "--feed": "the feed pipe's path",
            ].merging(LyricsLibraryOptions.onlineOptions) { a, _ in a }
        case "shairport":
            allowed = [
                "--pipe": "a named pipe's path", "--lyrics-dir": "a directory", "--feed": "the feed pipe's path",
            ]
            .merging(LyricsLibraryOptions.onlineOptions) { a, _ in a }
        case "mpris":
            allowed = [
                "--player": "a player name", "--playerctl": "a program", "--music-dir": "a directory",
                "--lyrics-dir": "a directory", "--feed": "the feed pipe's path",
            ].merging(LyricsLibraryOptions.onlineOptions) { a, _ in a }
        case "librespot":
            allowed = ["--lyrics-dir": "a directory", "--feed": "the feed pipe's path"]
                .merging(LyricsLibraryOptions.onlineOptions) { a, _ in a }
        case "lms":
            allowed = [
                "--host": "a host name or address", "--port": "a port number", "--player": "a player id or name",
                "--lyrics-dir": "a directory", "--feed": "the feed pipe's path",
            ].merging(LyricsLibraryOptions.onlineOptions) { a, _ in a }
        case "mqtt":
            return .mqtt(try MQTTOptions.parse(&scanner, environment: environment))
        default:
            throw UsageError("unknown player '\(mode)' (expected one of: mpd, shairport, mpris, librespot, lms, mqtt)")
        }
        var options: [String: String] = [:]
        var offline = false
        var fetchLyrics = false
        while let argument = scanner.next() {
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--offline" {
                offline = true
                continue
            }
            if mode == "librespot", argument == LibrespotHook.fetchLyricsOption {
                fetchLyrics = true
                continue
            }
            guard let expected = allowed[argument] else {
                let list = allowed.keys.sorted().joined(separator: ", ")
                throw UsageError("unknown option '\(argument)' for 'follow \(mode)' (expected one of: \(list))")
            }
            let value = try scanner.value(for: argument, expected: expected)
            guard !value.isEmpty else { throw UsageError("option '\(argument)' needs a value (\(expected))") }
            options[argument] = value
        }
        let feedPath = options["--feed"] ?? defaultFeedPath
        var lyrics = LyricsLibraryOptions(
            musicDirectory: options["--music-dir"], lyricsDirectory: options["--lyrics-dir"])
        do {
            lyrics.server = options["--lyrics-server"]
            lyrics.cacheDirectory = options["--lyrics-cache"]
            lyrics.offline = offline
            lyrics.configPath = options["--config"]
            if let server = lyrics.server {
                do {
                    var check = Config()
                    try check.set("lyrics", "online", server)
                } catch {
                    throw UsageError("invalid --lyrics-server '\(server)' (expected an http:// or https:// URL)")
                }
            }
        }
        if mode == "shairport" {
            return .shairport(
                pipePath: options["--pipe"] ?? "/tmp/shairport-sync-metadata", feedPath: feedPath, lyrics: lyrics)
        }
        if mode == "librespot" {
            return .librespot(feedPath: feedPath, lyrics: lyrics, fetchLyrics: fetchLyrics)
        }
        if mode == "lms" {
            guard let host = options["--host"] else {
                throw UsageError("'follow lms' needs '--host' (the media server's host name or address)")
            }
            let portText = options["--port"] ?? "9090"
            guard let port = UInt16(portText), port > 0 else {
                throw UsageError("invalid port '\(portText)' (expected 1-65535)")
            }
            return .lms(host: host, port: port, player: options["--player"], feedPath: feedPath, lyrics: lyrics)
        }
        if mode == "mpris" {
            return .mpris(
                player: options["--player"], playerctl: options["--playerctl"] ?? "playerctl", feedPath: feedPath,
                lyrics: lyrics)
        }
        if let socket = options["--socket"] {
            if options["--host"] != nil || options["--port"] != nil {
                throw UsageError("option '--socket' cannot be combined with '--host' or '--port'")
            }
            return .mpd(endpoint: .unix(path: socket), password: nil, feedPath: feedPath, lyrics: lyrics)
        }
        var password: String?
        var host = options["--host"] ?? environment["MPD_HOST"] ?? "localhost"
        if let at = host.lastIndex(of: "@"), at != host.startIndex {
            password = String(host[..<at])
            host = String(host[host.index(after: at)...])
        }
        if host.hasPrefix("/") {
            return .mpd(endpoint: .unix(path: host), password: password, feedPath: feedPath, lyrics: lyrics)
        }
        let portText = options["--port"] ?? environment["MPD_PORT"] ?? "6600"
        guard let port = UInt16(portText), port > 0 else {
            throw UsageError("invalid port '\(portText)' (expected 1-65535)")
        }
        return .mpd(endpoint: .tcp(host: host, port: port), password: password, feedPath: feedPath, lyrics: lyrics)
    }

    /// Runs the follower this command names until SIGTERM or SIGINT arrives from `signals` (`.help` and the
    /// `.librespot` hook, which tickerctl runs once per event with `LibrespotHook`, return at once); returns the
    /// exit status (the MQTT bridge fails when the broker refuses its login).
    package func run(signals: SignalSource, log: Logger) -> Int32 {
        switch self {
        case .help, .librespot:
            break
        case .mqtt(let options):
            return options.run(signals: signals, log: log)
        case .mpd(let endpoint, let password, let feedPath, let lyrics):
            MPDFollower(
                endpoint: endpoint, password: password, feedPath: feedPath, lyrics: lyrics.library,
                online: lyrics.online(log: log)
            ).run(signals: signals, log: log)
        case .shairport(let pipePath, let feedPath, let lyrics):
            ShairportFollower(
                pipePath: pipePath, feedPath: feedPath, lyrics: lyrics.library, online: lyrics.online(log: log)
            ).run(signals: signals, log: log)
        case .mpris(let player, let playerctl, let feedPath, let lyrics):
            MPRISFollower(
                player: player, feedPath: feedPath, lyrics: lyrics.library, playerctl: playerctl,
                online: lyrics.online(log: log)
            ).run(signals: signals, log: log)
        case .lms(let host, let port, let player, let feedPath, let lyrics):
            LMSFollower(
                host: host, port: port, player: player, feedPath: feedPath, lyrics: lyrics.library,
                online: lyrics.online(log: log)
            ).run(signals: signals, log: log)
        }
        return 0
    }
}

/// Where the lyrics come from, as the command line says: the directories, and the online server.
package struct LyricsLibraryOptions: Equatable, Sendable {
    /// `--music-dir`.
    package var musicDirectory: String?
    /// `--lyrics-dir`.
    package var lyricsDirectory: String?
    /// `--lyrics-server`: overrides `[lyrics] online`.
    package var server: String?
    /// `--lyrics-cache`: overrides `[lyrics] cache`.
    package var cacheDirectory: String?
    /// `--offline`: no server, whatever the configuration says.
    package var offline = false
    /// `--config`: the configuration read for `[lyrics]` (nil: the default file, when it exists).
    package var configPath: String?

    /// The default configuration file.
    package static let defaultConfigPath = "/etc/tickerd/tickerd.conf"

    /// The options about online lyrics, with what they expect.
    static let onlineOptions = [
        "--lyrics-server": "an http:// or https:// URL", "--lyrics-cache": "a directory", "--config": "a file path",
    ]

    /// A set of options; the online ones are off.
    package init(musicDirectory: String? = nil, lyricsDirectory: String? = nil) {
        self.musicDirectory = musicDirectory
        self.lyricsDirectory = lyricsDirectory
    }

    /// The online settings these options and the `[lyrics]` section of `config` give; nil when no server
    /// is to be asked.
    package func online(config: Config.Lyrics) -> OnlineLyricsSettings? {
        guard !offline else { return nil }
        let server = self.server ?? config.online
        guard !server.isEmpty else { return nil }
        return OnlineLyricsSettings(server: server, cacheDirectory: cacheDirectory ?? config.cache)
    }

    /// `online(config:)` with the configuration file read (`--config`, or the default file when it exists);
    /// a configuration that cannot be read is logged, and then no server is asked.
    package func online(log: Logger) -> OnlineLyricsSettings? {
        guard !offline else { return nil }
        let path = configPath ?? Self.defaultConfigPath
        if configPath == nil, (try? Posix.lstat(path)) ?? nil == nil { return online(config: Config.Lyrics()) }
        do {
            let bytes = try Posix.readFile(path, limit: Config.maxFileBytes)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                log.error("config '\(path)' is not valid UTF-8; no lyrics server is asked")
                return nil
            }
            switch Config.parse(text: text, file: path) {
            case .success(let config): return online(config: config.lyrics)
            case .failure(let errors):
                log.error("\(errors); no lyrics server is asked")
                return nil
            }
        } catch {
            log.error("\(error); no lyrics server is asked")
            return nil
        }
    }

    /// The library these options describe.
    package var library: LyricsLibrary {
        LyricsLibrary(musicDirectory: musicDirectory, lyricsDirectory: lyricsDirectory)
    }
}
