import TickerCore

/// AWTRIX 3's settings (`/api/settings`, `[prefix]/settings`): what a body changes on the feed, and the answer
/// to `GET /api/settings`. Only the brightness means something on a ticker; every other key is accepted and
/// ignored (docs/WEB.md#awtrix-3s-api says why for each).
package enum AWTRIXSettings {
    /// The feed commands for a settings body: `ABRI` true → `brightness auto` (then `BRI` is ignored, as AWTRIX
    /// ignores it under automatic brightness); else `BRI` (0–255) → `brightness` in percent, rounded. Throws 500
    /// `ErrorParsingJson` for a body that is not a JSON object, a key of the wrong type, or a `BRI` out of range.
    package static func commands(_ body: [UInt8]) throws(AWTRIXError) -> [FeedCommand] {
        guard let value = try AWTRIXBody.parse(body) else {
            throw .parsing("the body is empty (expected a JSON object)")
        }
        let members = try AWTRIXBody.object(value, keys: AWTRIXBody.settingsKeys)
        if members["ABRI"] == .bool(true) { return [.brightnessAuto] }
        guard case .number(let level)? = members["BRI"] else { return [] }
        guard level >= 0, level <= 255 else { throw .parsing("bad 'BRI' (expected a number from 0 to 255)") }
        return [.brightness(percent(ofLevel: level))]
    }

    /// AWTRIX's brightness level (0–255) in percent, rounded.
    package static func percent(ofLevel level: Double) -> Int { Int((level * 100 / 255).rounded()) }

    /// A percentage (0–100) as AWTRIX's brightness level (0–255), rounded.
    package static func level(ofPercent percent: Int) -> Int {
        Int((Double(min(max(percent, 0), 100)) * 255 / 100).rounded())
    }

    /// The answer to `GET /api/settings`: every key of AWTRIX's, with tickerd's values where it has them —
    /// `BRI` from `brightnessPercent` (the brightness in force), `ABRI` whether it is the configured or
    /// scheduled one (the feed set none), `ATIME` the idle screen's `pageTimeSeconds` (`display.page-time`),
    /// `ATRANS` true (the pages always turn on their own), `UPPERCASE` false (text shows as sent) — and
    /// AWTRIX's defaults for the rest, which a ticker does not have.
    package static func answer(brightnessPercent: Int, automatic: Bool, pageTimeSeconds: Int) -> String {
        let values: [String: JSONValue] = [
            "MATP": .bool(true), "ABRI": .bool(automatic), "BRI": .number(Double(level(ofPercent: brightnessPercent))),
            "ATRANS": .bool(true), "TCOL": .number(0xFF_FFFF), "TEFF": .number(1), "TSPEED": .number(500),
            "ATIME": .number(Double(pageTimeSeconds)), "TMODE": .number(1), "CHCOL": .number(0xFF_0000),
            "CTCOL": .number(0), "CBCOL": .number(0xFF_FFFF), "TFORMAT": .string("%H:%M:%S"),
            "DFORMAT": .string("%d.%m.%y"), "SOM": .bool(true), "CEL": .bool(true), "BLOCKN": .bool(false),
            "MAT": .number(0), "SOUND": .bool(false), "GAMMA": .number(0), "UPPERCASE": .bool(false),
            "CCORRECTION": .string("#FFFFFF"), "CTEMP": .string("#FFFFFF"), "WD": .bool(false),
            "WDCA": .number(0xFF_FFFF), "WDCI": .number(0x66_6666), "TIME_COL": .number(0), "DATE_COL": .number(0),
            "HUM_COL": .number(0), "TEMP_COL": .number(0), "BAT_COL": .number(0), "SSPEED": .number(100),
            "TIM": .bool(true), "DAT": .bool(false), "HUM": .bool(false), "TEMP": .bool(false), "BAT": .bool(false),
            "VOL": .number(0), "OVERLAY": .string("clear"),
        ]
        return JSONValue.object(values).encoded
    }
}
