import Glibc

/// A mistake on the `tickerctl follow` command line.
public struct FollowUsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sentence naming the offending argument in quotes and what was expected.
    public var description: String
}

/// What `tickerctl follow …` was asked to do.
public enum FollowCommand: Equatable, Sendable {
    /// Print the usage text.
    case help
    /// Follow MPD.
    case mpd(endpoint: MPDEndpoint, password: String?, feedPath: String, lyrics: LyricsLibraryOptions)
    /// Follow shairport-sync's metadata pipe.
    case shairport(pipePath: String, feedPath: String, lyrics: LyricsLibraryOptions)
    /// Follow MPRIS players through playerctl (`player`: playerctl's `--player`, `nil` for any).
    case mpris(player: String?, playerctl: String, feedPath: String, lyrics: LyricsLibraryOptions)

    /// The feed path used when `--feed` is not given.
    public static let defaultFeedPath = "/run/tickerd/feed"

    /// The usage text.
    public static let usage = """
        usage: tickerctl follow mpd [--host HOST] [--port PORT] [--socket PATH] [--music-dir DIR]
                                    [--lyrics-dir DIR] [--feed PATH]
               tickerctl follow shairport [--pipe PATH] [--lyrics-dir DIR] [--feed PATH]
               tickerctl follow mpris [--player NAME] [--music-dir DIR] [--lyrics-dir DIR] [--feed PATH]
                                      [--playerctl PATH]

        Writes what a music player is playing (track, lyrics, play/pause/stop, position) to tickerd's feed.

          mpd          MPD over TCP (default localhost:6600, or MPD_HOST / MPD_PORT; MPD_HOST may be
                       'password@host' or a socket path) or a unix socket (--socket)
          shairport    shairport-sync's metadata pipe (default /tmp/shairport-sync-metadata)
          mpris        MPRIS players on the session bus (browsers, Spotify, VLC, …), through playerctl
          --player NAME      the MPRIS player to follow (playerctl --player), e.g. spotify; default any
          --playerctl PATH   the playerctl program (default: playerctl in PATH)
          --feed PATH        the feed FIFO (default /run/tickerd/feed)
          --music-dir DIR    where the music files are (MPD's music_directory; for MPRIS, file:// tracks
                             inside it): 'song.flac' gets the lyrics in 'song.lrc' beside it
          --lyrics-dir DIR   a directory of 'Artist - Title.lrc' files
        """

    /// Parses the arguments after `follow` (a leading `follow` is skipped), reading `MPD_HOST` and
    /// `MPD_PORT` from `environment`.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(FollowUsageError) -> FollowCommand {
        var rest = arguments[...]
        if rest.first == "follow" { rest = rest.dropFirst() }
        guard let mode = rest.popFirst() else {
            throw FollowUsageError(description: "missing player (expected one of: mpd, shairport, mpris)")
        }
        if mode == "--help" || mode == "-h" || mode == "help" { return .help }
        var options: [String: String] = [:]
        let allowed: Set<String>
        switch mode {
        case "mpd": allowed = ["--host", "--port", "--socket", "--music-dir", "--lyrics-dir", "--feed"]
        case "shairport": allowed = ["--pipe", "--lyrics-dir", "--feed"]
        case "mpris": allowed = ["--player", "--playerctl", "--music-dir", "--lyrics-dir", "--feed"]
        default: throw FollowUsageError(description: "unknown player '\(mode)' (expected one of: mpd, shairport, mpris)")
        }
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { return .help }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard allowed.contains(name) else {
                let list = allowed.sorted().joined(separator: ", ")
                throw FollowUsageError(description: "unknown option '\(argument)' for 'follow \(mode)' (expected one of: \(list))")
            }
            if value == nil { value = rest.popFirst() }
            guard let value, !value.isEmpty else {
                throw FollowUsageError(description: "option '\(name)' needs a value")
            }
            options[name] = value
        }
        let feedPath = options["--feed"] ?? defaultFeedPath
        let lyrics = LyricsLibraryOptions(musicDirectory: options["--music-dir"], lyricsDirectory: options["--lyrics-dir"])
        if mode == "shairport" {
            return .shairport(pipePath: options["--pipe"] ?? "/tmp/shairport-sync-metadata", feedPath: feedPath, lyrics: lyrics)
        }
        if mode == "mpris" {
            return .mpris(
                player: options["--player"], playerctl: options["--playerctl"] ?? "playerctl", feedPath: feedPath,
                lyrics: lyrics)
        }
        if let socket = options["--socket"] {
            if options["--host"] != nil || options["--port"] != nil {
                throw FollowUsageError(description: "option '--socket' cannot be combined with '--host' or '--port'")
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
            throw FollowUsageError(description: "invalid port '\(portText)' (expected 1-65535)")
        }
        return .mpd(endpoint: .tcp(host: host, port: port), password: password, feedPath: feedPath, lyrics: lyrics)
    }
}

/// The lyrics directories named on the command line.
public struct LyricsLibraryOptions: Equatable, Sendable {
    /// `--music-dir`.
    public var musicDirectory: String?
    /// `--lyrics-dir`.
    public var lyricsDirectory: String?

    /// The library these options describe.
    public var library: LyricsLibrary {
        LyricsLibrary(musicDirectory: musicDirectory, lyricsDirectory: lyricsDirectory)
    }
}

/// Runs `tickerctl follow …`: parses `arguments` (those after `follow`), follows the player until
/// SIGTERM or SIGINT, and returns the exit status (0 on a clean stop, 2 on a usage error, 1 when the
/// signals cannot be set up). Logs to stderr; this is the command-line entry point, not a library API.
public func runFollow(arguments: [String]) -> Int32 {
    var environment: [String: String] = [:]
    for name in ["MPD_HOST", "MPD_PORT"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let command: FollowCommand
    do {
        command = try FollowCommand.parse(arguments, environment: environment)
    } catch {
        writeStandardError("tickerctl follow: \(error)\n\(FollowCommand.usage)\n")
        return 2
    }
    if command == .help {
        let text = Array((FollowCommand.usage + "\n").utf8)
        _ = text.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        return 0
    }
    let stop: StopSignal
    do {
        stop = try StopSignal.lifecycleSignals()
    } catch {
        writeStandardError("tickerctl follow: \(error)\n")
        return 1
    }
    let log = FollowLog.standardError
    switch command {
    case .help:
        break
    case .mpd(let endpoint, let password, let feedPath, let lyrics):
        MPDFollower(endpoint: endpoint, password: password, feedPath: feedPath, lyrics: lyrics.library)
            .run(stop: stop, log: log)
    case .shairport(let pipePath, let feedPath, let lyrics):
        ShairportFollower(pipePath: pipePath, feedPath: feedPath, lyrics: lyrics.library).run(stop: stop, log: log)
    case .mpris(let player, let playerctl, let feedPath, let lyrics):
        MPRISFollower(player: player, feedPath: feedPath, lyrics: lyrics.library, playerctl: playerctl)
            .run(stop: stop, log: log)
    }
    log(.info, "stopped")
    return 0
}

private func writeStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
