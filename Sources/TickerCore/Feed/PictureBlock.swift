/// A `picture begin … picture end` block while the feed decoder gathers it, line by line: `frame SECONDS`
/// lines start frames, lines of hex digits are rows of `RRGGBB` pixels, `picture end` closes it.
///
/// The first problem marks the block failed: it is reported once, and the block's later lines are swallowed
/// up to its `picture end`, so that rows never reach the command parser.
struct PictureBlock: Sendable {
    /// What a line did to the block.
    enum Outcome: Equatable {
        /// The line is not the block's: an ordinary command.
        case notMine
        /// The line was taken.
        case taken
        /// The line was wrong: the block is discarded.
        case problem(PictureBlockError)
        /// `picture end`: the picture.
        case finished(FeedPicture)
    }

    let name: String
    let width: Int
    let height: Int
    /// The line `picture begin` was on.
    let firstLine: Int
    var lastActivity: Duration
    private(set) var failed = false
    private var frames: [FeedPicture.Frame] = []
    private var pixels: [UInt8] = []
    private var rows = 0
    private var delay: Duration = .zero
    private var started = false

    /// A block opened by `picture begin` on `line` at `now`.
    init(name: String, width: Int, height: Int, line: Int, now: Duration) {
        self.name = name
        self.width = width
        self.height = height
        self.firstLine = line
        self.lastActivity = now
    }

    /// Takes one line (spaces trimmed) read at `now`.
    mutating func take(_ line: ArraySlice<Unicode.Scalar>, now: Duration) -> Outcome {
        let isRow = !line.isEmpty && line.allSatisfy(Self.isHexDigit)
        let isFrame =
            line.starts(with: "frame".unicodeScalars)
            && (line.count == 5 || FeedScan.isSpace(line[line.startIndex + 5]))
        let isEnd = FeedScan.string(line) == "picture end"
        guard isRow || isFrame || isEnd else { return .notMine }
        lastActivity = now
        if failed { return .taken }
        let outcome: Outcome
        if isEnd {
            outcome = finish()
        } else if isFrame {
            outcome = startFrame(FeedScan.trimmed(line.dropFirst(5)))
        } else {
            outcome = row(line)
        }
        if case .problem = outcome { fail() }
        return outcome
    }

    /// `frame SECONDS`: ends the frame before (which must be whole) and starts one shown for that long.
    private mutating func startFrame(_ argument: ArraySlice<Unicode.Scalar>) -> Outcome {
        guard let micros = FeedScan.micros(argument),
            (FeedPicture.minDelay...FeedPicture.maxDelay).contains(.microseconds(micros))
        else { return .problem(.badDelay(Excerpt.of(argument))) }
        if started || rows > 0 {
            if let problem = endFrame() { return .problem(problem) }
        }
        started = true
        delay = .microseconds(micros)
        return .taken
    }

    /// One row of hex pixels.
    private mutating func row(_ digits: ArraySlice<Unicode.Scalar>) -> Outcome {
        guard digits.count == width * 6 else { return .problem(.badRow(digits: digits.count, width: width)) }
        guard rows < height else { return .problem(.tooManyRows(height: height)) }
        if rows == 0 {
            guard frames.count < FeedPicture.maxFrames else {
                return .problem(.tooManyFrames(limit: FeedPicture.maxFrames))
            }
            guard (frames.count + 1) * width * height * 3 <= FeedPicture.maxPixelBytes else {
                return .problem(.tooManyBytes(limit: FeedPicture.maxPixelBytes))
            }
            pixels.reserveCapacity(width * height * 3)
        }
        var index = digits.startIndex
        while index < digits.endIndex {
            pixels.append(UInt8(Self.nibble(digits[index]) << 4 | Self.nibble(digits[index + 1])))
            index += 2
        }
        rows += 1
        return .taken
    }

    /// `picture end`: the picture, when its last frame is whole and it is within bounds.
    private mutating func finish() -> Outcome {
        if let problem = endFrame() { return .problem(problem) }
        // One frame is a still picture, shown for ever: a delay given for it means nothing.
        if frames.count == 1 { frames[0].delay = .zero }
        let picture = FeedPicture(name: name, width: width, height: height, frames: frames)
        if let problem = picture.problem { return .problem(problem) }
        return .finished(picture)
    }

    /// Ends the frame being read; a problem when it lacks rows.
    private mutating func endFrame() -> PictureBlockError? {
        guard rows == height else { return .missingRows(frame: frames.count + 1) }
        frames.append(FeedPicture.Frame(delay: delay, pixels: pixels))
        pixels = []
        rows = 0
        return nil
    }

    private mutating func fail() {
        failed = true
        frames = []
        pixels = []
    }

    /// Whether `scalar` is an ASCII hex digit of either case.
    static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "0" && scalar <= "9") || (scalar >= "a" && scalar <= "f") || (scalar >= "A" && scalar <= "F")
    }

    private static func nibble(_ scalar: Unicode.Scalar) -> UInt8 {
        let value = UInt8(truncatingIfNeeded: scalar.value)
        switch value {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return value - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return value - UInt8(ascii: "a") + 10
        default: return value - UInt8(ascii: "A") + 10
        }
    }
}
