import TickerCore
import TickerIO
import TickerPictures

/// `tickerctl render --cover FILE`: the album cover a follower would send for the file, scaled to the box of
/// the configured placement, or of `left` when the configuration has none.
enum RenderCover {
    /// The settings to preview with (turned to `layout.cover = left` when they had it off, which `source`
    /// then also says) and the cover picture decoded from the file at `path`.
    static func load(_ path: String, settings: Settings, source: inout ConfigSource) throws(PictureError) -> (
        Settings, FeedPicture
    ) {
        var settings = settings
        if settings.config.layout.cover == .off {
            source.overrides.append(
                ConfigOverride(section: "layout", key: "cover", value: CoverPlacement.left.rawValue))
            switch Settings.load(source) {
            case .failure(let error): throw PictureError(error.description)
            case .success(let loaded): settings = loaded
            }
        }
        let panel = settings.config.panel
        guard let box = settings.config.layout.cover.box(width: panel.width, height: panel.height) else {
            throw PictureError("no cover box on a \(panel.width)×\(panel.height) panel")
        }
        let bytes: [UInt8]
        do { bytes = try Posix.readFile(path, limit: CoverImage.maxFileBytes) } catch {
            throw PictureError(error.description)
        }
        do { return (settings, try CoverImage.picture(file: bytes, side: box.width)) } catch {
            throw PictureError("'\(path)': \(error)")
        }
    }
}
