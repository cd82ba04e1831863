/// Where a player says the current track's album cover is: what a follower puts on the `Track`, and what the
/// shared cover code (`CoverFetcher`) turns into the feed's cover picture.
package enum CoverSource: Equatable, Sendable {
    /// The cover file's bytes, as the player sent them (shairport-sync's `PICT`).
    case bytes([UInt8])
    /// A `file://`, `http://` or `https://` URL of the cover file (MPRIS's `mpris:artUrl`, librespot's
    /// `COVERS`, Lyrion's artwork).
    case url(String)
    /// An MPD song URI, whose cover MPD gives with `readpicture` and `albumart`; the MPD follower asks.
    case mpd(String)

    /// What identifies this cover to the caches: the URL or the song, or a hash of the bytes.
    package var key: String {
        switch self {
        case .bytes(let bytes): "bytes:\(bytes.count):" + FNV1a.hex(bytes)
        case .url(let url): "url:" + url
        case .mpd(let uri): "mpd:" + uri
        }
    }

    /// Whether this cover is fetched over the network (and so kept in the cover cache directory).
    var isRemote: Bool {
        guard case .url(let url) = self else { return false }
        let lower = url.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
