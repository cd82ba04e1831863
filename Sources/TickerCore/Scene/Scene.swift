/// What the panel shows, as a pure function of the player state and the time: the lyric being sung, the
/// now-playing line when no lyric is, a transient message over either while it lasts, or the idle screen; and,
/// with `layout.cover`, the track's album cover in a box of its own beside or above the zones.
///
/// What each zone shows and since when is one composition of the state, the time and the idle clock's text
/// (`compose`), which drawing and `nextChange` both read; no drawing depends on an earlier one. A scene keeps
/// what it observed of the state (`observe(_:at:)`): the now-playing line and when it changed, when the player
/// went idle, the lyrics laid out. Its caches of strips change only what drawing costs: drawing a frame from
/// them allocates nothing.
public struct Scene: Sendable {
    /// Panel width in pixels.
    public let width: Int
    /// Panel height in pixels.
    public let height: Int
    /// Bits per pixel.
    public let depth: PixelDepth
    /// Whether the panel shows colour: the levels drawn then become colours in `colorize(_:into:)`, instead
    /// of being scaled by the palette's luminance.
    public let isColor: Bool
    /// The look.
    public let style: SceneStyle

    /// Where it draws what: the zones with their strips, the progress bar, the cover's box.
    var layout: SceneLayout
    /// The now-playing line and since when, and the player going quiet.
    var playing = NowPlayingWatch()
    /// The state last observed, when, and what the top zone showed then.
    var observation = Observation()
    /// The observed lyrics, laid out.
    var lyrics = ObservedLyrics()
    let colorizer: Colorizer
    /// What each pixel of the frame last drawn by `render(_:at:clock:into:)` was drawn as.
    var paints = Paints()
    /// The level of each pixel of the observed cover, and that cover: worked out once when it arrives.
    var coverLevels = CoverLevels()
    /// The pictures the top zone's screens gave way to, kept for their transitions (see `Scene+Transition`).
    var outgoing: [Outgoing] = []
    /// Whether a state has been observed: the first one appears without a transition.
    var hasObserved = false
    /// The idle clock's text last drawn, for the picture a change of state leaves.
    var clockShown = ""

    /// The zones the panel is divided into, top first.
    public var zones: [Zone] { layout.isSplit ? [layout.top.zone, layout.bottom.zone] : [layout.top.zone] }

    /// Whether the panel counts down to its idle screen, or shows it (see `observe(_:at:)`): the player
    /// stopped, or there is no now-playing line. While false, the track stays up for as long as nothing changes.
    public var isQuiet: Bool { playing.idleSince != nil }

    /// A scene for a `width` × `height` panel of `depth` levels, grey or (`color`) turned into colours.
    public init(width: Int, height: Int, depth: PixelDepth, color: Bool = false, style: SceneStyle) {
        self.width = width
        self.height = height
        self.depth = depth
        self.isColor = color
        self.style = style
        layout = SceneLayout(width: width, height: height, depth: depth, style: style)
        let restLevel = layout.top.restFraction.map { UInt8(($0 * Double(depth.maxLevel)).rounded()) } ?? depth.maxLevel
        colorizer = Colorizer(palette: style.palette, depth: depth, restLevel: restLevel)
        paints.reset(width: width, height: height, recorded: colorizer.usesPaint)
    }

    /// Takes note of a changed state (call after applying feed commands, before rendering): the now-playing
    /// line, when its marquee lap started, when the player went idle, the lyrics' layouts, and what the top
    /// zone showed until now, so that what it shows next is seen to be new or to come back.
    public mutating func observe(_ state: PlayerState, at now: Duration) {
        let scene = style.transitions.duration > .zero ? self : nil
        let before = topView(observation.state, at: now)
        playing.observe(state, template: style.template, fonts: colorizer.usesPaint ? layout.top.fonts : nil, at: now)
        if state.lyrics != observation.state.lyrics {
            lyrics = ObservedLyrics(
                state.lyrics, top: layout.top, bottom: layout.bottom, split: layout.isSplit, wrap: style.karaoke.wrap)
        }
        if layout.coverBox != nil, state.cover != coverLevels.cover {
            coverLevels = CoverLevels(state.cover, depth: depth)
        }
        let content = topContent(state, at: now).content
        let since = content == before.content ? before.since : now
        observation = Observation(state: state, at: now, shown: TopView(content: content, since: since))
        if let scene {
            keepOutgoing(before: scene, state, at: now)
        } else {
            outgoing.removeAll()
        }
        hasObserved = true
    }

    /// Draws the panel at monotonic instant `now` into `frame` (which must be `width` × `height` of `depth`),
    /// and what each pixel was drawn as into `paints`, for `colorize(_:paints:into:)`; answers when the picture
    /// next changes, as `nextChange(_:after:clock:)` does: both read the one composition of `state` at `now`,
    /// made once. `clock` is the text shown by the idle clock (the caller formats the time of day). On a grey
    /// panel whose palette is not white on black, each level is then scaled by the luminance of its pixel's
    /// colour.
    @discardableResult
    public mutating func render(
        _ state: PlayerState, at now: Duration, clock: String = "", into frame: inout Frame, paints: inout Paints
    ) -> Duration? {
        clockShown = clock
        let composition = picture(state, at: now, clock: clock, into: &frame, paints: &paints)
        return nextChange(of: composition, state, after: now)
    }

    /// Draws the panel like `render(_:at:clock:into:paints:)`, keeping what each pixel was drawn as for
    /// `colorize(_:into:)`: for a caller that draws one frame at a time and does not ask when the next is due.
    public mutating func render(_ state: PlayerState, at now: Duration, clock: String = "", into frame: inout Frame) {
        // Drawn into storage of its own, then kept: `paints` cannot be lent while the scene draws.
        var drawn = Paints()
        swap(&drawn, &paints)
        clockShown = clock
        picture(state, at: now, clock: clock, into: &frame, paints: &drawn)
        swap(&drawn, &paints)
    }

    /// The colours of `frame` as this scene last drew it with `render(_:at:clock:into:)`, into `image`, without
    /// allocating.
    public func colorize(_ frame: Frame, into image: inout RGBFrame) {
        colorize(frame, paints: paints, into: &image)
    }

    /// The colours of `frame`, drawn with `paints`, into `image`, without allocating: each level in its role's
    /// colour, the text of a look (`message --colors`, …) in its colours, and the pixels of an icon the feed sent
    /// and of the cover in their own.
    public func colorize(_ frame: Frame, paints: Paints, into image: inout RGBFrame) {
        colorizer.colorize(frame, paints: paints.recorded, into: &image)
        if isColor, let look = paints.look {
            look.lay(over: &image, frame: frame, background: style.palette[.background] ?? .black)
        }
        paints.iconColours?.lay(over: &image)
        paints.coverColours?.lay(over: &image)
        paints.transition?.lay(over: &image)
    }
}
