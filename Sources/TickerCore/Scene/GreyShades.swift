/// The grey a grey panel shows each role of a palette at, level by level, so that one file serves a grey and a
/// colour panel.
///
/// Each colour is its luminance; a level below full blends it towards the background's luminance (in linear
/// light, as the channels are), so faded edges and unsung text fade into the background, whatever its colour.
/// Colours that differ may share a luminance, and the karaoke sweep would then vanish; so the sung and unsung
/// greys must differ by at least `minimumSweepContrast` of full brightness, at two levels of the panel, the
/// unsung one not at the background's. When they do not:
/// 1. the unsung part is the sung grey dimmed to the rest level, as with no rest colour set;
/// 2. when even that cannot be told apart, the lyric is shown as without colours: sung at full contrast with
///    the background (white on a dark one, black on a light one), unsung that dimmed to the rest level.
/// A 1-bit panel dithers the unsung part instead of dimming it, which tells the two apart by itself; a rest level
/// of 0 hides it, leaving nothing to tell apart.
struct GreyShades: Sendable {
    /// How far apart, as a fraction of full brightness, the sung and unsung greys must be.
    static let minimumSweepContrast = 0.25

    /// The grey of a role: `grey` (0…1) at `fullLevel` and above, blended towards the background below.
    private struct Shade {
        var grey: Double
        var fullLevel: Double
    }

    private let depth: PixelDepth
    /// The background's luminance.
    private let background: Double
    /// The shade of each role, indexed by `ColorRole.rawValue`.
    private let shades: [Shade]

    /// The shades of `palette` on a panel of `depth`, whose unsung lyrics are drawn at `restLevel`.
    init(palette: Palette, depth: PixelDepth, restLevel: UInt8) {
        let maxLevel = Double(depth.maxLevel)
        let background = (palette[.background] ?? .black).luminance
        var shades = ColorRole.allCases.map { role in
            Shade(grey: role == .background ? background : (palette[role] ?? .white).luminance, fullLevel: maxLevel)
        }
        let sung = shades[Int(ColorRole.sung.rawValue)].grey
        var rest = Shade(grey: sung, fullLevel: maxLevel)
        if let color = palette[.rest] { rest = Shade(grey: color.luminance, fullLevel: Double(max(restLevel, 1))) }
        // With a dithered rest (drawn at full level), the pattern, not the grey, shows what is still to sing.
        if restLevel > 0, restLevel < depth.maxLevel {
            let dimmed = Shade(grey: sung, fullLevel: maxLevel)
            let fullContrast = background < 0.5 ? 1.0 : 0.0
            let shows = { (rest: Shade) in
                Self.sweepShows(sung: sung, rest: rest, at: restLevel, background: background, depth: depth)
            }
            if !shows(rest) {
                rest = dimmed
                if !shows(rest) {
                    shades[Int(ColorRole.sung.rawValue)].grey = fullContrast
                    rest.grey = fullContrast
                }
            }
        }
        shades[Int(ColorRole.rest.rawValue)] = rest
        self.depth = depth
        self.background = background
        self.shades = shades
    }

    /// The panel level of `role` drawn at scene level `level` (0 is the background).
    func level(of role: ColorRole, at level: Int) -> UInt8 {
        guard level > 0, role != .background else { return backgroundLevel }
        let shade = shades[Int(role.rawValue)]
        return depth.level(Self.grey(shade, at: Double(level), background: background))
    }

    /// The background's level: the nearest one to its luminance.
    private var backgroundLevel: UInt8 { Self.level(ofBackground: background, depth: depth) }

    private static func level(ofBackground background: Double, depth: PixelDepth) -> UInt8 {
        UInt8((background * Double(depth.maxLevel)).rounded())
    }

    /// The grey of `shade` at scene level `level`: blended towards `background` below its full level.
    private static func grey(_ shade: Shade, at level: Double, background: Double) -> Double {
        background + (shade.grey - background) * min(level / shade.fullLevel, 1)
    }

    /// Whether a lyric sung in grey `sung` over `rest` drawn at `restLevel` shows its sweep.
    private static func sweepShows(
        sung: Double, rest: Shade, at restLevel: UInt8, background: Double, depth: PixelDepth
    ) -> Bool {
        let restGrey = grey(rest, at: Double(restLevel), background: background)
        let (sungLevel, restPanelLevel) = (depth.level(sung), depth.level(restGrey))
        return abs(sung - restGrey) >= minimumSweepContrast && sungLevel != restPanelLevel
            && restPanelLevel != level(ofBackground: background, depth: depth)
    }
}
