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
        ("black", RGB(red: 0, green: 0, blue: 0)),
        ("white", RGB(red: 255, green: 255, blue: 255)),
        ("grey", RGB(red: 128, green: 128, blue: 128)),
        ("red", RGB(red: 255, green: 0, blue: 0)),
        ("orange", RGB(red: 255, green: 128, blue: 0)),
        ("amber", RGB(red: 255, green: 176, blue: 0)),
        ("yellow", RGB(red: 255, green: 255, blue: 0)),
        ("green", RGB(red: 0, green: 255, blue: 0)),
        ("cyan", RGB(red: 0, green: 255, blue: 255)),
        ("blue", RGB(red: 0, green: 0, blue: 255)),
        ("magenta", RGB(red: 255, green: 0, blue: 255)),
        ("purple", RGB(red: 128, green: 0, blue: 255)),
        ("pink", RGB(red: 255, green: 96, blue: 160)),
    ]

    /// Reads `#RRGGBB` (hex digits of either case) or one of `names` (lower case); nil for anything else.
    public static func color(parsing text: String) -> RGB? {
        if let named = names.first(where: { $0.name == text }) { return named.color }
        let scalars = Array(text.unicodeScalars.prefix(8))
        guard scalars.count == 7, scalars[0] == "#" else { return nil }
        var digits: [UInt8] = []
        for scalar in scalars[1...] {
            guard let digit = UInt8(String(scalar), radix: 16) else { return nil }
            digits.append(digit)
        }
        return RGB(red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3], blue: digits[4] << 4 | digits[5])
    }
}

extension RGB {
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
