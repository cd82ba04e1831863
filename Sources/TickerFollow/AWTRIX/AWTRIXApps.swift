import TickerCore

/// AWTRIX 3's app switching (`/api/switch` `{"name": …}`, `/api/nextapp`, `/api/previousapp`, and their MQTT
/// topics) on the idle screen's pages. The feed has no command to turn the pages yet (they turn on their own,
/// `display.page-time` each): each of these answers 500 `FAILED`, saying so, rather than an `OK` for nothing.
/// Once the feed can (`page --show NAME`, `page --next`, `page --previous`), they return those commands.
package enum AWTRIXApps {
    /// The page `/api/switch` asks for: the body's `name`, which must be a page name (1–32 letters, digits, `-`,
    /// `_`); AWTRIX's built-in apps (`Time`, `Date`, …) are not pages. Throws 500 `FAILED` otherwise. Whether a
    /// page of that name shows is the daemon's to know: a caller that knows the pages answers 500 `FAILED` for
    /// an unknown one, as AWTRIX does.
    package static func switchTarget(_ body: [UInt8]) throws(AWTRIXError) -> String {
        let value: JSONValue?
        do {
            value = try AWTRIXBody.parse(body)
        } catch {
            throw .failed(error.reason)
        }
        guard case .string(let name)? = value?["name"] else { throw .failed("no 'name' (expected a string)") }
        guard IdlePage.isName(name) else { throw .failed("no app named '\(name.prefix(40))'") }
        return name
    }

    /// The feed commands that show page `name` now: none yet, so 500 `FAILED`.
    package static func switchCommands(to name: String) throws(AWTRIXError) -> [FeedCommand] {
        throw .failed("cannot switch to '\(name)': the feed cannot turn the idle screen's pages yet")
    }

    /// The feed commands that turn to the next page (`forward`) or the one before: none yet, so 500 `FAILED`.
    package static func turnCommands(forward: Bool) throws(AWTRIXError) -> [FeedCommand] {
        throw .failed(
            "cannot turn to the \(forward ? "next" : "previous") app: the feed cannot turn the idle screen's pages yet")
    }
}
