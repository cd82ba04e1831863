/// Draws what the daemon shows, as the decider (`DaemonMachine`) asks: it owns the scene and the picture (the
/// levels drawn and, on a colour panel, their colours), takes note of each change of the player state at the
/// instant it happened (`.observe`), draws and colours the picture at the instant a `.render` names, and says
/// when the picture next changes (`outlook`), which the decider takes into account as it does the link's
/// deadline. The shell owns it and hands its picture to the link and the terminal. Pure; time is passed in.
public struct Renderer: Sendable {
    /// What was drawn last.
    public private(set) var picture: Picture
    /// When the picture drawn last next changes, and whether the scene has let the track go: for the decider.
    public private(set) var outlook: PictureOutlook
    /// The look, and what the picture shows since when.
    private var scene: Scene
    /// The decider's frame grid: frames drawn ahead land on it.
    private var grid: FrameGrid
    /// Frames drawn ahead of time (see `DrawAhead`).
    private var ahead: DrawAhead
    /// What each pixel of the frame drawn afresh last was drawn as: its colours.
    private var paints = Paints()

    /// A renderer of `scene` that has drawn nothing, its picture dark; with `framesDrawnAhead` frames drawn
    /// ahead of time at once while nothing changes (0: each frame when it is due).
    public init(scene: Scene, grid: FrameGrid, framesDrawnAhead: Int = 16) {
        self.scene = scene
        self.grid = grid
        picture = Self.picture(for: scene)
        outlook = PictureOutlook(nextChange: nil, isQuiet: scene.isQuiet)
        ahead = DrawAhead(capacity: framesDrawnAhead)
    }

    /// How many frames `render` copied out from those drawn ahead.
    public var framesShownFromAhead: Int { ahead.framesShown }

    /// The player state changed at `now` (feed input, a restore, the demo starting over): the scene takes note
    /// of it at that very instant (a new line's lap starts there, and the countdown to the idle screen).
    public mutating func observe(_ state: PlayerState, at now: Duration) {
        scene.observe(state, at: now)
        ahead.drop()
        outlook.isQuiet = scene.isQuiet
    }

    /// A reloaded configuration takes effect at `now`: a new scene (the look may have changed), which takes
    /// note of `state`, and the decider's new grid. The picture stays until the next drawing, unless the panel
    /// changed its size, depth or colour.
    public mutating func reload(scene: Scene, grid: FrameGrid, state: PlayerState, at now: Duration) {
        // The panel may have another size.
        ahead = DrawAhead(capacity: ahead.capacity)
        if scene.width != self.scene.width || scene.height != self.scene.height || scene.depth != self.scene.depth
            || scene.isColor != self.scene.isColor
        {
            picture = Self.picture(for: scene)
        }
        self.scene = scene
        self.grid = grid
        observe(state, at: now)
    }

    /// Carries out `action` when it is the renderer's (`.observe`, `.render`), with `machine`'s state and idle
    /// clock; returns whether it was. The shell hands it every action and carries out the rest itself.
    @discardableResult
    public mutating func carryOut(_ action: DaemonMachine.Action, of machine: DaemonMachine) -> Bool {
        switch action {
        case .observe(let instant): observe(machine.state, at: instant)
        case .render(let instant): render(machine.state, at: instant, clock: machine.clockText)
        default: return false
        }
        return true
    }

    /// Draws `state` at `instant` (as a `.render` action asks) into the picture, with the idle clock showing
    /// `clock`, and on a colour panel its colours; then knows when the picture next changes.
    public mutating func render(_ state: PlayerState, at instant: Duration, clock: String) {
        if let slot = ahead.slot(at: instant, clock: clock) {
            outlook.nextChange = ahead.show(slot, into: &picture.frame)
        } else {
            // Late (a frame of the grid was missed), new input, or nothing drawn ahead: the drawing starts afresh.
            ahead.drop()
            outlook.nextChange = scene.render(
                state, at: instant, clock: clock, into: &picture.frame, paints: &paints
            ).map { max($0, instant) }
            if grid.floor(instant) == instant {
                ahead.fill(
                    after: instant, due: outlook.nextChange, scene: &scene, state: state, clock: clock, grid: grid)
            }
        }
        guard picture.isColor else { return }
        // The colours of the frame shown, as the scene drew it.
        scene.colorize(picture.frame, paints: ahead.paintsOfFrameShown ?? paints, into: &picture.colors)
    }

    private static func picture(for scene: Scene) -> Picture {
        Picture(width: scene.width, height: scene.height, depth: scene.depth, color: scene.isColor)
    }
}
