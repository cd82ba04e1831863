import CGIF
import TickerCore

/// Animated GIF files, through giflib (`EGifOpen` and friends): an `IndexedAnimation` that loops for ever.
package enum GIFEncoder {
    /// The GIF file of `animation`.
    package static func encode(_ animation: IndexedAnimation) throws(PictureError) -> [UInt8] {
        guard animation.width > 0, animation.height > 0, animation.width <= 0xFFFF, animation.height <= 0xFFFF,
            !animation.patches.isEmpty
        else { throw PictureError("GIF: the animation is empty or larger than 65535 pixels a side") }
        let output = Output()
        var error: Int32 = 0
        let gif = EGifOpen(Unmanaged.passUnretained(output).toOpaque(), writeToOutput, &error)
        guard let gif else { throw PictureError("GIF: \(describe(error))") }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, nil) } }
        EGifSetGifVersion(gif, true)

        // The colour table holds a power of two entries; the transparent index follows the colours.
        var tableSize = 2
        while tableSize < animation.palette.count + 1 { tableSize *= 2 }
        var colours = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: tableSize)
        for (index, colour) in animation.palette.enumerated() {
            colours[index] = GifColorType(Red: colour.red, Green: colour.green, Blue: colour.blue)
        }
        guard let map = GifMakeMapObject(Int32(tableSize), colours) else { throw PictureError("GIF: out of memory") }
        defer { GifFreeMapObject(map) }

        try check(EGifPutScreenDesc(gif, Int32(animation.width), Int32(animation.height), 8, 0, map), gif)
        try putLoopForever(gif)
        for patch in animation.patches {
            var control = GraphicsControlBlock(
                DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                DelayTime: Int32(min(0xFFFF, patch.delayCentiseconds)),
                TransparentColor: Int32(animation.transparentIndex))
            var extensionBytes = [GifByteType](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), gif)
            try check(
                EGifPutImageDesc(
                    gif, Int32(patch.left), Int32(patch.top), Int32(patch.width), Int32(patch.height), false, nil),
                gif)
            var row = [GifPixelType](repeating: 0, count: patch.width)
            for y in 0..<patch.height {
                for x in 0..<patch.width { row[x] = patch.indices[y * patch.width + x] }
                try check(EGifPutLine(gif, &row, Int32(patch.width)), gif)
            }
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw PictureError("GIF: \(describe(error))") }
        return output.bytes
    }

    /// The NETSCAPE2.0 application extension: loop for ever.
    private static func putLoopForever(_ gif: UnsafeMutablePointer<GifFileType>) throws(PictureError) {
        let name = Array("NETSCAPE2.0".utf8)
        let loops: [GifByteType] = [1, 0, 0]
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif)
        try check(EGifPutExtensionBlock(gif, Int32(name.count), name), gif)
        try check(EGifPutExtensionBlock(gif, Int32(loops.count), loops), gif)
        try check(EGifPutExtensionTrailer(gif), gif)
    }

    private static func check(_ result: Int32, _ gif: UnsafeMutablePointer<GifFileType>) throws(PictureError) {
        guard result == GIF_OK else { throw PictureError("GIF: \(describe(gif.pointee.Error))") }
    }

    static func describe(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "giflib error \(code)" }
        return String(cString: text)
    }

    /// Where giflib's output goes.
    private final class Output {
        var bytes: [UInt8] = []
    }

    private static let writeToOutput: OutputFunc = { gif, data, length in
        guard let gif, let user = gif.pointee.UserData, let data, length > 0 else { return 0 }
        let output = Unmanaged<Output>.fromOpaque(user).takeUnretainedValue()
        output.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return length
    }
}
