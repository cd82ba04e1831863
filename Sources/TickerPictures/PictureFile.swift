import TickerCore

/// PNG and GIF files made into the feed's pictures (`FeedPicture`), for `tickerctl icon` and
/// `tickerctl icons load`: the daemon never decodes an image, it gets the pixels.
///
/// Bounded before anything large is decoded: a file of at most `maxFileBytes`, a picture of at most
/// `FeedPicture.maxSide` pixels a side (a PNG's header and a GIF's screen are checked first) and
/// `FeedPicture.maxFrames` frames. Transparent pixels become black, the panel's unlit. A GIF's frames keep
/// their delays, which browsers' habit turns from 0 or 10 ms into 100 ms and the feed bounds to 20 ms – 60 s.
package enum PictureFile {
    /// The largest file read.
    package static let maxFileBytes = 1 << 20

    /// The picture named `name` in the PNG or GIF file `bytes`, whatever its name says.
    package static func picture(named name: String, file bytes: [UInt8]) throws(PictureError) -> FeedPicture {
        guard FeedPicture.isName(name) else {
            throw PictureError(
                "'\(name)' cannot name a picture (1 to \(FeedPicture.maxNameLength) of a-z, 0-9, '-', '_', '.')")
        }
        guard bytes.count <= maxFileBytes else {
            throw PictureError("a file of \(bytes.count) bytes is larger than \(maxFileBytes) bytes")
        }
        let side = FeedPicture.maxSide
        let frames: [(picture: RGBFrame, delay: Duration)]
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            frames = [(try PNGEncoder.decode(bytes, maxSide: side), .zero)]
        } else if bytes.starts(with: Array("GIF8".utf8)) {
            let images = try GIFDecoder.decode(bytes, maxSide: side, maxImages: FeedPicture.maxFrames)
            frames = images.map { ($0.picture, images.count > 1 ? delay(centiseconds: $0.delayCentiseconds) : .zero) }
        } else {
            throw PictureError("neither a PNG nor a GIF file (its first bytes say neither)")
        }
        guard let first = frames.first?.picture else { throw PictureError("GIF: no images") }
        let picture = FeedPicture(
            name: name, width: first.width, height: first.height,
            frames: frames.map { FeedPicture.Frame(delay: $0.delay, pixels: $0.picture.bytes) })
        if let problem = picture.problem { throw PictureError("\(problem)") }
        return picture
    }

    /// A GIF frame's delay as the feed takes it.
    package static func delay(centiseconds: Int) -> Duration {
        let shown = centiseconds <= 1 ? 10 : centiseconds
        return min(max(.milliseconds(shown * 10), FeedPicture.minDelay), FeedPicture.maxDelay)
    }
}
