import TickerWire

extension RGBFrame {
    /// Writes the picture into `bytes` in a colour panel's wire layout (`layout`, 16 or 24 bits per pixel,
    /// `layout.byteCount` bytes, of this frame's size), without allocating. Nothing happens for a grey layout
    /// or another size.
    public func pack(into bytes: inout [UInt8], layout: PixelLayout) {
        guard layout.isColor, layout.width == width, layout.height == height, bytes.count == layout.byteCount
        else { return }
        for x in 0..<width {
            for y in 0..<height {
                let index = (y * width + x) * 3
                layout.setColor(
                    red: self.bytes[index], green: self.bytes[index + 1], blue: self.bytes[index + 2], in: &bytes,
                    x: x, y: y)
            }
        }
    }
}
