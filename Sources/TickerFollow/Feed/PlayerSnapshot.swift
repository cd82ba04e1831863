import TickerCore

/// Play, pause or stop, as the feed spells them.
public enum PlaybackState: String, Equatable, Sendable {
    case play
    case pause
    case stop

    /// The feed command that sets this state.
    public var command: FeedCommand {
        switch self {
        case .play: .play
        case .pause: .pause
        case .stop: .stop
        }
    }
}

/// The track a player reports: what the feed's `title`, `artist`, `album` and `duration` carry.
public struct Track: Equatable, Sendable {
    /// The title; empty when the player does not know it.
    public var title: String
    /// The artist; empty when unknown.
    public var artist: String
    /// The album; empty when unknown.
    public var album: String
    /// The length of the track in seconds, when known.
    public var durationSeconds: Double?
    /// Where the track lives: relative to the music directory (as MPD names it, and as a `file://` URL inside
    /// that directory becomes), else the player's URL; used to find a sidecar `.lrc`. `nil` for players that
    /// do not say.
    public var file: String?

    /// A track from its parts.
    public init(
        title: String, artist: String = "", album: String = "", durationSeconds: Double? = nil, file: String? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.durationSeconds = durationSeconds
        self.file = file
    }
}

extension Track {
    /// `title`, `artist` and `album` (normalized: one line, trimmed, bounded), and `duration` when known.
    public var commands: [FeedCommand] {
        var commands: [FeedCommand] = [
            .title(FeedText.normalized(title)), .artist(FeedText.normalized(artist)),
            .album(FeedText.normalized(album)),
        ]
        if let durationSeconds, durationSeconds.isFinite, durationSeconds > 0 {
            commands.append(.duration(FeedCommand.time(seconds: durationSeconds)))
        }
        return commands
    }
}

/// Where a position was read: `seconds` into the track at monotonic time `at`.
public struct PlaybackPosition: Equatable, Sendable {
    /// Seconds into the track.
    public var seconds: Double
    /// The monotonic clock reading at which `seconds` was true.
    public var at: Duration

    /// A position from its parts.
    public init(seconds: Double, at: Duration) {
        self.seconds = seconds
        self.at = at
    }
}

/// Everything a follower knows about the player at one moment.
public struct PlayerSnapshot: Equatable, Sendable {
    /// The current track, or `nil` when the player has none.
    public var track: Track?
    /// Play, pause or stop.
    public var state: PlaybackState
    /// The playback position, when known.
    public var position: PlaybackPosition?

    /// A snapshot from its parts.
    public init(track: Track?, state: PlaybackState, position: PlaybackPosition? = nil) {
        self.track = track
        self.state = state
        self.position = position
    }

    /// The position at monotonic time `now`: advanced by the time elapsed while playing, clamped to the
    /// track's duration when it is known.
    public func positionSeconds(at now: Duration) -> Double? {
        guard let position else { return nil }
        var seconds = position.seconds
        if state == .play {
            seconds += max((now - position.at).inSeconds, 0)
        }
        if let duration = track?.durationSeconds, duration > 0 {
            seconds = min(seconds, duration)
        }
        return max(seconds, 0)
    }
}
