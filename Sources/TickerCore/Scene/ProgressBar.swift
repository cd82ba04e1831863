/// Whether the panel shows how far the track is, as a bar one row tall along its bottom.
public enum ProgressMode: String, Sendable, CaseIterable {
    /// A bar where the panel has a spare row: when the font of the bottom zone is shorter than the zone.
    case auto
    /// No bar.
    case off
    /// Always a bar: the bottom zone gives up its last row for it when the font leaves none spare.
    case row
}

/// The progress bar: elapsed / duration of the track, as whole pixels of one row across the panel. It
/// moves only when it gains a pixel: `nextChange` says when that is, so a daemon sleeps between.
///
/// The pixels reached are lit at full level in the `progress` colour; on a panel with grey levels the rest
/// of the row shows the bar's length at a dim level (`trackFraction` of full), in the same colour.
struct ProgressBar: Sendable {
    /// The row it is drawn on.
    let row: Int
    /// The column it starts at: 0, or the first beside a cover at the left.
    let left: Int
    /// Its length in pixels: the width of the panel, or of the text's part beside a cover.
    let width: Int
    /// The level of the pixels reached.
    let litLevel: UInt8
    /// The level of the pixels not yet reached (0 on a 1-bit panel).
    let trackLevel: UInt8

    /// The dim level of the part not yet reached, as a fraction of full.
    static let trackFraction = 0.15

    /// A bar along row `row` of a panel of `depth`, `width` pixels long from column `left`.
    init(row: Int, left: Int = 0, width: Int, depth: PixelDepth) {
        self.row = row
        self.left = max(left, 0)
        self.width = max(width, 0)
        litLevel = depth.maxLevel
        trackLevel = depth == .one ? 0 : depth.level(Self.trackFraction)
    }

    /// The row a panel `height` rows tall gives the bar under `mode`, when its bottom zone is `zoneHeight`
    /// rows tall and its font `fontHeight`, and how many rows the zone must give up for it (0 or 1).
    static func placement(mode: ProgressMode, height: Int, zoneHeight: Int, fontHeight: Int) -> (
        row: Int, reserved: Int
    )? {
        guard height >= 2 else { return nil }
        let spare = zoneHeight > fontHeight
        switch mode {
        case .off: return nil
        case .auto: return spare ? (height - 1, 0) : nil
        // A zone of one row has none to give.
        case .row: return spare ? (height - 1, 0) : zoneHeight >= 2 ? (height - 1, 1) : nil
        }
    }

    /// The pixels reached at playback `position` of a track `duration` long: the largest `k` whose threshold
    /// the position has passed, so that `nextChange` and drawing agree to the attosecond.
    func filled(at position: Duration, duration: Duration) -> Int {
        guard duration > .zero, width > 0 else { return 0 }
        if position >= duration { return width }
        guard position > .zero else { return 0 }
        var estimate = Int((Double(width) * (position / duration)).rounded(.down))
        estimate = min(max(estimate, 0), width)
        while estimate < width, threshold(estimate + 1, duration) <= position { estimate += 1 }
        while estimate > 0, threshold(estimate, duration) > position { estimate -= 1 }
        return estimate
    }

    /// The playback position at which pixel `pixels` is reached.
    func threshold(_ pixels: Int, _ duration: Duration) -> Duration {
        duration / width * pixels
    }

    /// The first playback position after `position` at which the bar gains a pixel, nil once it is full.
    func nextPosition(after position: Duration, duration: Duration) -> Duration? {
        let filled = filled(at: position, duration: duration)
        guard duration > .zero, filled < width else { return nil }
        return threshold(filled + 1, duration)
    }

    /// Draws the bar with `filled` pixels reached into `frame`, and records the `progress` colour for its row.
    func draw(filled: Int, into frame: inout Frame, paints: inout Paints) {
        guard row >= 0, row < frame.height else { return }
        for x in 0..<max(min(width, frame.width - left), 0) {
            frame[left + x, row] = x < filled ? litLevel : trackLevel
        }
        paints.paint(Zone(x: left, y: row, width: width, height: 1), .progress)
    }
}
