/// What a WLED controller says about itself when asked `{"v":true}` on its serial port: one line of JSON,
/// `{"state":{…},"info":{…}}`, of which the LED count (`info.leds.count`), the matrix size of a 2D build
/// (`info.leds.matrix.w`, `.h`), the version (`info.ver`) and the name (`info.name`) are read.
public struct WLEDInfo: Sendable, Equatable {
    /// LEDs configured on the controller.
    public var ledCount: Int?
    /// Matrix width, when WLED is built with 2D support and set up as a matrix.
    public var matrixWidth: Int?
    /// Matrix height, likewise.
    public var matrixHeight: Int?
    /// WLED's version string.
    public var version: String?
    /// The controller's name.
    public var name: String?

    /// The longest reply read, in bytes.
    public static let maxBytes = 32_768
    /// The deepest nesting of objects and arrays accepted.
    public static let maxDepth = 32

    /// Nothing known.
    public init() {}

    /// Reads a reply; throws when it is not one JSON object within the limits. Unknown members are skipped.
    public init(json bytes: some Collection<UInt8>) throws(WLEDInfoError) {
        guard bytes.count <= Self.maxBytes else { throw .tooLong(bytes.count) }
        var reader = JSONScanner(Array(bytes))
        self.init()
        reader.skipSpace()
        guard reader.peek == UInt8(ascii: "{") else { throw .notJSON(reader.position) }
        try reader.value(path: [], depth: 0) { path, value in
            switch (path, value) {
            case (["info", "leds", "count"], .number(let n)): ledCount = n
            case (["info", "leds", "matrix", "w"], .number(let n)): matrixWidth = n
            case (["info", "leds", "matrix", "h"], .number(let n)): matrixHeight = n
            case (["info", "ver"], .string(let text)): version = text
            case (["info", "name"], .string(let text)): name = text
            default: break
            }
        }
        reader.skipSpace()
        guard reader.atEnd else { throw .trailing(reader.position) }
    }
}

/// Why a WLED reply was not read.
public enum WLEDInfoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Longer than `WLEDInfo.maxBytes`.
    case tooLong(Int)
    /// Not JSON at this byte offset.
    case notJSON(Int)
    /// Nested deeper than `WLEDInfo.maxDepth`.
    case tooDeep
    /// More after the object, at this offset.
    case trailing(Int)

    public var description: String {
        switch self {
        case .tooLong(let count): "reply of \(count) bytes is longer than \(WLEDInfo.maxBytes)"
        case .notJSON(let offset): "reply is not JSON at byte \(offset)"
        case .tooDeep: "reply is nested deeper than \(WLEDInfo.maxDepth) levels"
        case .trailing(let offset): "reply has more after its JSON object, at byte \(offset)"
        }
    }
}

// Just enough JSON to walk a reply: objects, arrays, strings (escapes kept simple: \uXXXX becomes '?'),
// numbers (whole numbers are reported, others skipped), true, false, null.
private struct JSONScanner {
    enum Leaf {
        case number(Int)
        case string(String)
        case other
    }

    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    mutating func expect(_ byte: UInt8) throws(WLEDInfoError) {
        guard peek == byte else { throw .notJSON(position) }
        position += 1
    }

    mutating func value(path: [String], depth: Int, _ found: ([String], Leaf) -> Void) throws(WLEDInfoError) {
        guard depth < WLEDInfo.maxDepth else { throw .tooDeep }
        skipSpace()
        guard let byte = peek else { throw .notJSON(position) }
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            skipSpace()
            if peek == UInt8(ascii: "}") {
                position += 1
                return
            }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                // Paths deeper than the ones read are not kept.
                try value(path: path.count < 4 ? path + [key] : path + ["…"], depth: depth + 1, found)
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                try expect(UInt8(ascii: "}"))
                return
            }
        case UInt8(ascii: "["):
            position += 1
            skipSpace()
            if peek == UInt8(ascii: "]") {
                position += 1
                return
            }
            while true {
                try value(path: path + ["[]"], depth: depth + 1, found)
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                try expect(UInt8(ascii: "]"))
                return
            }
        case UInt8(ascii: "\""):
            found(path, .string(try string()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            found(path, try number())
        default:
            for word in ["true", "false", "null"] where bytes[position...].starts(with: word.utf8) {
                position += word.utf8.count
                found(path, .other)
                return
            }
            throw .notJSON(position)
        }
    }

    mutating func string() throws(WLEDInfoError) -> String {
        try expect(UInt8(ascii: "\""))
        var text: [UInt8] = []
        while let byte = peek {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text.prefix(256), as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw .notJSON(position) }
                position += 1
                if escaped == UInt8(ascii: "u") {
                    guard position + 4 <= bytes.count else { throw .notJSON(position) }
                    position += 4
                    text.append(UInt8(ascii: "?"))
                } else {
                    text.append(escaped)
                }
            case 0..<0x20:
                throw .notJSON(position - 1)
            default:
                text.append(byte)
            }
        }
        throw .notJSON(position)
    }

    mutating func number() throws(WLEDInfoError) -> Leaf {
        let start = position
        var whole = true
        var value = 0
        var negative = false
        if peek == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var digits = 0
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if digits <= 15 { value = value * 10 + Int(byte - UInt8(ascii: "0")) } else { whole = false }
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                whole = false
            default:
                guard digits > 0 else { throw .notJSON(start) }
                return whole ? .number(negative ? -value : value) : .other
            }
            position += 1
        }
        guard digits > 0 else { throw .notJSON(start) }
        return whole ? .number(negative ? -value : value) : .other
    }
}
