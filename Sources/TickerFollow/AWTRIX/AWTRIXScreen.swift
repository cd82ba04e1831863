import TickerCore

/// The answer to AWTRIX 3's `GET /api/screen`: the picture on the panel as a JSON array of `width × height`
/// 24-bit colours (`0xRRGGBB` as integers), row by row from the top left, as AWTRIX's live view reads it.
package enum AWTRIXScreen {
    /// The JSON array for an RGB picture of `width × height` pixels, 3 bytes a pixel (red, green, blue), row by
    /// row. Throws 500 `FAILED` when `rgb` does not hold exactly that many bytes or a side is not positive.
    package static func json(rgb: [UInt8], width: Int, height: Int) throws(AWTRIXError) -> String {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= rgb.count / 3, rgb.count == pixels * 3 else {
            throw .failed("a \(width)x\(height) screen needs \(width)x\(height)x3 bytes (got \(rgb.count))")
        }
        var text = "["
        text.reserveCapacity(pixels * 9)
        for pixel in 0..<pixels {
            if pixel > 0 { text += "," }
            let colour = Int(rgb[pixel * 3]) << 16 | Int(rgb[pixel * 3 + 1]) << 8 | Int(rgb[pixel * 3 + 2])
            text += String(colour)
        }
        return text + "]"
    }
}
