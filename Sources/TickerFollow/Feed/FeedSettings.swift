/// What every follower is told about its output: the feeds it writes to, where it finds the lyrics of a new
/// track, and whether it sends album covers.
package struct FeedSettings: Sendable {
    /// The feed FIFOs to write to, one per panel: each gets the same lines, and each is opened, retried and
    /// brought up to date on its own, so one that is missing or whose daemon is gone holds up none of the others.
    package var paths: [String]
    /// Where lyrics are looked up first (sidecars, tags, a lyrics directory).
    package var lyrics: LyricsLibrary
    /// Where lyrics found nowhere else are looked up online; nil for never.
    package var online: OnlineLyricsSettings?
    /// The album covers' side and cache; nil sends no covers.
    package var covers: CoverSettings?

    /// Settings writing to every feed of `paths`.
    package init(
        paths: [String], lyrics: LyricsLibrary = LyricsLibrary(), online: OnlineLyricsSettings? = nil,
        covers: CoverSettings? = nil
    ) {
        self.paths = paths
        self.lyrics = lyrics
        self.online = online
        self.covers = covers
    }
}
