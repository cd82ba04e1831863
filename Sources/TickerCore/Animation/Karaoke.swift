/// How the unsung part of a lyric looks.
public enum RestStyle: String, Sendable, CaseIterable {
    /// A dim grey level (`restLevel` of full); on a 1-bit panel, where there is no dim level, `dither`.
    case dim
    /// Every other pixel lit in a checkerboard: visible on a 1-bit panel, clearly unlike sung text.
    case dither
}

/// How a lyric lights up as it is sung.
public struct KaraokeStyle: Sendable, Equatable {
    /// Brightness of the unsung part, as a fraction of full (0…1); 0.35 by default.
    public var restLevel: Double
    /// How the unsung part is drawn.
    public var restStyle: RestStyle
    /// Light each line whole as soon as it starts instead of sweeping.
    public var reducedMotion: Bool
    /// On a split panel, wrap a lyric too wide for the bottom zone over both zones.
    public var wrap: Bool

    /// The defaults: a rest level of 0.35, dim, sweeping, wrapping.
    public init(restLevel: Double = 0.35, restStyle: RestStyle = .dim, reducedMotion: Bool = false, wrap: Bool = true) {
        self.restLevel = restLevel
        self.restStyle = restStyle
        self.reducedMotion = reducedMotion
        self.wrap = wrap
    }
}

/// The arithmetic of the karaoke sweep.
public enum Karaoke {
    /// How much of line `index` (0…1) has been sung when `progress` (0…1) of the whole text has, the text
    /// being made of lines `widths` pixels wide. Lines fill in order and a wider line takes longer, so the
    /// light moves at one speed. Non-finite or negative widths count as empty lines.
    public static func fill(ofLine index: Int, widths: [Int], progress: Double) -> Double {
        guard index >= 0, index < widths.count, progress.isFinite else { return 0 }
        var total = 0
        var before = 0
        for (i, width) in widths.enumerated() {
            let width = max(width, 0)
            if i < index { before += width }
            total += width
        }
        let length = max(widths[index], 0)
        guard total > 0, length > 0 else { return 0 }
        let sung = min(max(progress, 0), 1) * Double(total) - Double(before)
        return min(max(sung / Double(length), 0), 1)
    }

    /// The fill of every line (see `fill(ofLine:widths:progress:)`).
    public static func fills(widths: [Int], progress: Double) -> [Double] {
        widths.indices.map { fill(ofLine: $0, widths: widths, progress: progress) }
    }

    /// The same fills without the sweep: a line lights up whole as soon as it starts.
    public static func wholeLines(_ fills: [Double]) -> [Double] {
        fills.map { $0 > 0 ? 1 : 0 }
    }

    /// The sung columns of a line `width` pixels wide filled to `fill`: from the left edge, or from the right
    /// edge for a right-to-left line. Fractional: the column at the edge is partly sung.
    public static func sungRange(fill: Double, width: Int, direction: TextDirection) -> (start: Double, end: Double) {
        let sung = min(max(fill.isFinite ? fill : 0, 0), 1) * Double(max(width, 0))
        switch direction {
        case .leftToRight: return (0, sung)
        case .rightToLeft: return (Double(width) - sung, Double(width))
        }
    }

    /// The scroll offset (in whole columns) that keeps the sweep head of a line wider than its zone in view:
    /// the head stays at the middle of the zone once it passes it, and the line stops at its end.
    public static func scrollOffset(head: Double, lineWidth: Int, zoneWidth: Int) -> Int {
        guard lineWidth > zoneWidth, zoneWidth > 0, head.isFinite else { return 0 }
        let wanted = Int((head - Double(zoneWidth) / 2).rounded(.down))
        return min(max(wanted, 0), lineWidth - zoneWidth)
    }
}

extension Karaoke {
    /// The smallest sweep position (in pixels) beyond `head` at which a drawn sweep can look different. On a
    /// grey panel the partly sung column steps through the levels between rest and full, and the next column
    /// starts at the rest level, so only those level steps count; whole columns count where the unsung part is
    /// dithered or its level is 0; either only in columns that have lit pixels (`columnHasPixels`, counted from
    /// where the sweep starts). A line wider than its zone also scrolls where the head is `scrollPhase` into a
    /// column (0, or 0.5 for a zone of odd width; nil for a line that does not scroll). When `head` sits exactly
    /// on a step the picture changes as soon as the sweep moves on, so the answer is the next representable
    /// position. `restFraction` is the rest level as a fraction of full, nil when dithered. Never beyond
    /// `lineWidth`.
    public static func nextVisibleHead(
        after head: Double, restFraction: Double?, maxLevel: UInt8, scrollPhase: Double? = 0.5, lineWidth: Int,
        columnHasPixels: (Int) -> Bool = { _ in true }
    ) -> Double {
        guard head.isFinite else { return head }
        let steps = SweepSteps(
            restFraction: restFraction, maxLevel: maxLevel, scrollPhase: scrollPhase, lineWidth: lineWidth)
        if steps.step(after: head.nextDown, columnHasPixels) <= head { return head.nextUp }
        return steps.step(after: head, columnHasPixels)
    }

    /// Where a drawn sweep can change.
    private struct SweepSteps {
        let restFraction: Double?
        let maxLevel: UInt8
        let scrollPhase: Double?
        let lineWidth: Int

        func step(after head: Double, _ columnHasPixels: (Int) -> Bool) -> Double {
            var column = max(head.rounded(.down), -1)
            let end = Double(max(lineWidth, 0))
            // Dithered, or a rest level of 0 (any lit part then shows): a column changes when it is wholly sung.
            let wholeColumns = restFraction.map { $0 <= 0 || $0 >= 1 || maxLevel == 0 } ?? true
            while column < end {
                var best = Double.infinity
                func consider(_ position: Double) {
                    if position > head, position < best { best = position }
                }
                // Only steps within this column, so that the first column with one gives the next step.
                if let scrollPhase { consider(column + scrollPhase) }
                if column >= 0, columnHasPixels(Int(column)) {
                    if wholeColumns {
                        consider(column + 1)
                    } else if let rest = restFraction {
                        // The partly sung column shows level round((rest + (1 − rest) × covered) × maxLevel),
                        // which steps where that product crosses a half level.
                        for level in 0..<Int(maxLevel) {
                            let covered = ((Double(level) + 0.5) / Double(maxLevel) - rest) / (1 - rest)
                            if covered > 0, covered < 1 { consider(column + covered) }
                        }
                    }
                }
                if best < .infinity { return min(best, max(end, head.nextUp)) }
                column += 1
            }
            return max(end, head.nextUp)
        }
    }
}
