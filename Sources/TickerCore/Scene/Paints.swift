/// What each pixel of one frame was drawn as (title, artist, sung, rest, message, clock…), for turning its
/// levels into colours: an output of drawing, kept beside the frame it belongs to. Empty when the palette gives
/// every role the same colour, since the roles then do not matter.
public struct Paints: Sendable, Equatable {
    /// `ColorRole` raw values, column-major (`x × height + y`).
    var roles: [UInt8] = []
    var width = 0
    var height = 0
    /// On a colour panel, the icon the feed sent in its own colours, laid over the colorized frame.
    var iconColours: IconColours?
    /// On a colour panel, the album cover in its own colours, laid over the colorized frame (after the icon).
    var coverColours: IconColours?
    /// The colours a look (`message --colors`, `--rainbow`, …) gives the marquee drawn, over its role's.
    var look: LookPaint?
    /// On a colour panel, the transition under way in the top zone: the old screen's colours blended over.
    var transition: TransitionOverlay?

    /// No paints yet; drawing a frame with them fills them in (in this storage when it has the right size).
    public init() {}

    /// Every pixel of a `width` × `height` frame painted as the background, or no paints when `recorded` is
    /// false.
    mutating func reset(width: Int, height: Int, recorded: Bool) {
        let count = recorded ? max(width, 0) * max(height, 0) : 0
        if roles.count != count { roles = [UInt8](repeating: 0, count: count) }
        roles.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        self.width = width
        self.height = height
        iconColours = nil
        coverColours = nil
        look = nil
        transition = nil
    }

    /// Whether roles are recorded.
    var records: Bool { !roles.isEmpty }

    /// The roles for the colorizer, nil when none are recorded.
    var recorded: [UInt8]? { roles.isEmpty ? nil : roles }

    /// Records `role` for every pixel of `zone`'s `columns` (all of them by default; its unlit pixels show the
    /// background whatever they hold).
    mutating func paint(_ zone: Zone, _ role: ColorRole, columns: Range<Int>? = nil) {
        guard records else { return }
        paint(zone) { column in columns.map { $0.contains(column) } ?? true ? role : nil }
    }

    /// A lyric: sung where the light has reached (`sung`, zone columns), at rest elsewhere.
    mutating func paintLyric(_ zone: Zone, sung: Range<Int>) {
        paint(zone, .rest)
        paint(zone, .sung, columns: sung)
    }

    /// The now-playing line drawn as `motion` moved it by `offset` columns: the `artist`'s strip columns in the
    /// artist's colour, the rest in the title's.
    mutating func paintNowPlaying(_ zone: Zone, motion: Marquee?, offset: Int, artist: Range<Int>) {
        guard records else { return }
        paint(zone) { column in
            guard let motion, let stripColumn = motion.stripColumn(atZoneColumn: column, offset: offset),
                artist.contains(stripColumn)
            else { return .title }
            return .artist
        }
    }

    /// Records `role(column)` for every pixel of each of `zone`'s columns, where it gives one.
    private mutating func paint(_ zone: Zone, role: (Int) -> ColorRole?) {
        let (width, height) = (self.width, self.height)
        let rows = max(zone.y, 0)..<min(zone.y + zone.height, height)
        roles.withUnsafeMutableBufferPointer { plane in
            for column in 0..<max(zone.width, 0) {
                let x = zone.x + column
                guard x >= 0, x < width, let role = role(column) else { continue }
                for y in rows { plane[x * height + y] = role.rawValue }
            }
        }
    }
}
