/// The now-playing line as the scene observed it, and the player going quiet: the line, when it last changed
/// (its marquee lap starts there), the artist's columns in its strip, and since when the panel counts down to
/// its idle screen. A line written by a script that never says `play` stays up; a player that stopped goes
/// idle.
struct NowPlayingWatch: Sendable {
    /// The line shown.
    private(set) var line = ""
    /// When it last changed.
    private(set) var since: Duration = .zero
    /// The artist's columns in the line's strip (empty unless measured).
    private(set) var artist = 0..<0
    /// Since when the player is quiet (stopped after playing, or nothing to show); nil while a track is up.
    private(set) var idleSince: Duration? = .zero
    private var track = -1
    private var playback = PlayerState.Playback.stopped
    private var stoppedAfterPlaying = false

    /// Takes note of `state` at `now`: its line as `template` writes it, and the artist's columns measured in
    /// `fonts` (nil: not measured).
    mutating func observe(_ state: PlayerState, template: NowPlayingTemplate, fonts: FontChain?, at now: Duration) {
        let (line, artist) = state.nowPlayingMarkingArtist(template)
        if line != self.line || state.track != track {
            self.line = line
            since = now
            self.artist = 0..<0
            if let fonts, let artist { self.artist = TextLine(line, fonts: fonts).span(ofCharacters: artist) }
            if state.track != track { stoppedAfterPlaying = false }
            track = state.track
        }
        if state.playback == .stopped, playback != .stopped { stoppedAfterPlaying = true }
        if state.playback != .stopped { stoppedAfterPlaying = false }
        playback = state.playback
        if !line.isEmpty && !stoppedAfterPlaying {
            idleSince = nil
        } else if idleSince == nil {
            idleSince = now
        }
    }

    /// Whether the idle screen shows at `now` when nothing hides it: nothing to show, or `idleAfter` has passed
    /// since the player went quiet.
    func isIdle(at now: Duration, after idleAfter: Duration) -> Bool {
        guard let idleSince else { return false }
        return line.isEmpty || now - idleSince >= idleAfter
    }
}
