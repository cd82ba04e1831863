// The album cover (`layout.cover`): whether the composition shows it, and drawing it into its box. The box is
// reserved whatever shows, so the text never moves when a cover comes or goes; it is dark without one.

extension Scene {
    /// The cover to show at `now`, nil when none shows: while a track is loaded (the now-playing line or a
    /// lyric, and messages over them), not on the idle screen. `current` is the lyric line being sung.
    func shownCover(_ state: PlayerState, at now: Duration, current: SungLine?) -> FeedPicture? {
        guard layout.coverBox != nil, let cover = state.cover else { return nil }
        return current != nil || !isIdle(at: now) ? cover : nil
    }

    /// Whether the panel shows its idle screen at `now` when no message and no lyric hides it: nothing to play,
    /// or `idleAfter` has passed since the player went quiet.
    func isIdle(at now: Duration) -> Bool {
        playing.isIdle(at: now, after: style.idleAfter)
    }

    /// Draws `cover` into the cover's box (a picture of another size centred and cut to it), each pixel at the
    /// level of its luminance, after the grey table: a grey panel shows the cover's own greys, not the
    /// palette's. On a colour panel its pixels are kept for the colorizer to lay over in their own colours. The
    /// levels of the cover observed were worked out when it arrived; another one's are worked out here.
    func drawCover(_ cover: FeedPicture, into frame: inout Frame, paints: inout Paints) {
        guard let box = layout.coverBox, let pixels = cover.frames.first?.pixels else { return }
        let (left, topRow, columns, rows) = Self.place(
            width: cover.width, height: cover.height, in: box, frameWidth: frame.width, frameHeight: frame.height)
        let levels = cover == coverLevels.cover ? coverLevels.levels : CoverLevels(cover, depth: depth).levels
        let (bits, mask, bytesPerColumn, width) = (depth.bits, depth.maxLevel, frame.bytesPerColumn, cover.width)
        levels.withUnsafeBufferPointer { levels in
            frame.bytes.withUnsafeMutableBufferPointer { bytes in
                for x in columns {
                    for y in rows {
                        let level = levels[(y - topRow) * width + (x - left)]
                        guard level > 0 else { continue }
                        let bit = y * bits
                        let index = x * bytesPerColumn + (bit >> 3)
                        let shift = UInt8(bit & 7)
                        bytes[index] = (bytes[index] & ~(mask << shift)) | (level << shift)
                    }
                }
            }
        }
        if isColor {
            paints.coverColours = IconColours(
                pixels: pixels, width: cover.width, left: left, top: topRow, columns: columns, rows: rows,
                opaque: true)
        }
    }
}

/// The level of each pixel of a cover, row by row, at the level of its luminance: worked out once per cover
/// rather than for every pixel of every frame.
struct CoverLevels: Sendable {
    /// The cover they are of, or nil.
    private(set) var cover: FeedPicture?
    /// One level a pixel, `width × height` of them.
    private(set) var levels: [UInt8] = []

    /// None.
    init() {}

    /// The levels of `cover`'s first frame on a panel of `depth`.
    init(_ cover: FeedPicture?, depth: PixelDepth) {
        self.cover = cover
        guard let cover, let pixels = cover.frames.first?.pixels else { return }
        levels = (0..<(cover.width * cover.height)).map { pixel in
            let index = pixel * 3
            guard index + 2 < pixels.count else { return 0 }
            return depth.level(RGB(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2]).luminance)
        }
    }
}
