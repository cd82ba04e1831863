extension RGB {
    /// The colour a JSON value names, as AWTRIX 3 and the MQTT bridge take one: `"#RRGGBB"` or `"RRGGBB"` (hex
    /// digits of either case), `[r, g, b]` (whole numbers 0–255), or a whole number `0xRRGGBB`; nil for anything
    /// else.
    public init?(json value: JSONValue) {
        switch value {
        case .number(let number):
            guard number.isFinite, number >= 0, number <= 0xFF_FFFF, number == number.rounded() else { return nil }
            self.init(hex: UInt32(number))
        case .string(let text):
            let digits = text.unicodeScalars
            self.init(hexDigits: digits.first == "#" ? digits.dropFirst() : digits[...])
        case .array(let channels):
            guard channels.count == 3 else { return nil }
            var bytes: [UInt8] = []
            for channel in channels {
                guard case .number(let number) = channel, number >= 0, number <= 255, number == number.rounded() else {
                    return nil
                }
                bytes.append(UInt8(number))
            }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2])
        default:
            return nil
        }
    }
}
