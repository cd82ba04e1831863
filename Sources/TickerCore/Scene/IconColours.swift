/// The pixels of a picture the feed sent, as one frame of it shows in the icon's slot or the cover's box: on a
/// colour panel they are laid over the colorized frame in their own colours, where the built-in icons take
/// their role's. Kept in the frame's `Paints`, so that a frame drawn ahead is coloured as it was drawn.
struct IconColours: Sendable, Equatable {
    /// The frame's pixels, `RRGGBB` row by row (a copy of the picture's array: no bytes are copied).
    var pixels: [UInt8]
    /// The picture's width in pixels.
    var width: Int
    /// The panel column and row of the picture's top left pixel (left of or above the slot when it is cut).
    var left: Int
    var top: Int
    /// The panel columns and rows it covers: within the slot and the frame.
    var columns: Range<Int>
    var rows: Range<Int>
    /// Whether its black pixels are laid over too: a cover is a picture, where an icon's black is unlit.
    var opaque = false

    /// Overwrites each pixel of `image` the picture lights with the picture's colour; its black pixels are
    /// unlit and keep what the colorizer gave them (the background), unless it is `opaque`. Allocates nothing.
    func lay(over image: inout RGBFrame) {
        let stride = image.width * 3
        let columns = max(self.columns.lowerBound, 0)..<min(self.columns.upperBound, image.width)
        let rows = max(self.rows.lowerBound, 0)..<min(self.rows.upperBound, image.height)
        pixels.withUnsafeBufferPointer { source in
            image.bytes.withUnsafeMutableBufferPointer { out in
                for y in rows {
                    for x in columns {
                        let from = ((y - top) * width + (x - left)) * 3
                        guard from >= 0, from + 2 < source.count else { continue }
                        let (red, green, blue) = (source[from], source[from + 1], source[from + 2])
                        guard opaque || red | green | blue != 0 else { continue }
                        let to = y * stride + x * 3
                        out[to] = red
                        out[to + 1] = green
                        out[to + 2] = blue
                    }
                }
            }
        }
    }
}
