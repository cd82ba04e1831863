/// The fonts a split layout draws its two zones with: the configured chains, or, on a panel too low for the
/// built-in font in both zones, the small built-in font in place of a leading `builtin`.
public struct SplitFonts: Sendable, Equatable {
    /// The top zone's chain.
    public var top: [Config.FontSource]
    /// The bottom zone's chain.
    public var bottom: [Config.FontSource]
    /// Whether the small font took the built-in one's place, the panel being too low for it: a sentence saying
    /// so, for `--check-config`, or nil.
    public var note: String?
}

extension Config {
    /// The rows a built-in font is tall; nil for a file, which must be loaded first.
    public static func builtinRows(_ source: FontSource) -> Int? {
        switch source {
        case .builtin: BitmapFont.builtin.height
        case .small: BitmapFont.small.height
        case .bdf: nil
        }
    }

    /// The chains of a split layout's zones, given the rows each font is tall (`rows`; nil where not known,
    /// then nothing is checked). Each zone must be as tall as the first font of its chain, whose box every line
    /// keeps: the two fonts must fit `panel.height` (under a cover above the text, the rows it leaves) one above
    /// the other. When they do not, a leading `builtin`
    /// becomes `small` (8 rows to 6); when even that does not fit, the answer is the conflict, naming the
    /// fonts, the rows they need and what would fit.
    public func splitFonts(rows: (FontSource) -> Int?) -> Result<SplitFonts, ConfigError> {
        let configured = SplitFonts(top: layout.topFont ?? layout.font, bottom: layout.bottomFont ?? layout.font)
        func need(_ fonts: SplitFonts) -> (top: Int, bottom: Int)? {
            guard let top = fonts.top.first.flatMap(rows), let bottom = fonts.bottom.first.flatMap(rows) else {
                return nil
            }
            return (top, bottom)
        }
        guard let wanted = need(configured) else { return .success(configured) }
        let height = layout.cover.textArea(width: panel.width, height: panel.height).height
        let rowsGiven =
            height == panel.height ? "panel.height is \(height)" : "the text under layout.cover has \(height) rows"
        if wanted.top + wanted.bottom <= height { return .success(configured) }
        func smaller(_ chain: [FontSource]) -> [FontSource] {
            chain.first == .builtin ? [.small] + chain.dropFirst() : chain
        }
        var small = SplitFonts(top: smaller(configured.top), bottom: smaller(configured.bottom))
        if small != configured, let fit = need(small), fit.top + fit.bottom <= height {
            small.note =
                "layout.zones 'split' on \(height) rows: the zones draw with the small font (\(BitmapFont.small.height) "
                + "rows), the built-in one needing \(wanted.top + wanted.bottom) rows for both"
            return .success(small)
        }
        let tried = need(small) ?? wanted
        let names = [(small.top.first, tried.top), (small.bottom.first, tried.bottom)].map { source, rows in
            "\(source.map(Self.fontName) ?? "builtin") (\(rows) rows)"
        }
        let smallest = 2 * BitmapFont.small.height
        let fits =
            height < smallest
            ? "no built-in font fits two zones below \(smallest) rows: use zones = single"
            : "fonts of at most \(height / 2) rows each fit, such as font = small; or use zones = single"
        return .failure(
            .conflict(
                "layout.zones 'split' needs \(tried.top + tried.bottom) rows for its fonts, \(names[0]) above "
                    + "\(names[1]), and \(rowsGiven) (\(fits))"))
    }

    /// A font as the configuration names it.
    private static func fontName(_ source: FontSource) -> String {
        switch source {
        case .builtin: "builtin"
        case .small: "small"
        case .bdf(let path): path
        }
    }
}
