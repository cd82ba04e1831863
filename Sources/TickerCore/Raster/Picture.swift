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

    /// Whether the picture has colours (the panel is a colour one).
    public var isColor: Bool { !colors.bytes.isEmpty }
}
