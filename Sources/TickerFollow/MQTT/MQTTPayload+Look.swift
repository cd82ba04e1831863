import TickerCore

extension MQTTPayload {
    /// The look of a JSON message or page (`<prefix>/message`, `<prefix>/page/<name>/set`): `color` (the whole
    /// text), `rainbow: true`, `gradient: [from, to]`, `blink` (seconds); colours as `"#RRGGBB"`, `"RRGGBB"`,
    /// `[r, g, b]` or `0xRRGGBB` (`0`: the role's colour). As on AWTRIX, a rainbow outranks a gradient, and either outranks the colour.
    /// Nil when the object sets none; null members are missing ones.
    static func look(_ value: JSONValue) throws(MQTTPayloadError) -> TextLook? {
        func member(_ key: String) -> JSONValue? { value[key].flatMap { $0 == .null ? nil : $0 } }
        let colour = "a colour: \"#RRGGBB\", \"RRGGBB\" or [r, g, b]"
        var look = TextLook()
        // 0 is AWTRIX's global colour: the role's, as there.
        if let color = member("color"), color != .number(0) {
            guard let rgb = RGB(json: color) else { throw .badMember("color", expected: colour) }
            look.fill = .runs([TextLook.ColorRun(rgb)])
        }
        if let gradient = member("gradient") {
            guard case .array(let ends) = gradient, ends.count == 2, let from = RGB(json: ends[0]),
                let to = RGB(json: ends[1])
            else { throw .badMember("gradient", expected: "two colours, e.g. [\"#FF0000\", \"#0000FF\"]") }
            look.fill = .gradient(from, to)
        }
        if let rainbow = member("rainbow") {
            guard case .bool(let on) = rainbow else { throw .badMember("rainbow", expected: "true or false") }
            if on { look.fill = .rainbow }
        }
        if let blink = member("blink") {
            guard let seconds = blink.numberValue, seconds >= 0.05, seconds <= 60 else {
                throw .badMember("blink", expected: "seconds, 0.05 to 60")
            }
            look.blink = FeedCommand.time(seconds: seconds)
        }
        return look.isPlain ? nil : look
    }
}
