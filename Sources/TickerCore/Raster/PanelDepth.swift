/// What a panel shows per pixel: grey levels of a `PixelDepth`, or colour. `[panel] depth` in the
/// configuration: `1`, `2`, `4`, `8`, `rgb` (24 bits per pixel on the wire) or `rgb565` (16 bits).
public enum PanelDepth: Sendable, Equatable, Hashable {
    /// Grey levels, 1 to 8 bits per pixel.
    case grey(PixelDepth)
    /// Colour, 5 bits of red, 6 of green and 5 of blue on the wire.
    case rgb565
    /// Colour, 8 bits per channel on the wire.
    case rgb888

    /// Reads the configuration's spelling: `1`, `2`, `4`, `8`, `rgb` or `rgb565`; nil for anything else.
    public init?(name: String) {
        switch name {
        case "rgb": self = .rgb888
        case "rgb565": self = .rgb565
        default:
            guard name.utf8.count == 1, let bits = Int(name), let depth = PixelDepth(bits: bits) else { return nil }
            self = .grey(depth)
        }
    }

    /// The depth that puts `bits` per pixel on the wire (1, 2, 4, 8, 16 or 24); nil for any other count.
    public init?(wireBits bits: Int) {
        switch bits {
        case 16: self = .rgb565
        case 24: self = .rgb888
        default:
            guard let depth = PixelDepth(bits: bits) else { return nil }
            self = .grey(depth)
        }
    }

    /// The configuration's spelling.
    public var name: String {
        switch self {
        case .grey(let depth): String(depth.bits)
        case .rgb565: "rgb565"
        case .rgb888: "rgb"
        }
    }

    /// Whether the panel shows colour.
    public var isColor: Bool {
        if case .grey = self { return false }
        return true
    }

    /// The levels the scene draws in: the grey depth itself, or 8 bits for a colour panel, which the palette
    /// turns into colours.
    public var levels: PixelDepth {
        if case .grey(let depth) = self { return depth }
        return .eight
    }

    /// Bits per pixel on the wire: 1, 2, 4, 8, 16 or 24.
    public var wireBits: Int {
        switch self {
        case .grey(let depth): depth.bits
        case .rgb565: 16
        case .rgb888: 24
        }
    }

    /// The depths the configuration accepts, as its error messages list them.
    public static let names = "1, 2, 4, 8, rgb or rgb565"
}
