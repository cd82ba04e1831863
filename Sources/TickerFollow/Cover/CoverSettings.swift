/// Whether and how a follower sends album covers (`--cover-side`, `--no-covers`): the side of the square the
/// panel gives the cover, and where covers fetched over the network are remembered.
package struct CoverSettings: Equatable, Sendable {
    /// The default cache directory (the follower units' `CacheDirectory=tickerd`).
    package static let defaultCacheDirectory = "/var/cache/tickerd/covers"

    /// The side of the cover picture, in pixels (1 to `FeedPicture.maxSide`).
    package var side: Int
    /// Where covers fetched over HTTP (and the ones found missing) are kept; nil keeps them in memory only.
    package var cacheDirectory: String?
    /// How long one HTTP request may take in all, in seconds (half of it for the connection or any silence).
    package var timeoutSeconds: Double
    /// How long a cover found missing is remembered, in seconds (a day by default).
    package var missLifetimeSeconds: Double

    /// Covers of `side` pixels a side.
    package init(
        side: Int, cacheDirectory: String? = defaultCacheDirectory, timeoutSeconds: Double = 10,
        missLifetimeSeconds: Double = 24 * 3600
    ) {
        self.side = side
        self.cacheDirectory = cacheDirectory
        self.timeoutSeconds = timeoutSeconds
        self.missLifetimeSeconds = missLifetimeSeconds
    }

    /// The cache these settings describe.
    var cache: CoverCache? {
        cacheDirectory.map { CoverCache(directory: $0, side: side, missLifetimeSeconds: missLifetimeSeconds) }
    }
}
