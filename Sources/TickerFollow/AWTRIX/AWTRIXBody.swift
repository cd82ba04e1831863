import TickerCore

/// The bodies of AWTRIX 3's requests, read from untrusted bytes: every key of AWTRIX's tables is accepted with
/// the JSON type AWTRIX takes for it, those a ticker has no use for are ignored, a key AWTRIX does not know is
/// ignored as AWTRIX ignores it, and a known key of the wrong type refuses the body, naming the key.
enum AWTRIXBody {
    /// The JSON a key takes.
    enum Kind {
        /// A string, or an array of fragments `{"t": text, "c": colour}`.
        case text
        case string
        case number
        case bool
        /// A hex string, an `[r, g, b]` array, or a number (AWTRIX's `0`: the global colour).
        case color
        case array
        case object
        /// A string or a number (a sound's file name or its DFPlayer number).
        case stringOrNumber

        var expected: String {
            switch self {
            case .text: "a string or an array of {\"t\": text, \"c\": colour} fragments"
            case .string: "a string"
            case .number: "a number"
            case .bool: "true or false"
            case .color: "a colour: \"#RRGGBB\", \"RRGGBB\" or [r, g, b]"
            case .array: "an array"
            case .object: "an object"
            case .stringOrNumber: "a string or a number"
            }
        }

        func admits(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.text, .string), (.text, .array), (.string, .string), (.number, .number), (.bool, .bool),
                (.color, .string), (.color, .array), (.color, .number), (.array, .array), (.object, .object),
                (.stringOrNumber, .string), (.stringOrNumber, .number):
                true
            default: false
            }
        }
    }

    /// The keys of a notification and of a custom app (AWTRIX's docs/api.md, "JSON Properties").
    static let appKeys: [String: Kind] = [
        "text": .text, "textCase": .number, "topText": .bool, "textOffset": .number, "center": .bool,
        "color": .color, "gradient": .array, "blinkText": .number, "fadeText": .number, "background": .color,
        "rainbow": .bool, "icon": .string, "pushIcon": .number, "repeat": .number, "duration": .number,
        "hold": .bool, "sound": .stringOrNumber, "rtttl": .string, "loopSound": .bool, "bar": .array,
        "line": .array, "autoscale": .bool, "barBC": .color, "progress": .number, "progressC": .color,
        "progressBC": .color, "pos": .number, "draw": .array, "lifetime": .number, "lifetimeMode": .number,
        "stack": .bool, "wakeup": .bool, "noScroll": .bool, "clients": .array, "scrollSpeed": .number,
        "effect": .string, "effectSettings": .object, "save": .bool, "overlay": .string,
    ]

    /// The keys of `/api/settings` (AWTRIX's docs/api.md, "Change Settings", and what its firmware reads).
    static let settingsKeys: [String: Kind] = [
        "ATIME": .number, "TEFF": .number, "TSPEED": .number, "TCOL": .color, "TMODE": .number, "CHCOL": .color,
        "CBCOL": .color, "CTCOL": .color, "WD": .bool, "WDCA": .color, "WDCI": .color, "BRI": .number,
        "ABRI": .bool, "ATRANS": .bool, "CCORRECTION": .color, "CTEMP": .color, "TFORMAT": .string,
        "DFORMAT": .string, "SOM": .bool, "CEL": .bool, "BLOCKN": .bool, "UPPERCASE": .bool, "TIME_COL": .color,
        "DATE_COL": .color, "TEMP_COL": .color, "HUM_COL": .color, "BAT_COL": .color, "SSPEED": .number,
        "TIM": .bool, "DAT": .bool, "HUM": .bool, "TEMP": .bool, "BAT": .bool, "MATP": .bool, "VOL": .number,
        "OVERLAY": .string, "GAMMA": .number, "SOUND": .bool, "MAT": .number, "GAME": .bool, "GAMEMODE": .number,
    ]

    /// The body as JSON; nil when it is empty or white space only (AWTRIX's "empty payload").
    static func parse(_ body: [UInt8]) throws(AWTRIXError) -> JSONValue? {
        guard body.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return nil }
        do {
            return try JSONValue.parse(body)
        } catch {
            throw .parsing(error.description)
        }
    }

    /// The members of `value` when it is an object, each known one checked against `keys`.
    static func object(_ value: JSONValue, keys: [String: Kind]) throws(AWTRIXError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw .parsing("the body is not a JSON object") }
        // Sorted, so that of several bad keys the same one is named every time.
        for key in members.keys.sorted() {
            guard let kind = keys[key], let member = members[key], member != .null else { continue }
            guard kind.admits(member) else { throw .parsing("bad '\(key)' (expected \(kind.expected))") }
        }
        return members
    }

    /// The reason of an `MQTTPayloadError` met while reading an AWTRIX body, as AWTRIX's parsing error.
    static func parsing(_ error: MQTTPayloadError) -> AWTRIXError { .parsing(error.description) }
}
