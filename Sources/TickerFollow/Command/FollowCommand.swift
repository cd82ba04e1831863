import TickerCore
import TickerIO

/// What `tickerctl follow …` was asked to do.
package enum FollowCommand: Equatable, Sendable {
    /// Print the usage text.
    case help
    /// Follow MPD.
    case mpd(endpoint: MPDEndpoint, password: String?, feedPaths: [String], lyrics: LyricsLibraryOptions)
    /// Follow shairport-sync's metadata pipe.
    case shairport(pipePath: String, feedPaths: [String], lyrics: LyricsLibraryOptions)
    /// Follow MPRIS players through playerctl (`player`: playerctl's `--player`, `nil` for any).
    case mpris(player: String?, playerctl: String, feedPaths: [String], lyrics: LyricsLibraryOptions)
    /// Pass on one librespot or spotifyd event (a hook run once per event; see `LibrespotHook`).
    /// With `fetchLyrics` and `fetchCover`, the process the hook starts to ask the lyrics server and fetch the
    /// cover (see `LibrespotHook`).
    case librespot(
        feedPaths: [String], lyrics: LyricsLibraryOptions, fetchLyrics: Bool = false, fetchCover: Bool = false)
    /// Follow a player of a Lyrion (Logitech) Media Server (`player`: its id or name, `nil` for the first
    /// playing one).
    /// `httpPort`: the server's web interface, where the covers are.
    case lms(
        host: String, port: UInt16, player: String?, feedPaths: [String], lyrics: LyricsLibraryOptions,
        httpPort: UInt16 = 9000)
    /// Bridge an MQTT broker (Home Assistant's, say) and the panel.
    case mqtt(MQTTOptions)

    /// The feed path used when `--feed` is not given (a follower writes to every feed given).
    package static let defaultFeedPath = "/run/tickerd/feed"

    /// Where the lyrics come from; nil for the MQTT bridge, which needs none.
    package var lyrics: LyricsLibraryOptions? {
        switch self {
        case .help, .mqtt: nil
        case .mpd(_, _, _, let lyrics), .shairport(_, _, let lyrics), .mpris(_, _, _, let lyrics),
            .librespot(_, let lyrics, _, _), .lms(_, _, _, _, let lyrics, _):
            lyrics
        }
    }

    /// Runs the follower this command names until SIGTERM or SIGINT arrives from `signals`, asking `online` for
    /// lyrics found nowhere else and sending `covers` (`.help` and the `.librespot` hook, which tickerctl runs once per event with
    /// `LibrespotHook`, return at once); returns the exit status (the MQTT bridge fails when the broker refuses
    /// its login).
    package func run(
        signals: SignalSource, online: OnlineLyricsSettings?, covers: CoverSettings?, log: Logger
    ) -> Int32 {
        switch self {
        case .help, .librespot:
            break
        case .mqtt(let options):
            return options.run(signals: signals, log: log)
        case .mpd(let endpoint, let password, let feedPaths, let lyrics):
            MPDFollower(
                endpoint: endpoint, password: password, feedPaths: feedPaths, lyrics: lyrics.library,
                online: online, covers: covers
            ).run(signals: signals, log: log)
        case .shairport(let pipePath, let feedPaths, let lyrics):
            ShairportFollower(
                pipePath: pipePath, feedPaths: feedPaths, lyrics: lyrics.library, online: online,
                covers: covers
            ).run(signals: signals, log: log)
        case .mpris(let player, let playerctl, let feedPaths, let lyrics):
            MPRISFollower(
                player: player, feedPaths: feedPaths, lyrics: lyrics.library, playerctl: playerctl,
                online: online, covers: covers
            ).run(signals: signals, log: log)
        case .lms(let host, let port, let player, let feedPaths, let lyrics, let httpPort):
            LMSFollower(
                host: host, port: port, player: player, feedPaths: feedPaths, lyrics: lyrics.library,
                online: online, covers: covers, httpPort: httpPort
            ).run(signals: signals, log: log)
        }
        return 0
    }
}

/// Where the lyrics come from, as the command line says: the directories, and the online server; and whether
/// album covers are sent.
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
    /// `--config`: the configuration read for `[lyrics]` (nil: the default file, when it exists), by the program.
    package var configPath: String?
    /// `--cover-side`: the side of the album covers sent, in pixels; nil for the configuration's cover box.
    package var coverSide: Int?
    /// `--cover-cache`: where covers fetched over HTTP are kept (nil: `CoverSettings.defaultCacheDirectory`).
    package var coverCacheDirectory: String?
    /// `--no-covers`: no covers, whatever the side.
    package var noCovers = false

    /// A set of options; the online ones and the covers are off.
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

    /// The covers these options ask for, at `--cover-side` or else at `boxSide` (the panel's cover box, from the
    /// configuration); nil for none.
    package func covers(boxSide: Int?) -> CoverSettings? {
        guard !noCovers, let side = coverSide ?? boxSide else { return nil }
        return CoverSettings(side: side, cacheDirectory: coverCacheDirectory ?? CoverSettings.defaultCacheDirectory)
    }

    /// The library these options describe.
    package var library: LyricsLibrary {
        LyricsLibrary(musicDirectory: musicDirectory, lyricsDirectory: lyricsDirectory)
    }
}
