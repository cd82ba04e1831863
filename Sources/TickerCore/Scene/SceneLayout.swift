/// Where a scene draws what, fixed by the panel and the look: the zones (the top one, the whole text area when
/// it is not split; the bottom one of a split panel; the top one beside its icon's slot), each renderer with the
/// strips drawn in it, the progress bar and the cover's box.
struct SceneLayout: Sendable {
    var top: ZoneRenderer
    var bottom: ZoneRenderer
    /// The top zone beside its icon's slot (see `Scene+Icons.swift`), and the slot's side; nil without icons.
    var beside: ZoneRenderer
    let iconSide: Int?
    let isSplit: Bool
    /// The bar showing how far the track is, along the bottom row, or nil when there is none.
    let progressBar: ProgressBar?
    /// The square the album cover takes (`style.cover`), or nil when it takes none; the zones and the bar
    /// live in the rest of the panel, cover shown or not, so that nothing moves when one comes or goes.
    let coverBox: Zone?

    /// The layout of a `width` × `height` panel of `depth` levels in `style`.
    init(width: Int, height: Int, depth: PixelDepth, style: SceneStyle) {
        coverBox = style.cover.box(width: width, height: height)
        // The text's part of the panel: all of it, or what the cover and its gap leave.
        let area = style.cover.textArea(width: width, height: height)
        isSplit = style.arrangement == .split && area.height >= 2
        let placement = Self.progressPlacement(
            width: area.width, height: area.height, isSplit: isSplit, style: style)
        progressBar = placement.map {
            ProgressBar(row: area.y + $0.row, left: area.x, width: area.width, depth: depth)
        }
        // The rows the zones share: all but the bar's, when it takes one of its own.
        let rows = area.height - (placement?.reserved ?? 0)
        func renderer(_ zone: Zone, _ fonts: FontChain) -> ZoneRenderer {
            ZoneRenderer(zone: zone, depth: depth, fonts: fonts, marquee: style.marquee, karaoke: style.karaoke)
        }
        // Without a split the bottom zone is empty, below the top one.
        let topHeight = isSplit ? Self.splitRow(height: rows, top: style.fonts, bottom: style.bottomFonts) : rows
        top = renderer(Zone(x: area.x, y: area.y, width: area.width, height: topHeight), style.fonts)
        bottom = renderer(
            Zone(x: area.x, y: area.y + topHeight, width: isSplit ? area.width : 0, height: rows - topHeight),
            style.bottomFonts)
        let side =
            style.icons == nil ? nil : Scene.iconSide(zoneHeight: top.zone.height, fontHeight: style.fonts.height)
        let besideZone = Scene.besideIcon(top.zone, side: side)
        iconSide = besideZone == nil ? nil : side
        beside = renderer(besideZone ?? Zone(x: 0, y: 0, width: 0, height: 0), style.fonts)
    }

    /// Where the progress bar goes on a `width` × `height` panel (split or not) in `style`, and how many rows
    /// the zones give up for it.
    static func progressPlacement(width: Int, height: Int, isSplit: Bool, style: SceneStyle) -> (
        row: Int, reserved: Int
    )? {
        let fonts = isSplit ? style.bottomFonts : style.fonts
        let zoneHeight =
            isSplit ? height - splitRow(height: height, top: style.fonts, bottom: style.bottomFonts) : height
        guard width > 0 else { return nil }
        return ProgressBar.placement(
            mode: style.progress, height: height, zoneHeight: zoneHeight, fontHeight: fonts.height)
    }

    /// Where a split panel divides: in proportion to the two fonts' heights, half way when they are equal.
    static func splitRow(height: Int, top: FontChain, bottom: FontChain) -> Int {
        let total = max(top.height + bottom.height, 1)
        let row = (height * top.height + total / 2) / total
        return min(max(row, 1), height - 1)
    }
}
