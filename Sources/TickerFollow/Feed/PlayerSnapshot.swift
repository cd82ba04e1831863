import TickerCore

/// Play, pause or stop, as the feed spells them.
package enum PlaybackState: String, Equatable, Sendable {
    case play
    case pause
    case stop

    /// The feed command that sets this state.
    package var command: FeedCommand {
        switch self {
        case .play: .play
        case .pause: .pause
        case .stop: .stop
        }
    }
}

/// The track a player reports: what the feed's `title`, `artist`, `album` and `duration` carry.
package struct Track: Equatable, Sendable {
    /// The title; empty when the player does not know it.
    package var title: String
    /// The artist; empty when unknown.
    package var artist: String
    /// The album; empty when unknown.
    package var album: String
    /// The length of the track in seconds, when known.
    package var durationSeconds: Double?
    /// Where the track lives: relative to the music directory (as MPD names it, and as a `file://` URL inside
    /// that directory becomes), else the player's URL; used to find a sidecar `.lrc`. `nil` for players that
    /// do not say.
    package var file: String?
    /// Where the player says the track's album cover is; nil when it does not say (or covers are off). Not
    /// part of what makes a track another: a cover learnt later is the same track's.
    package var cover: CoverSource?

    /// A track from its parts.
    package init(
        title: String, artist: String = "", album: String = "", durationSeconds: Double? = nil, file: String? = nil,
        cover: CoverSource? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.durationSeconds = durationSeconds
        self.file = file
        self.cover = cover
    }
}

extension Track {
    /// `title`, `artist` and `album` (normalized: one line, trimmed, bounded), and `duration` when known.
    package var commands: [FeedCommand] {
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
package struct PlaybackPosition: Equatable, Sendable {
    /// Seconds into the track.
    package var seconds: Double
    /// The monotonic clock reading at which `seconds` was true.
    package var at: Duration
}

/// Everything a follower knows about the player at one moment.
package struct PlayerSnapshot: Equatable, Sendable {
    /// The current track, or `nil` when the player has none.
    package var track: Track?
    /// Play, pause or stop.
    package var state: PlaybackState
    /// The playback position, when known.
    package var position: PlaybackPosition?

    /// A snapshot from its parts.
    package init(track: Track?, state: PlaybackState, position: PlaybackPosition? = nil) {
        self.track = track
        self.state = state
        self.position = position
    }

    /// The position at monotonic time `now`: advanced by the time elapsed while playing, clamped to the
    /// track's duration when it is known.
    package func positionSeconds(at now: Duration) -> Double? {
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
