import TickerCore
import TickerFollow
import TickerIO

/// The options that say where lyrics come from, shared by the followers and `find-lyrics`.
enum LyricsOptions {
    static let lyricsDirectory = Option(
        "--lyrics-dir", "DIR", meaning: "a directory", help: "a directory of 'Artist - Title.lrc' files")
    static let musicDirectory = Option(
        "--music-dir", "DIR", meaning: "a directory",
        help:
            "where the music files are (MPD's music_directory; for MPRIS, file:// tracks inside it): 'song.flac' "
            + "gets the lyrics in 'song.lrc' beside it, or in its tags")
    static let offline = Option.flag("--offline", help: "ask no lyrics server, whatever the config says")
    static let config = Option(
        "--config", "FILE", meaning: "a file path",
        help: "the configuration read for [lyrics] (default \(defaultConfigPath), if it exists)")
    /// Where the followers may ask for lyrics found nowhere else.
    static let online = [
        Option(
            "--lyrics-server", "URL", meaning: "an http:// or https:// URL",
            help:
                "an LRCLIB server asked for lyrics found neither in .lrc files nor in the music file's tags "
                + "(default: [lyrics] online in the config; none if empty)"),
        Option(
            "--lyrics-cache", "DIR", meaning: "a directory",
            help: "where its answers are kept (default: [lyrics] cache, /var/cache/tickerd/lyrics)"),
        offline, config,
    ]

    /// The configuration file read for `[lyrics]` when `--config` is not given.
    static let defaultConfigPath = "/etc/tickerd/tickerd.conf"

    /// The configuration file `options` name, or the default one when it exists: what the followers read for
    /// `[lyrics]` and for the side of the panel's cover box. `config` is nil when there is no file; `readable` is
    /// false when one could not be read, which is logged.
    static func config(_ options: LyricsLibraryOptions, log: Logger) -> (config: Config?, readable: Bool) {
        let path = options.configPath ?? defaultConfigPath
        if options.configPath == nil, (try? Posix.lstat(path)) ?? nil == nil { return (nil, true) }
        do {
            let bytes = try Posix.readFile(path, limit: Config.maxFileBytes)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                log.error("config '\(path)' is not valid UTF-8; no lyrics server is asked, no cover side read from it")
                return (nil, false)
            }
            switch Config.parse(text: text, file: path) {
            case .success(let config): return (config, true)
            case .failure(let errors):
                log.error("\(errors); no lyrics server is asked, no cover side read from it")
                return (nil, false)
            }
        } catch {
            log.error("\(error); no lyrics server is asked, no cover side read from it")
            return (nil, false)
        }
    }

    /// The server to ask for the lyrics `options` describe: theirs, or the one of the `[lyrics]` section of
    /// `read` (their configuration file, see `config(_:log:)`); nil when none is to be asked, or the file could
    /// not be read.
    static func online(_ options: LyricsLibraryOptions, read: (config: Config?, readable: Bool))
        -> OnlineLyricsSettings?
    {
        guard read.readable else { return nil }
        return options.online(config: read.config?.lyrics ?? Config.Lyrics())
    }

    /// The server to ask, reading the configuration file only when it is needed.
    static func online(_ options: LyricsLibraryOptions, log: Logger) -> OnlineLyricsSettings? {
        guard !options.offline else { return nil }
        return online(options, read: config(options, log: log))
    }

    /// The covers `options` ask for: at their `--cover-side`, or at the side of the cover box the
    /// configuration's `layout.cover` gives its panel; none when neither gives one.
    static func covers(_ options: LyricsLibraryOptions, config: Config?) -> CoverSettings? {
        let box = config.flatMap { $0.layout.cover.box(width: $0.panel.width, height: $0.panel.height) }
        return options.covers(boxSide: box?.width)
    }
}

/// The feed option of the followers, which may be given once per panel.
let feedsOption = Option(
    "--feed", "PATH", meaning: "the feed pipe's path",
    help:
        "a feed pipe to write (default /run/tickerd/feed); once per panel, and every feed gets the same lines "
        + "(one that is missing or whose daemon is gone is retried on its own)")

let followCommand = Command(
    "tickerctl follow",
    summary:
        "Writes what a music player is playing (track, lyrics, play/pause/stop, position) to tickerd's feed, or "
        + "bridges an MQTT broker and the panel.",
    subcommands: [
        Command(
            "tickerctl follow mpd",
            summary:
                "MPD over TCP (default localhost:6600, or MPD_HOST / MPD_PORT; MPD_HOST may be 'password@host' or a "
                + "socket path) or a unix socket (--socket).",
            options: [
                Option("--host", "HOST", meaning: "a host name or address", help: "MPD's host"),
                Option("--port", "PORT", meaning: "a port number", help: "MPD's port"),
                Option("--socket", "PATH", meaning: "a unix socket path", help: "MPD's unix socket"),
                LyricsOptions.musicDirectory, LyricsOptions.lyricsDirectory, feedsOption,
            ] + LyricsOptions.online + CoverOptions.all),
        Command(
            "tickerctl follow shairport", summary: "AirPlay: shairport-sync's metadata pipe.",
            options: [
                Option(
                    "--pipe", "PATH", meaning: "a named pipe's path",
                    help: "the metadata pipe (default /tmp/shairport-sync-metadata)"),
                LyricsOptions.lyricsDirectory, feedsOption,
            ] + LyricsOptions.online + CoverOptions.all),
        Command(
            "tickerctl follow mpris",
            summary: "MPRIS players on the session bus (browsers, Spotify, VLC, …), through playerctl.",
            options: [
                Option(
                    "--player", "NAME", meaning: "a player name",
                    help: "the player to follow (playerctl --player), e.g. spotify; default any"),
                Option("--playerctl", "PATH", meaning: "a program", help: "the playerctl program (default: in PATH)"),
                LyricsOptions.musicDirectory, LyricsOptions.lyricsDirectory, feedsOption,
            ] + LyricsOptions.online + CoverOptions.all),
        Command(
            "tickerctl follow librespot",
            summary:
                "Spotify Connect: run as librespot's --onevent (raspotify's LIBRESPOT_ONEVENT) or spotifyd's "
                + "on_song_change_hook program; passes on the one event in its environment (PLAYER_EVENT, NAME, "
                + "ARTISTS, ALBUM, DURATION_MS, POSITION_MS, …) and exits.",
            options: [
                LyricsOptions.lyricsDirectory, feedsOption,
                .flag(
                    LibrespotHook.fetchLyricsOption,
                    help: "what the hook starts a copy of itself with: ask the lyrics server for the event's track"),
                .flag(
                    LibrespotHook.fetchCoverOption,
                    help: "what the hook starts a copy of itself with: fetch the cover of the event's track"),
            ] + LyricsOptions.online + CoverOptions.all),
        Command(
            "tickerctl follow lms", summary: "A Lyrion (Logitech) Media Server player, over the server's CLI.",
            synopsis: ["--host HOST [options]"],
            options: [
                Option("--host", "HOST", meaning: "a host name or address", help: "the media server"),
                Option("--port", "PORT", meaning: "a port number", help: "its CLI port (default 9090)"),
                Option(
                    "--http-port", "PORT", meaning: "a port number",
                    help: "its web interface's port, where the covers are (default 9000)"),
                Option(
                    "--player", "MAC|NAME", meaning: "a player id or name",
                    help: "the player's id (MAC address) or name; default the first playing one"),
                LyricsOptions.lyricsDirectory, feedsOption,
            ] + LyricsOptions.online + CoverOptions.all),
        Command(
            "tickerctl follow mqtt",
            summary:
                "An MQTT broker (default localhost:1883): forwards <prefix>/feed, <prefix>/message and "
                + "<prefix>/brightness to the feed, publishes <prefix>/state and <prefix>/availability, and "
                + "announces the panel to Home Assistant (MQTT discovery).",
            options: [
                Option("--host", "HOST", meaning: "a host name or address", help: "the broker"),
                Option("--port", "PORT", meaning: "a port number", help: "its port (default 1883, 8883 with TLS)"),
                Option("--username", "USER", meaning: "a user name", help: "the broker's user name"),
                Option(
                    "--password-file", "FILE", meaning: "a file holding the password",
                    help:
                        "a file holding the password (one trailing newline is dropped); default "
                        + "$CREDENTIALS_DIRECTORY/\(MQTTOptions.credentialName) under systemd's LoadCredential="),
                .flag("--tls", help: "speak TLS, checking the broker against the system's CAs"),
                Option(
                    "--cafile", "FILE", meaning: "a file of CA certificates",
                    help: "the CA certificates that sign the broker's (implies --tls)"),
                Option(
                    "--topic-prefix", "PREFIX", meaning: "an MQTT topic",
                    help: "the bridge's topics (default tickerd/<hostname>)"),
                Option(
                    "--discovery-prefix", "PREFIX", meaning: "an MQTT topic, or empty",
                    help: "Home Assistant's discovery prefix (default homeassistant; empty: no discovery)"),
                Option(
                    "--state", "FILE", meaning: "the daemon's state file",
                    help: "the daemon's state file (default \(MQTTOptions.defaultStatePath))"),
                Option(
                    "--page", "NAME", meaning: "a page name",
                    help: "a page of the idle screen Home Assistant gets a text entity for (repeatable)"),
                feedOption,
                .flag(
                    "--forget", help: "remove what the bridge left on the broker (discovery configs, state) and exit"),
            ]),
    ], kind: "player")

extension FollowCommand {
    /// Reads the arguments after `follow` (a leading `follow` is skipped), with `MPD_HOST`, `MPD_PORT` and
    /// `CREDENTIALS_DIRECTORY` from `environment`.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> FollowCommand {
        let (command, given) = try followCommand.parse(
            arguments.first == "follow" ? Array(arguments.dropFirst()) : arguments)
        return given.help ? .help : try FollowCommand(command, given, environment: environment)
    }

    /// What `given` asks `command` (one of `follow`'s) to do.
    init(_ command: Command, _ given: ParsedArguments, environment: [String: String]) throws(UsageError) {
        // An empty value says nothing a follower could use; an empty discovery prefix turns discovery off.
        for option in given.options where option.value == "" && option.name != "--discovery-prefix" {
            let meaning = command.options.first { $0.name == option.name }?.value?.meaning ?? "a value"
            throw UsageError("option '\(option.name)' needs a value (\(meaning))")
        }
        if command.word == "mqtt" {
            self = .mqtt(try MQTTOptions(given, environment: environment))
            return
        }
        let feedPaths = try Self.feedPaths(given)
        var lyrics = LyricsLibraryOptions(
            musicDirectory: given.value("--music-dir"), lyricsDirectory: given.value("--lyrics-dir"))
        lyrics.server = given.value("--lyrics-server")
        lyrics.cacheDirectory = given.value("--lyrics-cache")
        lyrics.offline = given.has("--offline")
        lyrics.configPath = given.value("--config")
        try CoverOptions.read(given, into: &lyrics)
        if let server = lyrics.server {
            do {
                var check = Config()
                try check.set("lyrics", "online", server)
            } catch {
                throw UsageError("invalid --lyrics-server '\(server)' (expected an http:// or https:// URL)")
            }
        }
        switch command.word {
        case "shairport":
            self = .shairport(
                pipePath: given.value("--pipe") ?? "/tmp/shairport-sync-metadata", feedPaths: feedPaths, lyrics: lyrics
            )
        case "librespot":
            self = .librespot(
                feedPaths: feedPaths, lyrics: lyrics, fetchLyrics: given.has(LibrespotHook.fetchLyricsOption),
                fetchCover: given.has(LibrespotHook.fetchCoverOption))
        case "lms":
            guard let host = given.value("--host") else {
                throw UsageError("'follow lms' needs '--host' (the media server's host name or address)")
            }
            let port = try Self.port(given.value("--port") ?? "9090")
            self = .lms(
                host: host, port: port, player: given.value("--player"), feedPaths: feedPaths, lyrics: lyrics,
                httpPort: try Self.port(given.value("--http-port") ?? "9000"))
        case "mpris":
            self = .mpris(
                player: given.value("--player"), playerctl: given.value("--playerctl") ?? "playerctl",
                feedPaths: feedPaths, lyrics: lyrics)
        default:
            self = try Self.mpd(given, environment: environment, feedPaths: feedPaths, lyrics: lyrics)
        }
    }

    private static func mpd(
        _ given: ParsedArguments, environment: [String: String], feedPaths: [String], lyrics: LyricsLibraryOptions
    ) throws(UsageError) -> FollowCommand {
        if let socket = given.value("--socket") {
            if given.has("--host") || given.has("--port") {
                throw UsageError("option '--socket' cannot be combined with '--host' or '--port'")
            }
            return .mpd(endpoint: .unix(path: socket), password: nil, feedPaths: feedPaths, lyrics: lyrics)
        }
        var password: String?
        var host = given.value("--host") ?? environment["MPD_HOST"] ?? "localhost"
        if let at = host.lastIndex(of: "@"), at != host.startIndex {
            password = String(host[..<at])
            host = String(host[host.index(after: at)...])
        }
        if host.hasPrefix("/") {
            return .mpd(endpoint: .unix(path: host), password: password, feedPaths: feedPaths, lyrics: lyrics)
        }
        let port = try port(given.value("--port") ?? environment["MPD_PORT"] ?? "6600")
        return .mpd(endpoint: .tcp(host: host, port: port), password: password, feedPaths: feedPaths, lyrics: lyrics)
    }

    /// The feeds a follower writes to: every `--feed` given, in order, or the default one. The same feed twice
    /// would show every line twice, so it is refused.
    static func feedPaths(_ given: ParsedArguments) throws(UsageError) -> [String] {
        let paths = given.values("--feed")
        for (index, path) in paths.enumerated() where paths[..<index].contains(path) {
            throw UsageError("option '--feed' names '\(path)' twice (give each panel's feed once)")
        }
        return paths.isEmpty ? [defaultFeedPath] : paths
    }

    static func port(_ text: String) throws(UsageError) -> UInt16 {
        guard let port = UInt16(text), port > 0 else { throw UsageError("invalid port '\(text)' (expected 1-65535)") }
        return port
    }
}

extension MQTTOptions {
    /// What `given` asks of `follow mqtt`. `hostName` makes the default prefix; `CREDENTIALS_DIRECTORY` in
    /// `environment` the default password file.
    init(_ given: ParsedArguments, environment: [String: String], hostName: String = Posix.hostName)
        throws(UsageError)
    {
        // The bridge stands for one panel on the broker (its state, its availability, its Home Assistant device),
        // so it writes one feed; several panels take a bridge each.
        if given.values("--feed").count > 1 {
            throw UsageError(
                "'follow mqtt' takes one '--feed': a bridge stands for one panel (run one per panel, each with its "
                    + "own --feed, --state and --topic-prefix)")
        }
        var passwordFile = given.value("--password-file")
        if passwordFile == nil, let directory = environment["CREDENTIALS_DIRECTORY"], !directory.isEmpty {
            passwordFile = directory + "/" + Self.credentialName
        }
        let host = String(
            hostName.unicodeScalars.map { $0 == "/" || $0 == "+" || $0 == "#" || $0.value < 0x21 ? "_" : Character($0) }
        )
        var topics = try MQTTTopics(
            prefix: given.value("--topic-prefix") ?? "tickerd/\(host.isEmpty ? "localhost" : host)",
            discoveryPrefix: given.value("--discovery-prefix") ?? "homeassistant")
        topics.pages = try MQTTTopics.pages(given.values("--page"))
        self.init(
            server: MQTTServer(
                host: given.value("--host") ?? "localhost", port: try given.value("--port").map(FollowCommand.port),
                username: given.value("--username"), tls: given.has("--tls") || given.has("--cafile"),
                caFile: given.value("--cafile")),
            passwordFile: passwordFile, topics: topics,
            feedPath: given.value("--feed") ?? FollowCommand.defaultFeedPath,
            statePath: given.value("--state") ?? Self.defaultStatePath, forget: given.has("--forget"))
    }
}

/// `tickerctl follow …`: follows a music player until SIGTERM or SIGINT; 0 on a clean stop, 2 on a usage
/// error, 1 when the signals cannot be set up or the MQTT broker refuses the bridge's login.
func runFollow(_ selected: Command, _ given: ParsedArguments, arguments: [String]) -> Int32 {
    var environment: [String: String] = [:]
    for name in ["MPD_HOST", "MPD_PORT", "CREDENTIALS_DIRECTORY"] {
        if let value = Posix.environment(name) { environment[name] = value }
    }
    let command: FollowCommand
    do {
        command = try FollowCommand(selected, given, environment: environment)
    } catch {
        fail("follow: \(error)")
    }
    let log = Logger(program: selected.word == "librespot" ? "tickerctl follow librespot" : "tickerctl follow")
    let read = command.lyrics.map { LyricsOptions.config($0, log: log) }
    let online = command.lyrics.flatMap { options in read.flatMap { LyricsOptions.online(options, read: $0) } }
    let covers = command.lyrics.flatMap { LyricsOptions.covers($0, config: read?.config) }
    if case .librespot(let feedPaths, let lyrics, let fetchLyrics, let fetchCover) = command {
        let hook = LibrespotHook(feedPaths: feedPaths, lyrics: lyrics.library, online: online, covers: covers)
        return runLibrespotHook(hook, arguments: arguments, fetching: (fetchLyrics, fetchCover), log: log)
    }
    let signals: SignalSource
    do { signals = try SignalSource() } catch { fail(error.description, status: 1) }
    let status = command.run(signals: signals, online: online, covers: covers, log: log)
    log.info("stopped")
    return status
}

/// `tickerctl follow librespot`: passes on the one event in the environment and exits; 0 when it was written
/// (or changes nothing), 1 when a feed could not take it or a value was unreadable, 2 without an event.
/// Lyrics to be asked of a server, and a cover to be fetched, are left to a copy of this program started with
/// `--fetch-lyrics` and `--fetch-cover` (the same arguments and environment), which librespot does not wait for.
func runLibrespotHook(
    _ hook: LibrespotHook, arguments: [String], fetching: (lyrics: Bool, cover: Bool), log: Logger
) -> Int32 {
    var environment: [String: String] = [:]
    for name in LibrespotHook.variables {
        if let value = Posix.environment(name) { environment[name] = value }
    }
    do {
        if fetching.lyrics || fetching.cover {
            if fetching.lyrics { try hook.fetchLyrics(environment: environment, log: log) }
            if fetching.cover { try hook.fetchCover(environment: environment, log: log) }
            return 0
        }
        let outcome = try hook.run(environment: environment, log: log)
        let options =
            (outcome.lyricsToFetch == nil ? [] : [LibrespotHook.fetchLyricsOption])
            + (outcome.coverToFetch == nil ? [] : [LibrespotHook.fetchCoverOption])
        if !options.isEmpty {
            do {
                let program = try Posix.realpath("/proc/self/exe")
                try ChildProcess.spawnDetached(program, arguments: arguments + options)
            } catch {
                let title = (outcome.lyricsToFetch ?? outcome.coverToFetch)?.title ?? ""
                log.warning("cannot fetch the lyrics or cover of '\(title)': \(error)")
            }
        }
        return 0
    } catch .event(.missingEvent) {
        log.error(LibrespotEventError.missingEvent.description)
        return 2
    } catch {
        log.error(error.description)
        return 1
    }
}
