import TickerCore

/// Decides which feed commands a new player snapshot needs, given what the feed has already been told.
///
/// Pure: time comes in as a parameter and lyrics through a closure, so tests drive it directly.
package struct FeedPlanner {
    /// Why the follower is asking.
    package enum Reason: Sendable {
        /// The player reported a change (track, state, seek).
        case change
        /// A periodic refresh: only a fresh position while playing.
        case tick
    }

    /// How far (seconds) a reported position may be from where the feed's clock is before a change with
    /// the same track and state sends it: a seek, not the jitter of two reports of one moment (MPD reports
    /// a start twice, as the command is taken and as the decoder starts).
    package static let seekToleranceSeconds = 0.25

    private var sent: PlayerSnapshot?
    private var lyricsTrack: Track?
    private var lyricsCommand = FeedCommand.lyricsClear

    /// A planner that has told the feed nothing yet.
    package init() {}

    /// The track the feed was told of last; nil when none, or after a reset.
    var sentTrack: Track? { sent?.track }

    /// Forgets what the feed was told, so the next `commands` call sends everything (after the feed was
    /// reopened, or the player reconnected).
    package mutating func reset() {
        sent = nil
    }

    /// The commands that bring the feed from what it was told last to `snapshot`, at monotonic time `now`. `lyrics` is asked for the LRC text of a track only when the track changes.
    package mutating func commands(
        for snapshot: PlayerSnapshot,
        reason: Reason,
        now: Duration,
        lyrics: (Track) -> String?
    ) -> [FeedCommand] {
        let previous = sent
        sent = snapshot
        if reason == .tick {
            guard previous != nil, snapshot.state == .play, let position = snapshot.positionSeconds(at: now) else {
                return previous == nil ? allCommands(for: snapshot, now: now, lyrics: lyrics) : []
            }
            return [.position(FeedCommand.time(seconds: position))]
        }
        guard let previous else { return allCommands(for: snapshot, now: now, lyrics: lyrics) }
        var commands: [FeedCommand] = []
        let trackChanged = !Self.sameTrack(previous.track, snapshot.track)
        if trackChanged {
            commands += trackAndLyrics(snapshot.track, lyrics: lyrics)
        } else if let duration = snapshot.track?.durationSeconds, duration > 0,
            duration != previous.track?.durationSeconds
        {
            commands.append(.duration(FeedCommand.time(seconds: duration)))
        }
        let stateChanged = trackChanged || previous.state != snapshot.state
        if stateChanged {
            commands.append(snapshot.state.command)
        }
        if snapshot.state != .stop, let position = snapshot.positionSeconds(at: now) {
            if stateChanged || !Self.onClock(position, previous, now: now) {
                commands.append(.position(FeedCommand.time(seconds: position)))
            } else {
                // The feed's clock still runs from the position it was told.
                sent?.position = previous.position
            }
        }
        return commands
    }

    private mutating func allCommands(for snapshot: PlayerSnapshot, now: Duration, lyrics: (Track) -> String?)
        -> [FeedCommand]
    {
        var commands = trackAndLyrics(snapshot.track, lyrics: lyrics)
        commands.append(snapshot.state.command)
        if snapshot.state != .stop, let position = snapshot.positionSeconds(at: now) {
            commands.append(.position(FeedCommand.time(seconds: position)))
        }
        return commands
    }

    private mutating func trackAndLyrics(_ track: Track?, lyrics: (Track) -> String?) -> [FeedCommand] {
        guard let track else {
            lyricsTrack = nil
            lyricsCommand = .lyricsClear
            return [.clear]
        }
        if !Self.sameTrack(lyricsTrack, track) {
            lyricsTrack = track
            lyricsCommand = lyrics(track).map { FeedCommand.lyricsBlock(lrc: $0) } ?? .lyricsClear
        }
        return track.commands + [lyricsCommand]
    }

    /// The commands that deliver lyrics found later (online) for `track`: the lyrics block when `track` is
    /// still the current one, nothing otherwise. The block is also sent again with the track after a reset,
    /// and first with it when they arrive after a reset (while the feed was closed).
    package mutating func lyricsArrived(_ lrc: String, for track: Track) -> [FeedCommand] {
        guard Self.sameTrack(lyricsTrack, track) else { return [] }
        lyricsCommand = FeedCommand.lyricsBlock(lrc: lrc)
        guard let current = sent?.track, Self.sameTrack(current, track) else { return [] }
        return [lyricsCommand]
    }

    /// Whether `position` is within `seekToleranceSeconds` of where `told`, the snapshot the feed was given
    /// last, has its clock at `now`.
    private static func onClock(_ position: Double, _ told: PlayerSnapshot, now: Duration) -> Bool {
        guard let expected = told.positionSeconds(at: now) else { return false }
        return abs(position - expected) <= seekToleranceSeconds
    }

    /// Whether two tracks are the same song; a duration learnt later does not make a new track.
    static func sameTrack(_ a: Track?, _ b: Track?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.title == b.title && a.artist == b.artist && a.album == b.album && a.file == b.file
    }
}
