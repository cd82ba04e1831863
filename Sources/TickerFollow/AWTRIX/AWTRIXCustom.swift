import TickerCore

/// AWTRIX 3's custom apps (`POST /api/custom?name=NAME`, `[prefix]/custom/NAME`) as the idle screen's pages.
/// Pure: the body is hostile; nothing is returned that the daemon's decoder would not read back as the same
/// commands.
package enum AWTRIXCustom {
    /// The feed commands for custom app `name`'s body:
    /// - an object with a `text`: `page NAME text` (`icon` → `--icon`, `lifetime` → `--for`, 0 or missing: until
    ///   removed);
    /// - an array of such objects: pages `NAME0`, `NAME1`, … as AWTRIX names them (at most `IdlePage.maxPages`);
    /// - an empty body or `{}`: removes the page `NAME` and `NAME0` … `NAME15`, as AWTRIX removes every app whose
    ///   name begins with the name.
    ///
    /// Throws 500 `ErrorParsingJson` with the cause for a name that is not a page name (1–32 letters, digits,
    /// `-`, `_`), a body that is not a JSON object or array of objects, a key of the wrong type, an object
    /// without text, or a text the feed refuses.
    package static func commands(name: String, _ body: [UInt8]) throws(AWTRIXError) -> [FeedCommand] {
        guard IdlePage.isName(name) else {
            throw .parsing(
                "bad app name '\(name.prefix(40))' (expected a page name: 1 to \(IdlePage.maxNameCharacters) letters, "
                    + "digits, '-' or '_', the first a letter or digit)")
        }
        switch try AWTRIXBody.parse(body) {
        case nil, .object([:])?:
            let names = [name] + (0..<IdlePage.maxPages).map { "\(name)\($0)" }
            return names.filter(IdlePage.isName).map(FeedCommand.pageRemove)
        case .array(let apps)?:
            guard !apps.isEmpty, apps.count <= IdlePage.maxPages else {
                throw .parsing("\(apps.count) apps in the array (expected 1 to \(IdlePage.maxPages))")
            }
            var commands: [FeedCommand] = []
            for (index, app) in apps.enumerated() {
                let numbered = "\(name)\(index)"
                guard IdlePage.isName(numbered) else { throw .parsing("app name '\(numbered)' is too long") }
                commands.append(try page(numbered, app))
            }
            return commands
        case let value?:
            return [try page(name, value)]
        }
    }

    private static func page(_ name: String, _ value: JSONValue) throws(AWTRIXError) -> FeedCommand {
        let members = try AWTRIXBody.object(value, keys: AWTRIXBody.appKeys)
        guard let (text, look) = try AWTRIXLook.text(members) else {
            throw .parsing("no 'text' for app '\(name)' (a ticker shows text; drawings and bars alone are not shown)")
        }
        do {
            // AWTRIX's lifetime 0 is no lifetime.
            let lifetime = members["lifetime"] == .number(0) ? nil : try MQTTPayload.lifetime(value, key: "lifetime")
            let page = IdlePage(
                name: name, text: text, icon: try MQTTPayload.icon(value), lifetime: lifetime, look: look)
            return try MQTTPayload.readBack(.page(page))
        } catch {
            throw AWTRIXBody.parsing(error)
        }
    }
}
