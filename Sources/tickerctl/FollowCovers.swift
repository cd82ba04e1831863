import TickerCore
import TickerFollow
import TickerIO

/// The options that say whether and how the followers send album covers.
enum CoverOptions {
    static let all = [
        Option(
            "--cover-side", "PIXELS", meaning: "a number of pixels",
            help:
                "send the album cover scaled to PIXELS × PIXELS (1-\(FeedPicture.maxSide); default: the side of the "
                + "cover box the configuration's layout.cover gives its panel; none without either)"),
        Option(
            "--cover-cache", "DIR", meaning: "a directory",
            help: "where covers fetched over HTTP are kept (default \(CoverSettings.defaultCacheDirectory))"),
        Option.flag("--no-covers", help: "send no album covers, whatever the side"),
    ]

    /// Reads the cover options of `given` into `options`.
    static func read(_ given: ParsedArguments, into options: inout LyricsLibraryOptions) throws(UsageError) {
        if let text = given.value("--cover-side") {
            guard text.utf8.count <= 3, let side = Int(text), (1...FeedPicture.maxSide).contains(side) else {
                throw UsageError("invalid --cover-side '\(text)' (expected 1 to \(FeedPicture.maxSide) pixels)")
            }
            options.coverSide = side
        }
        options.coverCacheDirectory = given.value("--cover-cache")
        options.noCovers = given.has("--no-covers")
    }
}
