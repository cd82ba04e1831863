/// Which way scrolling text moves.
public enum MarqueeDirection: String, Sendable, CaseIterable {
    /// Text moves to the left (it is read as it comes in from the right): the usual ticker.
    case left
    /// Text moves to the right.
    case right
}

/// Where text that fits its zone sits.
public enum MarqueeAlignment: String, Sendable, CaseIterable {
    case left
    case center
    case right
}

/// How a marquee moves. Speeds are in pixels per second, the pause in seconds, distances in pixels.
public struct MarqueeStyle: Sendable, Equatable {
    /// Pixels per second; 0 or less never scrolls.
    public var speed: Double
    /// Seconds the text rests at its start at the beginning of each lap.
    public var pause: Double
    /// Blank columns between the end of the text and the copy that follows it.
    public var gap: Int
    /// Which way the text moves.
    public var direction: MarqueeDirection
    /// Where text that fits sits in its zone.
    public var alignment: MarqueeAlignment
    /// Ping-pong: scroll to the end, rest, scroll back, instead of looping with a second copy.
    public var bounce: Bool
    /// Laps after which the text rests at its start for good; 0 scrolls forever.
    public var laps: Int
    /// Fade the zone's edges while scrolling, on panels with grey levels.
    public var fadeEdges: Bool
    /// Never move: a line that does not fit is truncated with an ellipsis.
    public var reducedMotion: Bool

    /// The defaults: 30 px/s, a 1 s pause, a 24 px gap, leftwards, left-aligned, looping forever, faded edges.
    public init(
        speed: Double = 30, pause: Double = 1, gap: Int = 24, direction: MarqueeDirection = .left,
        alignment: MarqueeAlignment = .left, bounce: Bool = false, laps: Int = 0, fadeEdges: Bool = true,
        reducedMotion: Bool = false
    ) {
        self.speed = speed
        self.pause = pause
        self.gap = gap
        self.direction = direction
        self.alignment = alignment
        self.bounce = bounce
        self.laps = laps
        self.fadeEdges = fadeEdges
        self.reducedMotion = reducedMotion
    }
}

/// The arithmetic of one marquee: text `textWidth` pixels wide in a zone `zoneWidth` pixels wide.
///
/// Positions are computed from the time since the text appeared, never accumulated, so a late or dropped
/// frame never changes the speed. A lap is `textWidth + gap` pixels long and lasts
/// `pause + lapDistance / speed` seconds; `t` seconds into a lap the text has moved
/// `max(t − pause, 0) × speed` pixels, and a second copy follows at `gap`, so a lap ends looking exactly as
/// it started.
public struct Marquee: Sendable, Equatable {
    /// Width of the text in pixels.
    public let textWidth: Int
    /// Width of the zone in pixels.
    public let zoneWidth: Int
    /// How it moves.
    public let style: MarqueeStyle
    /// Whether the text reads right to left: it then starts with its right end (its first word) at the zone's
    /// right edge, and every side is mirrored, so that by default it moves right and is read in order.
    public let rightToLeft: Bool

    /// Creates the arithmetic for one text in one zone.
    public init(textWidth: Int, zoneWidth: Int, style: MarqueeStyle, rightToLeft: Bool = false) {
        self.textWidth = max(0, textWidth)
        self.zoneWidth = max(0, zoneWidth)
        self.style = style
        self.rightToLeft = rightToLeft
    }

    /// Whether the text moves: only when it is wider than its zone, the speed is positive and motion is not
    /// reduced.
    public var scrolls: Bool {
        zoneWidth > 0 && textWidth > zoneWidth && style.speed > 0 && style.speed.isFinite && !style.reducedMotion
    }

    /// Pixels from one lap's start to the next: the text and the gap after it.
    public var lapDistance: Int { textWidth + max(style.gap, 0) }

    /// Pixels the text must travel in bounce mode to show its end.
    public var overflow: Int { max(textWidth - zoneWidth, 0) }

    /// How long one lap takes (in bounce mode, one trip there and back).
    public var lapDuration: Duration { Duration(attosecondCount: lapAttoseconds) }

    /// Pixels the text has moved `elapsed` after it appeared (0 when it does not scroll). Loops: in
    /// `0 ..< lapDistance`; bounce: in `0 ... overflow`.
    public func offset(at elapsed: Duration) -> Double {
        pixels(on: leg(at: elapsed))
    }

    /// The whole-column offset at `elapsed`: the pixel the panel shows, rounded down so motion is monotonic,
    /// counted in whole attoseconds so that it is the same at instants a lap apart.
    public func columnOffset(at elapsed: Duration) -> Int {
        column(on: leg(at: elapsed))
    }

    /// The strip column shown at zone column `column` when the text has moved `offset` whole pixels, or nil
    /// where the zone is blank (the gap, or beside text that fits).
    @inline(__always)
    public func stripColumn(atZoneColumn column: Int, offset: Int) -> Int? {
        guard scrolls else {
            let x = column - alignmentStart
            return x >= 0 && x < textWidth ? x : nil
        }
        var position = firstStripColumn(offset: offset) + column
        if !style.bounce {
            let lap = lapDistance
            position %= lap
            if position < 0 { position += lap }
        }
        return position >= 0 && position < textWidth ? position : nil
    }

    /// The zone column where text that fits starts, by its alignment.
    public var alignmentStart: Int {
        switch style.alignment {
        case .left: return 0
        case .center: return (zoneWidth - textWidth) / 2
        case .right: return zoneWidth - textWidth
        }
    }

    /// The strip column shown at zone column 0 of scrolling text moved `offset` whole pixels: zone column `c`
    /// shows strip column `first + c`, modulo `lapDistance` unless bouncing. Right-to-left text is the mirror
    /// image of left-to-right text: its right end starts at the zone's right edge.
    public func firstStripColumn(offset: Int) -> Int {
        let leftToRight = style.bounce || style.direction == .left ? offset : -offset
        return rightToLeft ? textWidth - zoneWidth - leftToRight : leftToRight
    }

    /// How many columns fade at the zone's leading and trailing edges while the text scrolls: about 3 % of
    /// the width where text leaves and 8 % where it comes in, at least one column each.
    public var fadeColumns: (left: Int, right: Int) {
        guard scrolls, style.fadeEdges, zoneWidth >= 16 else { return (0, 0) }
        let leaving = max(1, (zoneWidth * 3 + 99) / 100)
        let entering = max(1, (zoneWidth * 8 + 99) / 100)
        let leftwards = (style.bounce || style.direction == .left) != rightToLeft
        return leftwards ? (leaving, entering) : (entering, leaving)
    }

    /// The brightness factor (0…1] of zone column `column` under the faded edges.
    public func fade(atZoneColumn column: Int) -> Double {
        let (left, right) = fadeColumns
        if column < left { return Double(column + 1) / Double(left + 1) }
        let fromRight = zoneWidth - 1 - column
        if fromRight < right { return Double(fromRight + 1) / Double(right + 1) }
        return 1
    }
}

extension Marquee {
    /// The first instant after `elapsed` (since the text appeared) at which `columnOffset` may differ from its
    /// value at `elapsed`, as time since the text appeared; nil when it never changes again (text that fits,
    /// reduced motion, or the last lap done). Never late: where the column moves, the answer is the very
    /// instant it does. It may be early: every lap's end counts as a change, though the lap ends looking as it
    /// started, and moving back in bounce mode the offset drops just after the instant returned.
    public func nextOffsetChange(after elapsed: Duration) -> Duration? {
        let lap = lapAttoseconds
        guard scrolls, lap > 0 else { return nil }
        // Before the text appeared nothing moves, as at its first instant.
        let time = max(elapsed.attosecondCount, 0)
        if style.laps > 0, time / lap >= Int128(style.laps) { return nil }
        let lapStart = time / lap * lap
        let inLap = time - lapStart
        let pause = pauseAttoseconds
        let travel = style.bounce ? attoseconds(toMove: overflow) : attoseconds(toMove: lapDistance)
        let speed = speedMicropixels
        let unit = Self.attosecondMicropixels
        var next: Int128
        if inLap < pause + travel {
            // Moving forward (or about to): column k + 1 is reached `(k + 1) / speed` after the pause.
            let column = max(inLap - pause, 0) * speed / unit
            next = pause + ((column + 1) * unit + speed - 1) / speed
        } else {
            // Moving back: `m` columns back, the next is left the attosecond after `m / speed`.
            let backStart = 2 * pause + travel
            let moved = (max(inLap - backStart, 0) * speed + unit - 1) / unit
            next = backStart + moved * unit / speed + 1
        }
        return Duration(attosecondCount: lapStart + min(next, lap))
    }
}
