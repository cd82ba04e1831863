/// How the text of a message or a page is coloured, and whether it blinks: the feed's `--colors`, `--rainbow`,
/// `--gradient` and `--blink` (docs/FEED.md, *Colours*). Without a look, the text takes its role's colour from
/// the palette (`[colors]`).
///
/// Colours are full-brightness colours, like the palette's: the level drawn (faded edges, the brightness)
/// scales them, and a grey panel shows each at its luminance.
public struct TextLook: Sendable, Equatable {
    /// Which colour each part of the text takes.
    public enum Fill: Sendable, Equatable {
        /// Runs of characters, each in its colour, from the first character on; the characters after the last
        /// run keep the role's colour.
        case runs([ColorRun])
        /// Every hue in turn along the text, flowing as time goes (`rainbowStep` a hue).
        case rainbow
        /// From one colour at the text's first column to the other at its last.
        case gradient(RGB, RGB)
    }

    /// A colour for `length` characters (Unicode scalars) of the text, or for the rest of it when nil.
    public struct ColorRun: Sendable, Equatable {
        /// The colour.
        public var color: RGB
        /// How many characters (Unicode scalars) it colours; nil: all the remaining ones.
        public var length: Int?

        /// `color` for `length` characters (nil: to the end).
        public init(_ color: RGB, length: Int? = nil) {
            self.color = color
            self.length = length
        }
    }

    /// The colours, or nil for the role's.
    public var fill: Fill?
    /// How long the text shows and then hides, in turn, from when it comes into view; nil: it does not blink.
    public var blink: Duration?

    /// The most runs one text takes.
    public static let maxRuns = 32
    /// The shortest and the longest blink the feed takes.
    public static let blinkRange: ClosedRange<Duration> = .milliseconds(50)...(.seconds(60))
    /// How long the rainbow stays at one hue before it moves on by one.
    public static let rainbowStep: Duration = .milliseconds(100)

    /// A look with `fill` colours, blinking every `blink` (nil: steady).
    public init(fill: Fill? = nil, blink: Duration? = nil) {
        self.fill = fill
        self.blink = blink
    }

    /// Whether the look changes anything: a look with no colour and no blink is no look.
    public var isPlain: Bool { fill == nil && blink == nil }

    /// Whether the text shows `elapsed` after it came into view: always, unless it blinks and is in a hidden
    /// half of its period (the first half shows).
    public func isShown(at elapsed: Duration) -> Bool {
        guard let blink, blink > .zero else { return true }
        return Self.steps(max(elapsed, .zero), of: blink) % 2 == 0
    }

    /// How many hues the rainbow has moved on `elapsed` after the text came into view.
    public func rainbowPhase(at elapsed: Duration) -> Int {
        guard fill == .rainbow else { return 0 }
        return Int(truncatingIfNeeded: Self.steps(max(elapsed, .zero), of: Self.rainbowStep))
    }

    /// The first instant after `elapsed` (since the text came into view) at which the look itself changes the
    /// picture: the blink's next half, the rainbow's next hue; nil when neither moves.
    public func nextChange(after elapsed: Duration) -> Duration? {
        let time = max(elapsed, .zero)
        // Asked for every frame drawn: no array, nothing allocated.
        func next(_ step: Duration?) -> Duration? {
            guard let step, step > .zero else { return nil }
            return step * Int(truncatingIfNeeded: Self.steps(time, of: step) + 1)
        }
        let hue = fill == .rainbow ? next(Self.rainbowStep) : nil
        guard let blinking = next(blink) else { return hue }
        return hue.map { min($0, blinking) } ?? blinking
    }

    /// Whole `step`s in `time` (both positive).
    private static func steps(_ time: Duration, of step: Duration) -> Int128 {
        time.attosecondCount / step.attosecondCount
    }
}

extension TextLook {
    /// The text of `fragments` joined, and the look that colours each fragment's characters in its colour (nil:
    /// `defaultColor`, else the role's), as the feed reads them back: control characters become spaces, spaces
    /// at either end go (the runs follow), and the runs of a text no fragment colours are none.
    public static func joining(_ fragments: [(text: String, color: RGB?)], defaultColor: RGB? = nil) -> (
        text: String, runs: [ColorRun]
    ) {
        var scalars: [Unicode.Scalar] = []
        var colors: [RGB?] = []
        for fragment in fragments {
            for scalar in fragment.text.unicodeScalars {
                scalars.append(FeedText.isControl(scalar) ? " " : scalar)
                colors.append(fragment.color ?? defaultColor)
            }
        }
        let kept = FeedScan.trimmed(scalars[...]).indices
        var runs: [ColorRun] = []
        for index in kept {
            // A character the fragments leave uncoloured is white, AWTRIX's text colour.
            let color = colors[index] ?? .white
            if let last = runs.last, last.color == color {
                runs[runs.count - 1].length = (last.length ?? 0) + 1
            } else {
                runs.append(ColorRun(color, length: 1))
            }
        }
        guard colors[kept].contains(where: { $0 != nil }) else { return (FeedScan.string(scalars[kept]), []) }
        if !runs.isEmpty { runs[runs.count - 1].length = nil }
        return (FeedScan.string(scalars[kept]), runs)
    }
}
