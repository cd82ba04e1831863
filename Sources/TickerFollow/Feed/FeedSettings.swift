/// What every follower is told about its output: the feeds it writes to, and where it finds the lyrics of a
/// new track.
package struct FeedSettings: Sendable {
    /// The feed FIFOs to write to, one per panel: each gets the same lines, and each is opened, retried and
    /// brought up to date on its own, so one that is missing or whose daemon is gone holds up none of the others.
    package var paths: [String]
    /// Where lyrics are looked up first (sidecars, tags, a lyrics directory).
    package var lyrics: LyricsLibrary
    /// Where lyrics found nowhere else are looked up online; nil for never.
    package var online: OnlineLyricsSettings?

    /// Settings writing to every feed of `paths`.
    package init(paths: [String], lyrics: LyricsLibrary = LyricsLibrary(), online: OnlineLyricsSettings? = nil) {
        self.paths = paths
        self.lyrics = lyrics
        self.online = online
    }
}
