/// What every follower is told about its output: the feed it writes to, and where it finds the lyrics of a
/// new track.
package struct FeedSettings: Sendable {
    /// The feed FIFO to write to.
    package var path: String
    /// Where lyrics are looked up first (sidecars, tags, a lyrics directory).
    package var lyrics: LyricsLibrary
    /// Where lyrics found nowhere else are looked up online; nil for never.
    package var online: OnlineLyricsSettings?

    /// Settings writing to `path`.
    package init(path: String, lyrics: LyricsLibrary = LyricsLibrary(), online: OnlineLyricsSettings? = nil) {
        self.path = path
        self.lyrics = lyrics
        self.online = online
    }
}
