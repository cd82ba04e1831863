import TickerCore

/// Album covers made into the feed's cover picture (`FeedPicture.coverName`), for the followers and
/// `tickerctl cover`: the file decoded, its middle square scaled down to the side the panel's cover box has
/// (`CoverPlacement.box`). The daemon never decodes an image; it gets these pixels.
package enum CoverImage {
    /// The largest cover file read, in bytes.
    package static let maxFileBytes = 8 << 20

    /// The cover in `bytes` (a PNG file for now), scaled to `side` × `side` pixels.
    package static func picture(file bytes: [UInt8], side: Int) throws(PictureError) -> FeedPicture {
        guard (1...FeedPicture.maxSide).contains(side) else {
            throw PictureError("a cover of \(side) pixels a side (expected 1 to \(FeedPicture.maxSide))")
        }
        guard bytes.count <= maxFileBytes else {
            throw PictureError("a cover file of \(bytes.count) bytes is larger than \(maxFileBytes) bytes")
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw PictureError("not a PNG file (its first bytes say otherwise)")
        }
        let image = try PNGEncoder.decode(bytes, maxSide: 4096)
        let square = min(image.width, image.height)
        var pixels = [UInt8](repeating: 0, count: side * side * 3)
        // Nearest pixel of the middle square, until the decoder scales by area.
        for y in 0..<side {
            for x in 0..<side {
                let sourceX = (image.width - square) / 2 + x * square / side
                let sourceY = (image.height - square) / 2 + y * square / side
                for channel in 0..<3 {
                    pixels[(y * side + x) * 3 + channel] = image.bytes[(sourceY * image.width + sourceX) * 3 + channel]
                }
            }
        }
        return FeedPicture(
            name: FeedPicture.coverName, width: side, height: side,
            frames: [FeedPicture.Frame(delay: .zero, pixels: pixels)])
    }
}
