/// A named picture sent through the feed (`picture begin NAME WxH` … `picture end`, docs/FEED.md): an icon,
/// later a cover, as RGB pixels; one still frame, or several shown in turn, each for its delay, for ever.
///
/// The daemon never decodes image files: tickerctl and the bridges do, and send the pixels. Bounded so that
/// a 64 × 64 cover fits as well as an animated 16 × 16 icon: at most `maxSide` pixels a side, `maxFrames`
/// frames and `maxPixelBytes` bytes of pixels over all frames.
public struct FeedPicture: Sendable, Equatable {
    /// One frame: its pixels and how long it shows.
    public struct Frame: Sendable, Equatable {
        /// How long the frame shows before the next; zero for the one frame of a still picture.
        public var delay: Duration
        /// Red, green and blue of each pixel, row by row from the top left: `width × height × 3` bytes.
        public var pixels: [UInt8]

        /// A frame of `pixels` shown for `delay`.
        public init(delay: Duration, pixels: [UInt8]) {
            self.delay = delay
            self.pixels = pixels
        }
    }

    /// The name roles, messages and pages refer to it by.
    public var name: String
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// The frames, at least one; several only with a delay each.
    public var frames: [Frame]

    /// The widest and tallest picture, in pixels.
    public static let maxSide = 64
    /// The most frames of one picture.
    public static let maxFrames = 64
    /// The most bytes of pixels (3 a pixel) over all the frames of one picture: a 64 × 64 cover takes 12,288,
    /// 48 frames of a 16 × 16 icon 36,864.
    public static let maxPixelBytes = 65_536
    /// The longest name, in characters.
    public static let maxNameLength = 32
    /// The shortest delay of an animated frame: 20 ms, GIF's shortest in practice.
    public static let minDelay: Duration = .milliseconds(20)
    /// The longest delay of an animated frame.
    public static let maxDelay: Duration = .seconds(60)
    /// The name of the current track's album cover (`layout.cover`), which a new track forgets.
    public static let coverName = "cover"

    /// A picture; `FeedCommand.parse` and the feed decoder check every bound, callers building one check
    /// them with `problem`.
    public init(name: String, width: Int, height: Int, frames: [Frame]) {
        self.name = name
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// Whether `name` can name a picture: 1 to `maxNameLength` of `a`–`z`, `0`–`9`, `-`, `_` and `.`.
    public static func isName(_ name: String) -> Bool {
        (1...maxNameLength).contains(name.unicodeScalars.count)
            && name.unicodeScalars.allSatisfy { scalar in
                (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "-"
                    || scalar == "_" || scalar == "."
            }
    }

    /// What is wrong with this picture against the bounds, or nil when nothing is.
    public var problem: PictureBlockError? {
        guard Self.isName(name) else { return .badName(Excerpt.of(name.unicodeScalars)) }
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            return .badSize("\(width)x\(height)")
        }
        guard !frames.isEmpty else { return .noFrames }
        guard frames.count <= Self.maxFrames else { return .tooManyFrames(limit: Self.maxFrames) }
        guard frames.count * width * height * 3 <= Self.maxPixelBytes else {
            return .tooManyBytes(limit: Self.maxPixelBytes)
        }
        for (index, frame) in frames.enumerated() {
            guard frame.pixels.count == width * height * 3 else { return .missingRows(frame: index + 1) }
            if frames.count > 1, !(Self.minDelay...Self.maxDelay).contains(frame.delay) {
                return .badDelay(FeedScan.seconds(frame.delay))
            }
        }
        return nil
    }

    /// Whether it has more than one frame.
    public var isAnimated: Bool { frames.count > 1 }

    /// The picture as a still of its first frame (itself when it is one already).
    public var firstFrame: FeedPicture {
        guard isAnimated, let first = frames.first else { return self }
        return FeedPicture(
            name: name, width: width, height: height, frames: [Frame(delay: .zero, pixels: first.pixels)])
    }

    /// The length of one round of every frame; zero for a still picture.
    public var loop: Duration {
        isAnimated ? frames.reduce(.zero) { $0 + $1.delay } : .zero
    }

    /// The frame shown `elapsed` after the picture came into view, and how long into that frame it is.
    public func frame(at elapsed: Duration) -> (index: Int, into: Duration) {
        let loop = self.loop
        guard loop > .zero else { return (0, max(elapsed, .zero)) }
        var into = max(elapsed, .zero) % loop
        for (index, frame) in frames.enumerated() {
            if into < frame.delay { return (index, into) }
            into -= frame.delay
        }
        return (frames.count - 1, .zero)
    }

    /// The first instant after `elapsed` (counted as there, from the picture coming into view) at which another
    /// frame shows; nil for a still picture.
    public func nextFrameChange(after elapsed: Duration) -> Duration? {
        guard isAnimated else { return nil }
        let (index, into) = frame(at: elapsed)
        return max(elapsed, .zero) + (frames[index].delay - into)
    }
}

extension Duration {
    /// The remainder of dividing by a positive `divisor`, to the nanosecond, in 64-bit halves (292 years of
    /// nanoseconds fit): the frame of an animation is asked every time it is drawn.
    fileprivate static func % (lhs: Duration, rhs: Duration) -> Duration {
        func nanoseconds(_ time: Duration) -> Int64 {
            let (seconds, attoseconds) = time.components
            return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
        }
        let divisor = nanoseconds(rhs)
        guard divisor > 0 else { return .zero }
        return .nanoseconds(nanoseconds(lhs) % divisor)
    }
}
