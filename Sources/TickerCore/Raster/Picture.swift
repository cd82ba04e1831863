import TickerWire

/// What the panel shows at one instant, as the renderer draws it and every sink and the terminal take it: the
/// levels drawn, and on a colour panel their colours. A sink turns it into bytes for its kind of device (a
/// grey picture on an LED strip becomes white light there).
public struct Picture: Sendable, Equatable {
    /// The levels drawn, `width` × `height` of the panel's depth.
    public var frame: Frame
    /// The colours of `frame` on a colour panel; 0 × 0 on a grey one.
    public var colors: RGBFrame

    /// A dark picture for a `width` × `height` panel of `depth` levels, with room for colours when `color`.
    public init(width: Int, height: Int, depth: PixelDepth, color: Bool) {
        frame = Frame(width: width, height: height, depth: depth)
        colors = color ? RGBFrame(width: width, height: height) : RGBFrame(width: 0, height: 0)
    }

    /// A colour picture of `colors` with dark levels: what a device that takes colours alone shows (an LED matrix).
    public init(colors: RGBFrame) {
        self.init(width: colors.width, height: colors.height, depth: .eight, color: false)
        self.colors = colors
    }

    /// Whether the picture has colours (the panel is a colour one).
    public var isColor: Bool { !colors.bytes.isEmpty }

    /// Shows the pixels in `bytes`, laid out as `layout` says (see `PixelLayout`): a panel's framebuffer, a frame on
    /// the wire. A grey picture takes the levels as they are (`layout` is its frame's); a colour one, the colours.
    public mutating func unpack(_ bytes: [UInt8], layout: PixelLayout) {
        if isColor { colors.unpack(bytes, layout: layout) } else { frame.bytes.overwrite(with: bytes) }
    }
}

extension Picture {
    /// Calls `body` with the picture in colour: its own colours, or a grey picture in white light, drawn into
    /// `whiteLight` (made anew only when the size changed, so a steady stream allocates nothing).
    public func withColors<R>(whiteLight: inout RGBFrame, _ body: (RGBFrame) throws -> R) rethrows -> R {
        if isColor { return try body(colors) }
        if whiteLight.width != frame.width || whiteLight.height != frame.height {
            whiteLight = RGBFrame(width: frame.width, height: frame.height)
        }
        whiteLight.render(grey: frame)
        return try body(whiteLight)
    }
}
