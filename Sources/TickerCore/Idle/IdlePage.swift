/// A page of the idle screen as the feed sets it (`page [--for <seconds>] [--icon <picture>] <name> <text>`): a
/// named text, shown in turn with the idle clock while nothing plays, until it is removed, replaced or its
/// lifetime runs out.
public struct IdlePage: Sendable, Equatable {
    /// The page's name, which a later `page` with the same name replaces or removes (`IdlePage.isName`).
    public var name: String
    /// The text shown.
    public var text: String
    /// The name of the picture shown before the text (`layout.icons`), a sent one or a built-in one; nil, or a
    /// name no picture has, shows the page without an icon.
    public var icon: String?
    /// How long the page lasts from when it is set, or nil for as long as the daemon runs.
    public var lifetime: Duration?
    /// Its text's colours and blinking (`--colors`, `--rainbow`, `--gradient`, `--blink`); nil: the `clock`
    /// role's colour.
    public var look: TextLook?

    /// The most pages kept; setting one more drops the one set longest ago.
    public static let maxPages = 16
    /// The longest name, in characters.
    public static let maxNameCharacters = 32
    /// The longest text, in Unicode scalars.
    public static let maxTextScalars = 256

    /// A page named `name` showing `text` after the picture named `icon` (nil: none) for `lifetime` (nil: until
    /// removed), looking as `look` says (nil: in the `clock` role's colour).
    public init(
        name: String, text: String, icon: String? = nil, lifetime: Duration? = nil, look: TextLook? = nil
    ) {
        self.name = name
        self.text = text
        self.icon = icon
        self.lifetime = lifetime
        self.look = look
    }

    /// Whether `name` may name a page: 1 to `maxNameCharacters` ASCII letters, digits, `-` and `_`, the first
    /// a letter or digit, so that it is also an MQTT topic level and part of a Home Assistant entity's id, and
    /// never reads as an option.
    public static func isName<Name: StringProtocol>(_ name: Name) -> Bool {
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        guard let first = name.utf8.first, isAlphanumeric(first), name.utf8.count <= maxNameCharacters else {
            return false
        }
        return name.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }
}
