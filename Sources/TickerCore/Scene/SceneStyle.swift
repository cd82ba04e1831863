/// How the panel is divided.
public enum ZoneArrangement: String, Sendable, CaseIterable {
    /// One zone, the whole panel.
    case single
    /// A top zone for the now-playing line (and messages) and a bottom zone for the lyric being sung.
    case split
}

/// What the panel shows when there is nothing to play.
public enum IdleMode: String, Sendable, CaseIterable {
    /// Nothing: the panel goes dark.
    case blank
    /// The time of day, from the text the daemon passes in.
    case clock
    /// A fixed line of text (`SceneStyle.idleText`).
    case text
}

/// Everything about how a scene looks that does not come from the feed.
public struct SceneStyle: Sendable {
    /// How the panel is divided.
    public var arrangement: ZoneArrangement
    /// Fonts of the single zone, or of the top zone of a split panel.
    public var fonts: FontChain
    /// Fonts of the bottom zone of a split panel.
    public var bottomFonts: FontChain
    /// How lines that do not fit move.
    public var marquee: MarqueeStyle
    /// How lyrics light up.
    public var karaoke: KaraokeStyle
    /// The now-playing line, e.g. `{artist} — {title}`.
    public var template: NowPlayingTemplate
    /// Added to the playback position before looking up the lyric: positive shows lyrics earlier.
    public var lyricsOffset: Duration
    /// What shows when idle.
    public var idle: IdleMode
    /// The line shown when `idle` is `.text`.
    public var idleText: String
    /// How long playback must have been stopped (or nothing played) before the panel goes idle.
    public var idleAfter: Duration
    /// The colour of each role; the standard palette is white on black.
    public var palette: Palette
    /// Whether a bar shows how far the track is (see `ProgressBar`).
    public var progress: ProgressMode = .auto
    /// The icon before the text of each role, or nil for no icons (`layout.icons = off`).
    public var icons: IconStyle?
    /// Whether the feed's pages take turns with the idle screen.
    public var pages = PageMode.rotate
    /// How long each page and the idle screen show in turn.
    public var pageTime: Duration = .seconds(8)
    /// Where the album cover goes; every zone lives in the rest of the panel while it is not `off`.
    public var cover = CoverPlacement.off
    /// How the top zone's screens give way to each other; every change cuts by default.
    public var transitions = TransitionStyle.off

    /// Creates a style; every default is the documented configuration default.
    public init(
        arrangement: ZoneArrangement = .single, fonts: FontChain,
        bottomFonts: FontChain? = nil, marquee: MarqueeStyle = MarqueeStyle(), karaoke: KaraokeStyle = KaraokeStyle(),
        template: NowPlayingTemplate = .standard, lyricsOffset: Duration = .zero, idle: IdleMode = .blank,
        idleText: String = "", idleAfter: Duration = .seconds(30), palette: Palette = .standard,
        icons: IconStyle? = nil
    ) {
        self.arrangement = arrangement
        self.fonts = fonts
        self.bottomFonts = bottomFonts ?? fonts
        self.marquee = marquee
        self.karaoke = karaoke
        self.template = template
        self.lyricsOffset = lyricsOffset
        self.idle = idle
        self.idleText = idleText
        self.idleAfter = idleAfter
        self.palette = palette
        self.icons = icons
    }
}
