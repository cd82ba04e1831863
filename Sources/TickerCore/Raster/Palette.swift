/// What a pixel was drawn as, so that the palette can give it its colour: a role of the `[colors]` section.
/// The raw value indexes the palette's tables and the scene's paint plane.
public enum ColorRole: UInt8, Sendable, CaseIterable, Equatable {
    /// Unlit pixels.
    case background = 0
    /// The now-playing line, except the artist (title, album, free text and the template's literals).
    case title
    /// The artist's name in the now-playing line.
    case artist
    /// The part of a lyric already sung (and the column the sweep is crossing).
    case sung
    /// The part of a lyric not yet sung.
    case rest
    /// A message of low or normal priority.
    case message
    /// A message of high priority.
    case messageHigh
    /// The idle screen: the clock or the idle text.
    case clock
    /// The progress bar: how far the track is.
    case progress

    /// The key naming the role in `[colors]`.
    public var key: String {
        switch self {
        case .background: "background"
        case .title: "title"
        case .artist: "artist"
        case .sung: "sung"
        case .rest: "rest"
        case .message: "message"
        case .messageHigh: "message-high"
        case .clock: "clock"
        case .progress: "progress"
        }
    }
}

/// The colour of each role (`[colors]`), as configured: full-brightness colours that the scene's levels
/// scale. The standard palette is white on black, which leaves grey panels exactly as without colour.
public struct Palette: Sendable, Equatable {
    /// Colours of the roles, indexed by `ColorRole.rawValue`; `rest` is nil until set.
    private var colors: [RGB?]

    /// White text on black, the rest of a lyric at the sung colour dimmed to the rest level.
    public static let standard = Palette()

    /// The standard palette.
    public init() {
        colors = ColorRole.allCases.map { $0 == .background ? .black : $0 == .rest ? nil : .white }
    }

    /// The colour set for `role`; nil only for `rest` when it is not set (then the rest of a lyric is the sung
    /// colour at the rest level).
    public subscript(role: ColorRole) -> RGB? {
        get { colors[Int(role.rawValue)] }
        set { colors[Int(role.rawValue)] = role == .rest ? newValue : newValue ?? .white }
    }

    /// The colour names `color(parsing:)` knows, with their values.
    public static let names: [(name: String, color: RGB)] = [
        ("black", 0x000000), ("white", 0xFFFFFF), ("grey", 0x808080), ("red", 0xFF0000), ("orange", 0xFF8000),
        ("amber", 0xFFB000), ("yellow", 0xFFFF00), ("green", 0x00FF00), ("cyan", 0x00FFFF), ("blue", 0x0000FF),
        ("magenta", 0xFF00FF), ("purple", 0x8000FF), ("pink", 0xFF60A0),
    ].map { ($0, RGB(hex: $1)) }

    /// Reads `#RRGGBB` (hex digits of either case) or one of `names` (lower case); nil for anything else.
    public static func color(parsing text: String) -> RGB? {
        if let named = names.first(where: { $0.name == text }) { return named.color }
        let scalars = text.unicodeScalars
        guard scalars.first == "#" else { return nil }
        return RGB(hexDigits: scalars.dropFirst())
    }
}

extension RGB {
    /// The colour six hex digits (`RRGGBB`, either case) write; nil for anything else.
    init?(hexDigits scalars: some Collection<Unicode.Scalar>) {
        // Counted no further than one past six: a hostile value may be long.
        guard scalars.prefix(7).count == 6 else { return nil }
        var hex: UInt32 = 0
        for scalar in scalars {
            guard PictureBlock.isHexDigit(scalar), let digit = UInt32(String(scalar), radix: 16) else { return nil }
            hex = hex << 4 | digit
        }
        self.init(hex: hex)
    }

    /// The colour `0xRRGGBB`.
    init(hex: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
            blue: UInt8(truncatingIfNeeded: hex))
    }

    /// Relative luminance, 0…1: the Rec. 709 weights (0.2126 red, 0.7152 green, 0.0722 blue) over the channels,
    /// which are linear light. A grey panel shows a colour as this fraction of full brightness.
    public var luminance: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }

    /// `#RRGGBB`.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 15)])
        }
        return text
    }
}
