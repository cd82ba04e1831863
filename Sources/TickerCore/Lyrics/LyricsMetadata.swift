/// The `[key:value]` tags of a lyrics file.
public struct LyricsMetadata: Sendable, Equatable {
    /// `[ar:]`: the performing artist.
    public var artist: String?
    /// `[ti:]`: the track title.
    public var title: String?
    /// `[al:]`: the album.
    public var album: String?
    /// `[by:]`: who wrote the LRC file.
    public var author: String?
    /// `[length:]`: the track's length, which the last line may last until.
    public var length: Duration?
    /// `[offset:]`: milliseconds to show lyrics earlier (positive) or later (negative); already applied to
    /// every time in the parsed lines.
    public var offset: Duration = .zero
    /// Every tag as written, known ones included, keyed by its lower-cased name; a later tag replaces an
    /// earlier one.
    public var tags: [String: String] = [:]

    /// Empty metadata.
    public init() {}
}
