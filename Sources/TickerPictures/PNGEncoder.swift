import CPNG
import TickerCore

/// PNG files of pictures, through libpng's simplified API (`png_image_write_to_memory`).
package enum PNGEncoder {
    /// The PNG file (8-bit RGB, no alpha) of `picture`.
    package static func encode(_ picture: RGBFrame) throws(PictureError) -> [UInt8] {
        guard picture.width > 0, picture.height > 0 else { throw PictureError("PNG: the picture is empty") }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(picture.width)
        image.height = UInt32(picture.height)
        image.format = UInt32(PNG_FORMAT_RGB)
        var size = 0
        // The first call only measures.
        let measured = picture.bytes.withUnsafeBytes { pixels in
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0, nil)
        }
        guard measured != 0, size > 0 else { throw PictureError("PNG: \(message(of: &image))") }
        var file = [UInt8](repeating: 0, count: size)
        let written = file.withUnsafeMutableBytes { output in
            picture.bytes.withUnsafeBytes { pixels in
                png_image_write_to_memory(&image, output.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        guard written != 0 else { throw PictureError("PNG: \(message(of: &image))") }
        return Array(file.prefix(size))
    }

    /// The PNG file `bytes` as a picture, transparent pixels over black; used to check what `encode` wrote,
    /// and to read icons and covers. One wider or taller than `maxSide`, of more than `maxPixels` pixels, or
    /// (unless `sixteenBits`) of 16 bits a channel is refused from its header, before its pixels are read.
    package static func decode(
        _ bytes: [UInt8], maxSide: Int = 1 << 14, maxPixels: Int = 1 << 28, sixteenBits: Bool = true
    ) throws(PictureError) -> RGBFrame {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let opened = bytes.withUnsafeBytes { file in
            png_image_begin_read_from_memory(&image, file.baseAddress, file.count)
        }
        guard opened != 0 else { throw PictureError("PNG: \(message(of: &image))") }
        // Before the format asked for replaces it, the file's own: the linear flag marks 16-bit channels.
        let deep = image.format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0
        image.format = UInt32(PNG_FORMAT_RGB)
        guard image.width <= maxSide, image.height <= maxSide else {
            png_image_free(&image)
            throw PictureError(
                "PNG: \(image.width) × \(image.height) pixels is too large (at most \(maxSide) × \(maxSide))")
        }
        guard Int(image.width) * Int(image.height) <= maxPixels else {
            png_image_free(&image)
            throw PictureError(
                "PNG: \(image.width) × \(image.height) pixels is too large (at most \(maxPixels) pixels)")
        }
        guard sixteenBits || !deep else {
            png_image_free(&image)
            throw PictureError("PNG: 16 bits a channel are not supported (a file of 8 bits a channel is)")
        }
        var picture = RGBFrame(width: Int(image.width), height: Int(image.height))
        let finished = picture.bytes.withUnsafeMutableBytes { pixels in
            png_image_finish_read(&image, nil, pixels.baseAddress, 0, nil)
        }
        guard finished != 0 else { throw PictureError("PNG: \(message(of: &image))") }
        return picture
    }

    /// libpng's own words for the last failure.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
