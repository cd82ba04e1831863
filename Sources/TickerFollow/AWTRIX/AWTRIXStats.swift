import TickerCore

/// The answer to AWTRIX 3's `GET /api/stats`: every key AWTRIX's answers, with tickerd's values where it has
/// them and neutral ones for what a ticker lacks (no battery, light sensor, thermometer or indicators).
package struct AWTRIXStats: Equatable, Sendable {
    /// The brightness in force, in percent (answered as AWTRIX's 0–255 `bri`).
    package var brightnessPercent = 100
    /// How long the daemon has run, in whole seconds.
    package var uptimeSeconds = 0
    /// How many commands the API and the bridge took (`messages`).
    package var messagesReceived = 0
    /// tickerd's version.
    package var version = ""
    /// What the panel shows: a page's name, or AWTRIX's `Time` for the clock (`app`).
    package var app = "Time"
    /// The host name (`uid`).
    package var uid = ""
    /// Whether a panel receives frames (`matrix`).
    package var matrix = true
    /// The address the request came to (`ip_address`).
    package var ipAddress = ""
    /// Free memory in bytes (`ram`), when known.
    package var freeMemoryBytes = 0

    /// Stats with the neutral values; set the ones tickerd knows.
    package init() {}

    /// The JSON answer.
    package var json: String {
        let values: [String: JSONValue] = [
            "bat": .number(100), "bat_raw": .number(0), "type": .number(0), "lux": .number(0), "ldr_raw": .number(0),
            "ram": .number(Double(freeMemoryBytes)),
            "bri": .number(Double(AWTRIXSettings.level(ofPercent: brightnessPercent))), "temp": .number(0),
            "hum": .number(0), "uptime": .number(Double(uptimeSeconds)), "wifi_signal": .number(0),
            "messages": .number(Double(messagesReceived)), "version": .string(version), "indicator1": .bool(false),
            "indicator2": .bool(false), "indicator3": .bool(false), "app": .string(app), "uid": .string(uid),
            "matrix": .bool(matrix), "ip_address": .string(ipAddress),
        ]
        return JSONValue.object(values).encoded
    }
}
