import CJPEG
import TickerCore

/// JPEG files made through libjpeg-turbo's compressor (the CJPEG shim): the tests' and the benchmark's covers
/// of known colours, and the fuzzing seeds. Covers themselves are only ever decoded.
package enum JPEGEncoder {
    /// How the file is laid out.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        /// libjpeg's standard progressive script (jpeg_simple_progression: 10 scans for colour, 6 for grey).
        package static let progressive = Options(rawValue: Int32(CJPEG_ENCODE_PROGRESSIVE))
        /// Chroma at full resolution (4:4:4) instead of libjpeg's 4:2:0.
        package static let fullChroma = Options(rawValue: Int32(CJPEG_ENCODE_FULL_CHROMA))
        /// A progressive file of a scan for each coefficient of each component (64 for grey, 190 for colour).
        package static let scanPerCoefficient = Options(rawValue: Int32(CJPEG_ENCODE_SCAN_PER_COEFFICIENT))
    }

    /// The JPEG file (at `quality`, 1–100) of `picture`.
    package static func encode(_ picture: RGBFrame, quality: Int = 90, options: Options = []) throws(PictureError)
        -> [UInt8]
    {
        try encode(
            picture.bytes, width: picture.width, height: picture.height, colors: .rgb, quality: quality,
            options: options)
    }

    /// The JPEG file of `width` × `height` pixels of `colors`, row by row (`colors.bytesPerPixel` bytes each).
    package static func encode(
        _ pixels: [UInt8], width: Int, height: Int, colors: JPEGColors, quality: Int = 90, options: Options = []
    ) throws(PictureError) -> [UInt8] {
        guard colors != .other, width > 0, height > 0, pixels.count == width * height * colors.bytesPerPixel else {
            throw PictureError("JPEG: \(pixels.count) bytes are not \(width) × \(height) pixels of \(colors)")
        }
        var file: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                cjpeg_encode(
                    input.baseAddress, Int32(clamping: width), Int32(clamping: height), colors.code,
                    Int32(clamping: quality), options.rawValue, &file, &size, text.baseAddress, text.count)
            }
        }
        guard status == 0, let file else {
            throw PictureError(
                "JPEG: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        defer { cjpeg_free(file) }
        return Array(UnsafeBufferPointer(start: file, count: size))
    }
}
