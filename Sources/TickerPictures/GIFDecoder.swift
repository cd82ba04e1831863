import CGIF
import TickerCore

/// Reads an animated GIF back into whole pictures, as a viewer shows them: each image drawn over the previous
/// ones, its transparent pixels keeping what was there. Used to check what `GIFEncoder` wrote; bounded, so a
/// hostile file is an error, not a crash.
package enum GIFDecoder {
    /// One picture of the animation and how long it is shown.
    package struct Picture: Sendable, Equatable {
        package var picture: RGBFrame
        package var delayCentiseconds: Int
    }

    /// The pictures of the GIF file `bytes`: at most `maxSide` pixels a side (the screen is checked before any
    /// image is decoded) and `maxImages` images.
    package static func decode(_ bytes: [UInt8], maxSide: Int = 4096, maxImages: Int = 10_000) throws(PictureError)
        -> [Picture]
    {
        let input = Input(bytes)
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), readFromInput, &error) else {
            throw PictureError("GIF: \(GIFEncoder.describe(error))")
        }
        defer { DGifCloseFile(gif, nil) }
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else {
            throw PictureError("GIF: a screen of \(width) × \(height) pixels (at most \(maxSide) × \(maxSide))")
        }
        try checkImages(bytes, width: width, height: height, maxImages: maxImages)
        guard DGifSlurp(gif) == GIF_OK else { throw PictureError("GIF: \(GIFEncoder.describe(gif.pointee.Error))") }
        let count = Int(gif.pointee.ImageCount)
        guard count <= maxImages, let images = gif.pointee.SavedImages else {
            throw PictureError("GIF: \(count) images (at most \(maxImages))")
        }
        var shown = RGBFrame(width: width, height: height)
        var pictures: [Picture] = []
        for number in 0..<count {
            let image = images[number]
            var control = GraphicsControlBlock(
                DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            DGifSavedExtensionToGCB(gif, Int32(number), &control)
            guard let map = image.ImageDesc.ColorMap ?? gif.pointee.SColorMap, let colours = map.pointee.Colors,
                let raster = image.RasterBits
            else { throw PictureError("GIF: image \(number) has no colour table or no pixels") }
            let left = Int(image.ImageDesc.Left)
            let top = Int(image.ImageDesc.Top)
            let patchWidth = Int(image.ImageDesc.Width)
            let patchHeight = Int(image.ImageDesc.Height)
            guard left >= 0, top >= 0, patchWidth >= 0, patchHeight >= 0, left + patchWidth <= width,
                top + patchHeight <= height
            else { throw PictureError("GIF: image \(number) lies outside the screen") }
            for y in 0..<patchHeight {
                for x in 0..<patchWidth {
                    let index = Int32(raster[y * patchWidth + x])
                    guard index != control.TransparentColor else { continue }
                    guard index < map.pointee.ColorCount else {
                        throw PictureError("GIF: image \(number) uses colour \(index) of \(map.pointee.ColorCount)")
                    }
                    let colour = colours[Int(index)]
                    shown[left + x, top + y] = RGB(red: colour.Red, green: colour.Green, blue: colour.Blue)
                }
            }
            pictures.append(Picture(picture: shown, delayCentiseconds: Int(control.DelayTime)))
        }
        return pictures
    }

    /// Walks the file's records without decoding a pixel: every image must lie inside the screen, and there
    /// must be at most `maxImages`, before `DGifSlurp` allocates each image's pixels at the size it declares
    /// (65535 × 65535 in a hostile file).
    private static func checkImages(_ bytes: [UInt8], width: Int, height: Int, maxImages: Int) throws(PictureError) {
        let input = Input(bytes)
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), readFromInput, &error) else {
            throw PictureError("GIF: \(GIFEncoder.describe(error))")
        }
        defer { DGifCloseFile(gif, nil) }
        func failed() -> PictureError { PictureError("GIF: \(GIFEncoder.describe(gif.pointee.Error))") }
        var record = UNDEFINED_RECORD_TYPE
        var images = 0
        var block: UnsafeMutablePointer<GifByteType>?
        var code: Int32 = 0
        while record != TERMINATE_RECORD_TYPE {
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failed() }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failed() }
                let image = gif.pointee.Image
                images += 1
                guard images <= maxImages else { throw PictureError("GIF: more than \(maxImages) images") }
                guard image.Left >= 0, image.Top >= 0, image.Width >= 0, image.Height >= 0,
                    Int(image.Left) + Int(image.Width) <= width, Int(image.Top) + Int(image.Height) <= height
                else { throw PictureError("GIF: image \(images - 1) lies outside the screen") }
                guard DGifGetCode(gif, &code, &block) == GIF_OK else { throw failed() }
                while block != nil { guard DGifGetCodeNext(gif, &block) == GIF_OK else { throw failed() } }
            case EXTENSION_RECORD_TYPE:
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failed() }
                while block != nil { guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failed() } }
            default:
                break
            }
        }
    }

    private final class Input {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let readFromInput: InputFunc = { gif, buffer, length in
        guard let gif, let user = gif.pointee.UserData, let buffer, length > 0 else { return 0 }
        let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
        let count = min(Int(length), input.bytes.count - input.offset)
        for index in 0..<count { buffer[index] = input.bytes[input.offset + index] }
        input.offset += count
        return Int32(count)
    }
}
