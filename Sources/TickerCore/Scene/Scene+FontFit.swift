extension Scene {
    /// One sentence for each fallback font taller than the zone it draws in: its glyphs are clipped there,
    /// around the first font's baseline (see `Strip.init(_:height:)`), so the configuration deserves a look.
    public var fontWarnings: [String] {
        var warnings: [String] = []
        let zones =
            layout.isSplit ? [("top zone", layout.top), ("bottom zone", layout.bottom)] : [("panel", layout.top)]
        for (name, renderer) in zones {
            let rows = renderer.zone.height
            for font in renderer.fonts.fonts.dropFirst() where font.height > rows {
                warnings.append(
                    "the fallback font \(font.name) is \(font.height) rows tall and the \(name) \(rows): "
                        + "its characters are cut to the \(name) around the first font's baseline")
            }
        }
        return warnings
    }
}
