import TickerCore

/// AWTRIX 3's app switching (`/api/switch` `{"name": …}`, `/api/nextapp`, `/api/previousapp`, and their MQTT
/// topics) on the idle screen's pages: `page --show NAME`, `page --next`, `page --previous`. They turn the pages
/// while the idle screen is in view; a request made while something else shows is spent.
package enum AWTRIXApps {
    /// The page `/api/switch` asks for: the body's `name`, which must be a page name (1–32 letters, digits, `-`,
    /// `_`); AWTRIX's built-in apps (`Time`, `Date`, …) are not pages. Throws 500 `FAILED` otherwise. Whether a
    /// page of that name shows is the daemon's to know (it ignores `page --show` of a page it does not have): a
    /// caller that knows the pages answers 500 `FAILED` for an unknown one, as AWTRIX does.
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

    /// The feed commands that show page `name` (from `switchTarget`) now: `page --show NAME`.
    package static func switchCommands(to name: String) -> [FeedCommand] { [.pageShow(name)] }

    /// The feed commands that turn to the next turn of the idle screen (`forward`) or the one before.
    package static func turnCommands(forward: Bool) -> [FeedCommand] { [forward ? .pageNext : .pagePrevious] }
}
