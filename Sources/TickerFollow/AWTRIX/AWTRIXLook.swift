import TickerCore

/// The look of an AWTRIX notification or custom app as the feed's look options (`TextLook`): the colours of
/// `text`'s fragments and `color` as `--colors` runs, `rainbow: true` as `--rainbow`, `gradient: [from, to]` as
/// `--gradient`, `blinkText` (milliseconds) as `--blink`. As on AWTRIX, a rainbow outranks a gradient, and
/// either outranks the text's colours. Pure: the members are hostile.
enum AWTRIXLook {
    /// The text of `members` (a string, or fragments `{"t": text, "c": colour}` joined) and its look; nil when
    /// there is no `text`. The members' types have been checked (`AWTRIXBody.object`); a colour that is not
    /// one, or a gradient of other than two colours, refuses the body, naming the key.
    static func text(_ members: [String: JSONValue]) throws(AWTRIXError) -> (text: String, look: TextLook?)? {
        var fragments: [(text: String, color: RGB?)] = []
        switch members["text"] {
        case nil, .null?: return nil
        case .string(let text)?: fragments = [(text, nil)]
        case .array(let parts)?:
            for part in parts {
                guard case .string(let text)? = part["t"] else {
                    throw .parsing(
                        "bad 'text' (expected a string or an array of {\"t\": text, \"c\": colour} fragments)")
                }
                fragments.append((text, try color(part["c"], key: "'c' of a 'text' fragment")))
            }
        default: throw .parsing("bad 'text' (expected a string or an array of {\"t\": text, \"c\": colour} fragments)")
        }
        let (text, runs) = TextLook.joining(fragments, defaultColor: try color(members["color"], key: "'color'"))
        var look = TextLook()
        if members["rainbow"] == .bool(true) {
            look.fill = .rainbow
        } else if let gradient = members["gradient"], gradient != .null {
            guard case .array(let ends) = gradient, ends.count == 2, let from = try color(ends[0], key: "'gradient'"),
                let to = try color(ends[1], key: "'gradient'")
            else { throw .parsing("bad 'gradient' (expected two colours, e.g. [\"#FF0000\", \"#0000FF\"])") }
            look.fill = .gradient(from, to)
        } else if !runs.isEmpty {
            look.fill = .runs(runs)
        }
        if case .number(let millis)? = members["blinkText"], millis != 0 {
            // Out of the feed's range, the feed itself refuses it, naming `--blink` and the range.
            guard millis.isFinite, millis > 0, millis <= 86_400_000 else {
                throw .parsing("bad 'blinkText' (expected milliseconds, 50 to 60000)")
            }
            look.blink = .microseconds(Int64((millis * 1_000).rounded()))
        }
        return (text, look.isPlain ? nil : look)
    }

    /// The colour `value` names: `"#RRGGBB"` or `"RRGGBB"`, `[r, g, b]` (0–255 each), or a number `0xRRGGBB`;
    /// nil when missing, null or AWTRIX's `0` (the global text colour). `key` names it in the error, quoted.
    static func color(_ value: JSONValue?, key: String) throws(AWTRIXError) -> RGB? {
        switch value {
        case nil, .null?, .number(0)?: return nil
        case let value?:
            guard let color = RGB(json: value) else {
                throw .parsing("bad \(key) (expected \(AWTRIXBody.Kind.color.expected))")
            }
            return color
        }
    }
}
