/// How the idle clock writes the time (`display.clock-format`): text with strftime-like fields, checked once
/// when the configuration is read, then filled in from a `WallTime` whenever the clock's text may change.
///
/// Fields: `%H` hour 00–23, `%I` hour 01–12, `%p` the half of the day (AM/PM in the language's words), `%M`
/// minute, `%S` second, `%d` day 01–31, `%e` day 1–31, `%m` month 01–12, `%Y` year, `%y` year 00–99, `%a` `%A`
/// the weekday's short and full name, `%b` `%B` the month's, `%%` a percent sign.
public struct ClockFormat: Sendable, Equatable, CustomStringConvertible {
    /// One piece of the format: text as it is, or a field.
    enum Piece: Sendable, Equatable {
        case text(String)
        case field(Field)
    }

    /// A field of the format, by its letter.
    enum Field: Character, Sendable, Equatable, CaseIterable {
        case hour = "H"
        case hour12 = "I"
        case half = "p"
        case minute = "M"
        case second = "S"
        case day = "d"
        case daySpace = "e"
        case month = "m"
        case year = "Y"
        case shortYear = "y"
        case shortWeekday = "a"
        case weekday = "A"
        case shortMonth = "b"
        case monthName = "B"
    }

    /// The longest format accepted, in characters.
    public static let maxCharacters = 64
    /// Hours and minutes, `09:41`: the clock as it always was.
    public static let standard = ClockFormat(pieces: [.field(.hour), .text(":"), .field(.minute)], source: "%H:%M")

    let pieces: [Piece]
    /// The format as written.
    public let description: String

    private init(pieces: [Piece], source: String) {
        self.pieces = pieces
        description = source
    }

    /// Reads a format; a field the clock does not know, a `%` at the end, a control character or a format
    /// longer than `maxCharacters` is an error naming the position (counted in characters from 1).
    public init(_ source: String) throws(ClockFormatError) {
        let characters = Array(source)
        guard characters.count <= Self.maxCharacters else {
            throw .tooLong(characters: characters.count, limit: Self.maxCharacters)
        }
        var pieces: [Piece] = []
        var literal = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw .controlCharacter(position: index + 1)
            }
            guard character == "%" else {
                literal.append(character)
                index += 1
                continue
            }
            guard index + 1 < characters.count else { throw .danglingPercent(position: index + 1) }
            let letter = characters[index + 1]
            if letter == "%" {
                literal.append("%")
            } else if let field = Field(rawValue: letter) {
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.field(field))
            } else {
                throw .unknownField("%" + String(letter), position: index + 1)
            }
            index += 2
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.init(pieces: pieces, source: source)
    }

    /// Whether the text changes every second (the format shows seconds), rather than every minute.
    public var showsSeconds: Bool { pieces.contains(.field(.second)) }

    /// The text for `time`, with the names of `language`.
    public func format(_ time: WallTime, language: ClockLanguage) -> String {
        let names = language.names
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .field(let field): out += Self.value(of: field, time, names)
            }
        }
        return out
    }

    /// One field of `time`, each part kept to its range.
    private static func value(of field: Field, _ time: WallTime, _ names: ClockLanguage.Names) -> String {
        let hour = clamp(time.hour, 0...23)
        switch field {
        case .hour: return twoDigits(hour)
        case .hour12: return twoDigits(hour % 12 == 0 ? 12 : hour % 12)
        case .half: return names.halves[hour < 12 ? 0 : 1]
        case .minute: return twoDigits(clamp(time.minute, 0...59))
        case .second: return twoDigits(clamp(time.second, 0...60))
        case .day: return twoDigits(clamp(time.day, 1...31))
        case .daySpace: return String(clamp(time.day, 1...31))
        case .month: return twoDigits(clamp(time.month, 1...12))
        case .year: return String(clamp(time.year, 0...9_999))
        case .shortYear: return twoDigits(clamp(time.year, 0...9_999) % 100)
        case .shortWeekday: return names.shortWeekdays[clamp(time.weekday, 0...6)]
        case .weekday: return names.weekdays[clamp(time.weekday, 0...6)]
        case .shortMonth: return names.shortMonths[clamp(time.month, 1...12) - 1]
        case .monthName: return names.months[clamp(time.month, 1...12) - 1]
        }
    }

    private static func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}

/// Why a clock format was refused.
public enum ClockFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `%` followed by a letter the clock does not know.
    case unknownField(String, position: Int)
    /// A `%` as the last character.
    case danglingPercent(position: Int)
    /// A control character (a tab, a line break…).
    case controlCharacter(position: Int)
    /// Longer than `ClockFormat.maxCharacters`.
    case tooLong(characters: Int, limit: Int)

    /// A sentence naming the problem and where it is.
    public var description: String {
        let fields = ClockFormat.Field.allCases.map { "%" + String($0.rawValue) }.joined(separator: " ")
        switch self {
        case .unknownField(let field, let position):
            return "unknown field '\(field)' at character \(position) (expected one of: \(fields) %%)"
        case .danglingPercent(let position):
            return "'%' at character \(position) ends the format (write %% for a percent sign)"
        case .controlCharacter(let position):
            return "control character at character \(position)"
        case .tooLong(let characters, let limit):
            return "\(characters) characters is longer than \(limit)"
        }
    }
}
