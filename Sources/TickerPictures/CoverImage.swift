import TickerCore

/// Album covers made into the feed's cover picture (`FeedPicture.coverName`), for the followers and
/// `tickerctl cover`: the file decoded, its middle square scaled to the side the panel's cover box has
/// (`CoverPlacement.box`) by `CoverScaler` (area averaging in linear light; a smaller picture enlarged by the
/// nearest pixel). The daemon never decodes an image; it gets these pixels.
///
/// JPEG files go through libjpeg-turbo, which scales while it decodes: the file is decoded at the smallest of
/// 1/8, 1/4, 1/2 and full size whose shorter side is still at least `side` (a 1000 × 1000 cover for a
/// 64-pixel box at 125 × 125), which skips most of the work; the reduction inside libjpeg's 8 × 8 blocks
/// averages the stored codes, the rest is averaged in linear light. PNG files go through libpng's simplified
/// API, whole.
///
/// Every file is hostile until proven otherwise; each refusal is a sentence naming the format and what is
/// wrong:
/// - a file larger than `maxFileBytes`;
/// - a picture wider or taller than `maxImageSide`, or of more than `maxImagePixels` pixels (a decompression
///   bomb: a few kilobytes can declare gigapixels), checked from the header before a pixel is allocated;
/// - a file cut short or corrupt: libpng's errors, and libjpeg's warnings, which it would otherwise paper over
///   by padding the picture with grey;
/// - a CMYK or YCCK JPEG (print files; Adobe's inverted inks would come out as a negative) and a PNG of 16 bits
///   a channel; grey files of either kind are taken;
/// - a progressive JPEG of more than `maxScans` scans. libjpeg decodes progressive files, and ordinary ones
///   have about 10 scans (libjpeg's own script: 10 for colour, 6 for grey; other encoders a few more), but
///   each scan is another pass over every block of the picture, and a few bytes make a scan: a hostile file of
///   thousands of tiny scans is a CPU bomb. As libjpeg-turbo's `djpeg -maxscans`, the scans are counted as
///   they are read and the file is refused past the limit. A progressive file's coefficients are also kept
///   whole while it is read; libjpeg gets at most `maxDecodingMemory` bytes for them.
package enum CoverImage {
    /// The largest cover file read, in bytes.
    package static let maxFileBytes = 8 << 20
    /// The widest and tallest picture decoded, in pixels.
    package static let maxImageSide = 8192
    /// The most pixels a picture may have: 4096 × 4096, about 48 MB as RGB.
    package static let maxImagePixels = 4096 * 4096
    /// The most scans a JPEG file may have.
    package static let maxScans = 64
    /// The most memory libjpeg may take for a picture's whole-image arrays, in bytes.
    package static let maxDecodingMemory = 64 << 20

    /// The cover in `bytes` (a JPEG or PNG file, whatever its name says), scaled to `side` × `side` pixels.
    package static func picture(file bytes: [UInt8], side: Int) throws(PictureError) -> FeedPicture {
        guard (1...FeedPicture.maxSide).contains(side) else {
            throw PictureError("a cover of \(side) pixels a side (expected 1 to \(FeedPicture.maxSide))")
        }
        guard bytes.count <= maxFileBytes else {
            throw PictureError("a cover file of \(bytes.count) bytes is larger than \(maxFileBytes) bytes")
        }
        let pixels: [UInt8]
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            pixels = try pngPixels(bytes, side: side)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            pixels = try jpegPixels(bytes, side: side)
        } else {
            throw PictureError("neither a JPEG nor a PNG file (its first bytes say neither)")
        }
        return FeedPicture(
            name: FeedPicture.coverName, width: side, height: side,
            frames: [FeedPicture.Frame(delay: .zero, pixels: pixels)])
    }

    /// Why a picture of `width` × `height` pixels is not decoded, or nil when it may be.
    static func sizeProblem(width: Int, height: Int) -> String? {
        guard width > maxImageSide || height > maxImageSide || width * height > maxImagePixels else { return nil }
        return "\(width) × \(height) pixels is too large (at most \(maxImageSide) a side and \(maxImagePixels) pixels)"
    }

    private static func pngPixels(_ bytes: [UInt8], side: Int) throws(PictureError) -> [UInt8] {
        let image = try PNGEncoder.decode(
            bytes, maxSide: maxImageSide, maxPixels: maxImagePixels, sixteenBits: false)
        var scaler = CoverScaler(width: image.width, height: image.height, side: side)
        let stride = image.width * 3
        image.bytes.withUnsafeBufferPointer { all in
            for y in scaler.rows {
                scaler.add(UnsafeBufferPointer(rebasing: all[(y * stride)..<((y + 1) * stride)]), at: y)
            }
        }
        return scaler.pixels
    }

    private static func jpegPixels(_ bytes: [UInt8], side: Int) throws(PictureError) -> [UInt8] {
        let decoder = try JPEGDecoder(bytes, maxScans: maxScans, maxMemory: maxDecodingMemory)
        let header = decoder.header
        switch header.colors {
        case .grey, .rgb: break
        case .cmyk, .ycck:
            throw PictureError(
                "JPEG: \(header.colors == .cmyk ? "CMYK" : "YCCK (CMYK)") colours, for print, are not supported "
                    + "(a cover in RGB or grey is)")
        case .other: throw PictureError("JPEG: colours of an unknown kind (a cover in RGB or grey is taken)")
        }
        if let problem = sizeProblem(width: header.width, height: header.height) {
            throw PictureError("JPEG: \(problem)")
        }
        let output = try decoder.start(minSide: side)
        var scaler = CoverScaler(width: output.width, height: output.height, side: side)
        var row = [UInt8](repeating: 0, count: output.width * 3)
        var y = 0
        while try decoder.readRow(into: &row) {
            row.withUnsafeBufferPointer { scaler.add($0, at: y) }
            y += 1
        }
        try decoder.finish()
        return scaler.pixels
    }
}
