/// Decides which feed lines a new player snapshot needs, given what the feed has already been told.
///
/// Pure: time comes in as a parameter and lyrics through a closure, so tests drive it directly.
public struct FeedPlanner {
    /// Why the follower is asking.
    public enum Reason: Sendable {
        /// The player reported a change (track, state, seek).
        case change
        /// A periodic refresh: only a fresh position while playing.
        case tick
    }

    private var sent: PlayerSnapshot?
    private var lyricsTrack: Track?
    private var lyricsLines: [String] = []

    /// A planner that has told the feed nothing yet.
    public init() {}

    /// Forgets what the feed was told, so the next `lines` call sends everything (after the feed was
    /// reopened, or the player reconnected).
    public mutating func reset() {
        sent = nil
    }

    /// The lines that bring the feed from what it was told last to `snapshot`, at monotonic time `now`.
    /// `lyrics` is asked for the LRC text of a track only when the track changes.
    public mutating func lines(
        for snapshot: PlayerSnapshot,
        reason: Reason,
        now: Double,
        lyrics: (Track) -> String?
    ) -> [String] {
        let previous = sent
        sent = snapshot
        if reason == .tick {
            guard previous != nil, snapshot.state == .play, let position = snapshot.positionSeconds(at: now) else {
                return previous == nil ? fullLines(for: snapshot, now: now, lyrics: lyrics) : []
            }
            return [FeedScript.positionLine(position)]
        }
        guard let previous else { return fullLines(for: snapshot, now: now, lyrics: lyrics) }
        var lines: [String] = []
        let trackChanged = !Self.sameTrack(previous.track, snapshot.track)
        if trackChanged {
            lines += trackAndLyrics(snapshot.track, lyrics: lyrics)
        } else if let duration = snapshot.track?.durationSeconds, duration > 0,
            duration != previous.track?.durationSeconds
        {
            lines.append("duration " + FeedScript.seconds(duration))
        }
        if trackChanged || previous.state != snapshot.state {
            lines.append(snapshot.state.rawValue)
        }
        if snapshot.state != .stop, let position = snapshot.positionSeconds(at: now) {
            lines.append(FeedScript.positionLine(position))
        }
        return lines
    }

    private mutating func fullLines(for snapshot: PlayerSnapshot, now: Double, lyrics: (Track) -> String?) -> [String] {
        var lines = trackAndLyrics(snapshot.track, lyrics: lyrics)
        lines.append(snapshot.state.rawValue)
        if snapshot.state != .stop, let position = snapshot.positionSeconds(at: now) {
            lines.append(FeedScript.positionLine(position))
        }
        return lines
    }

    private mutating func trackAndLyrics(_ track: Track?, lyrics: (Track) -> String?) -> [String] {
        guard let track else {
            lyricsTrack = nil
            lyricsLines = []
            return ["clear"]
        }
        if !Self.sameTrack(lyricsTrack, track) {
            lyricsTrack = track
            lyricsLines = FeedScript.lyricsLines(lyrics(track))
        }
        return FeedScript.trackLines(track) + lyricsLines
    }

    /// Whether two tracks are the same song; a duration learnt later does not make a new track.
    static func sameTrack(_ a: Track?, _ b: Track?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.title == b.title && a.artist == b.artist && a.album == b.album && a.file == b.file
    }
}
