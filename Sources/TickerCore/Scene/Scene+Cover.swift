// The album cover (`layout.cover`): whether the composition shows it, and drawing it into its box. The box is
// reserved whatever shows, so the text never moves when a cover comes or goes; it is dark without one.

extension Scene {
    /// The cover to show at `now`, nil when none shows: while a track is loaded (the now-playing line or a
    /// lyric, and messages over them), not on the idle screen. `current` is the lyric line being sung.
    func shownCover(_ state: PlayerState, at now: Duration, current: SungLine?) -> FeedPicture? {
        guard coverBox != nil, let cover = state.cover else { return nil }
        return current != nil || !isIdle(at: now) ? cover : nil
    }

    /// Whether the panel shows its idle screen at `now` when no message and no lyric hides it: nothing to play,
    /// or `idleAfter` has passed since the player went quiet.
    func isIdle(at now: Duration) -> Bool {
        guard let idleSince else { return false }
        return nowPlaying.isEmpty || now - idleSince >= style.idleAfter
    }

    /// Draws `cover` into the cover's box (a picture of another size centred and cut to it), each pixel at the
    /// level of its luminance, after the grey table: a grey panel shows the cover's own greys, not the
    /// palette's. On a colour panel its pixels are kept for the colorizer to lay over in their own colours.
    func drawCover(_ cover: FeedPicture, into frame: inout Frame, paints: inout Paints) {
        guard let box = coverBox, let pixels = cover.frames.first?.pixels else { return }
        let left = box.x + (box.width - cover.width) / 2
        let topRow = box.y + (box.height - cover.height) / 2
        let columns = max(box.x, left, 0)..<min(box.x + box.width, left + cover.width, frame.width)
        let rows = max(box.y, topRow, 0)..<min(box.y + box.height, topRow + cover.height, frame.height)
        pixels.withUnsafeBufferPointer { pixels in
            for y in rows {
                for x in columns {
                    let index = ((y - topRow) * cover.width + (x - left)) * 3
                    guard index >= 0, index + 2 < pixels.count else { continue }
                    let colour = RGB(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
                    let level = depth.level(colour.luminance)
                    if level > 0 { frame[x, y] = level }
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
