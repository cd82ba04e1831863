/// How one screen of a zone gives way to the next.
public enum TransitionEffect: String, Sendable, CaseIterable {
    /// At once, as the panel did before transitions.
    case cut
    /// The new screen pushes the old one out towards the left (it comes in from the right).
    case slideLeft = "slide-left"
    /// The new screen comes in from the left.
    case slideRight = "slide-right"
    /// The new screen comes up from below.
    case slideUp = "slide-up"
    /// The new screen comes down from above.
    case slideDown = "slide-down"
    /// The old screen fades out to black, then the new one fades in; dithered on a 1-bit panel.
    case fade
    /// The old screen fades into the new one; a dissolve on a 1-bit panel.
    case crossfade
    /// The new screen is uncovered column by column, from the left.
    case wipe
}

/// What kind of change of a zone's screen a transition marks, each with an effect of its own.
public enum ScreenChange: String, Sendable, CaseIterable {
    /// A new now-playing line.
    case title
    /// A message coming, going, or giving way to another.
    case message
    /// The idle screen turning to its next page.
    case page
    /// The idle screen taking over, or giving the panel back.
    case idle
    /// A lyric line taking the panel from what shows between lines (the now-playing line, the idle screen), or
    /// giving it back; never from one line to the next.
    case lyric
}

/// The transitions of a scene: an effect for each kind of change and how long each lasts.
public struct TransitionStyle: Sendable, Equatable {
    /// How long a transition lasts.
    public var duration: Duration
    /// The effect of each kind of change; a kind left out cuts.
    public var effects: [ScreenChange: TransitionEffect]

    /// Every change cuts: the panel as it was before transitions.
    public static let off = TransitionStyle(duration: .zero, effects: [:])

    /// The effects and duration given.
    public init(duration: Duration, effects: [ScreenChange: TransitionEffect]) {
        self.duration = duration
        self.effects = effects
    }

    /// The effect of `change`: a cut when none is set or transitions take no time.
    public func effect(for change: ScreenChange) -> TransitionEffect {
        duration > .zero ? effects[change] ?? .cut : .cut
    }
}

/// One transition under way: an effect between two screens of a zone, started at an instant. Where it stands
/// at an instant is a whole step, so the picture changes only when the step does and a daemon can sleep until
/// then (`nextStep(after:)`): a column or row for a slide or a wipe, a level for a fade.
struct Transition: Sendable, Equatable {
    var effect: TransitionEffect
    var start: Duration
    var duration: Duration
    /// How many distinct pictures it passes through, the last being the new screen whole.
    var steps: Int

    /// A transition of `effect` from `start` for `duration` over a `zone` of a panel of `depth`.
    init(effect: TransitionEffect, start: Duration, duration: Duration, zone: Zone, depth: PixelDepth) {
        self.effect = effect
        self.start = start
        self.duration = duration
        // A fade passes each level twice (out, then in); a 1-bit panel dithers through a 4×4 pattern's 16.
        let levels = depth == .one ? Self.ditherLevels : Int(depth.maxLevel)
        steps =
            switch effect {
            case .cut: 1
            case .slideLeft, .slideRight, .wipe: max(zone.width, 1)
            case .slideUp, .slideDown: max(zone.height, 1)
            case .fade: 2 * levels
            case .crossfade: levels
            }
    }

    /// The step reached at `now`: the first at the very instant it starts, so that the panel answers a change
    /// at once, and `steps`, the new screen whole, for the last of its duration's `steps` parts; nil before it
    /// starts. A step short of `steps` shows some of the old screen.
    func step(at now: Duration) -> Int? {
        guard now >= start else { return nil }
        let total = duration.attosecondCount
        guard total > 0 else { return steps }
        let elapsed = (now - start).attosecondCount
        guard elapsed < total else { return steps }
        return min(Int(elapsed * Int128(steps) / total) + 1, steps)
    }

    /// Whether it is still under way at `now` (the new screen not yet shown whole).
    func isUnderWay(at now: Duration) -> Bool {
        step(at: now).map { $0 < steps } ?? false
    }

    /// The first instant after `now` at which it reaches its next step, or nil once it is over.
    func nextStep(after now: Duration) -> Duration? {
        guard let step = step(at: now), step < steps else { return nil }
        let total = duration.attosecondCount
        // Step `step + 1` from `step / steps` of the duration, rounded up so that it is reached then.
        let reached = (Int128(step) * total + Int128(steps) - 1) / Int128(steps)
        return start + Duration(attosecondCount: reached)
    }

    /// The 4×4 ordered-dither threshold of pixel (`x`, `y`), 0…15: a 1-bit panel lights a pixel whose
    /// threshold is below the fraction of 16 reached, so a fade or a dissolve spreads evenly over the zone.
    static func threshold(x: Int, y: Int) -> Int {
        bayer[(y & 3) << 2 | (x & 3)]
    }

    static let ditherLevels = 16
    private static let bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
}
