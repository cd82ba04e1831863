/// What a music file's tags say: the lyrics, and the track's title, artist and album.
public struct MusicFileTags: Equatable, Sendable {
    /// The lyrics.
    public var lyrics: EmbeddedLyrics
    /// The track's title, artist and album, when the tags name them.
    public var title: String?
    public var artist: String?
    public var album: String?

    /// Tags as found.
    public init(
        lyrics: EmbeddedLyrics = EmbeddedLyrics(), title: String? = nil, artist: String? = nil, album: String? = nil
    ) {
        self.lyrics = lyrics
        self.title = title
        self.artist = artist
        self.album = album
    }

    /// Adds what `other` found where this has nothing yet: the first of each wins.
    mutating func merge(_ other: MusicFileTags) {
        lyrics.merge(other.lyrics)
        title = title ?? other.title
        artist = artist ?? other.artist
        album = album ?? other.album
    }

    /// Files `text` as `field` (`\.title`) unless it has one already; empty text is nothing.
    mutating func add(_ text: String, as field: WritableKeyPath<MusicFileTags, String?>) {
        let trimmed = text.trimmingWhitespace
        if self[keyPath: field] == nil, !trimmed.isEmpty { self[keyPath: field] = trimmed }
    }
}
