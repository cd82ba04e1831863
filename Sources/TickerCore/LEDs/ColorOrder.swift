/// The order in which a strip's LEDs take their three colour bytes (WS2812 LEDs want green first).
public enum ColorOrder: String, Sendable, Equatable, CaseIterable {
    case rgb = "RGB"
    case rbg = "RBG"
    case grb = "GRB"
    case gbr = "GBR"
    case brg = "BRG"
    case bgr = "BGR"

    /// For each byte on the wire, which channel of R, G, B (0, 1, 2) it carries.
    public var channels: (Int, Int, Int) {
        switch self {
        case .rgb: (0, 1, 2)
        case .rbg: (0, 2, 1)
        case .grb: (1, 0, 2)
        case .gbr: (1, 2, 0)
        case .brg: (2, 0, 1)
        case .bgr: (2, 1, 0)
        }
    }

    /// The three wire bytes of `colour` in this order.
    public func wire(_ colour: RGB) -> (UInt8, UInt8, UInt8) {
        let values = [colour.red, colour.green, colour.blue]
        let (a, b, c) = channels
        return (values[a], values[b], values[c])
    }

    /// The colour that three wire bytes in this order carry.
    public func colour(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> RGB {
        var values: [UInt8] = [0, 0, 0]
        let (a, b, c) = channels
        values[a] = first
        values[b] = second
        values[c] = third
        return RGB(red: values[0], green: values[1], blue: values[2])
    }
}
