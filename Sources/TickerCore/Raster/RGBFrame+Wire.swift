import TickerWire

extension RGBFrame {
    /// Writes the picture into `bytes` in a colour panel's wire layout (`layout`, 16 or 24 bits per pixel,
    /// `layout.byteCount` bytes, of this frame's size; see `PixelLayout`), without allocating. Nothing happens
    /// for a grey layout or another size.
    public func pack(into bytes: inout [UInt8], layout: PixelLayout) {
        guard layout.isColor, layout.width == width, layout.height == height, bytes.count == layout.byteCount
        else { return }
        let width = self.width
        let height = self.height
        let bytesPerColumn = layout.bytesPerColumn
        let wide = layout.bitsPerPixel == 24
        self.bytes.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                for x in 0..<width {
                    // Indices stay inside both buffers by construction: no overflow checks.
                    var out = x &* bytesPerColumn
                    var index = x &* 3
                    for _ in 0..<height {
                        let red = source[index]
                        let green = source[index &+ 1]
                        let blue = source[index &+ 2]
                        if wide {
                            target[out] = red
                            target[out &+ 1] = green
                            target[out &+ 2] = blue
                            out = out &+ 3
                        } else {
                            // RGB565, low byte first: the top 5, 6 and 5 bits of each channel.
                            let value = UInt16(red >> 3) << 11 | UInt16(green >> 2) << 5 | UInt16(blue >> 3)
                            target[out] = UInt8(truncatingIfNeeded: value)
                            target[out &+ 1] = UInt8(truncatingIfNeeded: value >> 8)
                            out = out &+ 2
                        }
                        index = index &+ width &* 3
                    }
                }
            }
        }
    }

    /// Overwrites this frame (of `layout`'s size) with the pixels in `bytes`, a panel's wire layout (see
    /// `PixelLayout`), 8 bits per channel: RGB565 widened, a grey level as white light. The inverse of `pack`.
    public mutating func unpack(_ bytes: [UInt8], layout: PixelLayout) {
        for y in 0..<min(height, layout.height) {
            for x in 0..<min(width, layout.width) {
                let color = layout.color(in: bytes, x: x, y: y)
                self[x, y] = RGB(red: color.red, green: color.green, blue: color.blue)
            }
        }
    }
}
