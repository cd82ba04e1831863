/// A JSON value (RFC 8259), read from untrusted bytes with bounded size and depth, and written back with
/// object keys in sorted order so that the same value always gives the same text.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; a key given twice keeps its last value.
    case object([String: JSONValue])

    /// The most bytes `parse` reads.
    public static let maxBytes = 65_536
    /// The deepest nesting of arrays and objects `parse` accepts.
    public static let maxDepth = 16

    /// Parses one JSON text (surrounding white space allowed), at most `limit` bytes long and nested at most
    /// `depthLimit` levels deep.
    public static func parse<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, limit: Int = maxBytes, depthLimit: Int = maxDepth
    ) throws(JSONError) -> JSONValue {
        guard bytes.count <= limit else { throw .tooLong(bytes: bytes.count, limit: limit) }
        var reader = JSONReader(Array(bytes), depthLimit: depthLimit)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.atEnd else { throw reader.unexpected(JSONError.endOfText) }
        return value
    }

    /// The value of `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The string, when this is one.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let values) = self else { return nil }
        return values
    }

    /// The number, when this is one.
    public var numberValue: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The JSON text: compact, keys sorted, integers without a fraction, non-ASCII characters as they are.
    public var encoded: String {
        var text = ""
        encode(into: &text)
        return text
    }

    private func encode(into text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += Self.number(value)
        case .string(let value): Self.quote(value, into: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.encode(into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                Self.quote(key, into: &text)
                text += ":"
                members[key]?.encode(into: &text)
            }
            text += "}"
        }
    }

    private static func number(_ value: Double) -> String {
        // JSON has no NaN or infinities; such a value is written as null rather than as invalid text.
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

/// Why a JSON text was refused; the message names the byte offset and what was expected there.
public enum JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is longer than the reader takes.
    case tooLong(bytes: Int, limit: Int)
    /// Arrays and objects nest deeper than the reader takes.
    case tooDeep(offset: Int, limit: Int)
    /// Something else than what the grammar allows stands at `offset` (`found` is an excerpt, or empty at the end).
    case unexpected(offset: Int, found: String, expected: String)
    /// A string is not valid UTF-8, or has an invalid escape.
    case badString(offset: Int, reason: String)

    /// What `unexpected` expects after the value: nothing but white space.
    static let endOfText = "the end of the text"

    /// A sentence naming the offset and the cause.
    public var description: String {
        switch self {
        case .tooLong(let bytes, let limit): return "JSON text of \(bytes) bytes is longer than \(limit) bytes"
        case .tooDeep(let offset, let limit):
            return "JSON nests deeper than \(limit) levels at byte \(offset)"
        case .unexpected(let offset, let found, let expected):
            let what = found.isEmpty ? "the end of the text" : "'\(found)'"
            return "JSON: \(what) at byte \(offset) (expected \(expected))"
        case .badString(let offset, let reason): return "JSON string at byte \(offset): \(reason)"
        }
    }
}

/// A cursor over the bytes of a JSON text.
private struct JSONReader {
    let bytes: [UInt8]
    let depthLimit: Int
    var offset = 0

    init(_ bytes: [UInt8], depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    var atEnd: Bool { offset >= bytes.count }

    mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    func unexpected(_ expected: String) -> JSONError {
        let excerpt = bytes[offset..<min(offset + 12, bytes.count)]
        let found = String(decoding: excerpt, as: UTF8.self).unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0)
        }
        return .unexpected(offset: offset, found: String(found), expected: expected)
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard offset < bytes.count else { throw unexpected("a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw unexpected("a value")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONError) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard offset + utf8.count <= bytes.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else {
            throw unexpected("'\(word)'")
        }
        offset += utf8.count
        return value
    }

    private mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        try elements(depth: depth, closedBy: "}") { (reader) throws(JSONError) in
            let (key, value) = try reader.member(depth: depth)
            members[key] = value
        }
        return .object(members)
    }

    private mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        var values: [JSONValue] = []
        try elements(depth: depth, closedBy: "]") { (reader) throws(JSONError) in
            values.append(try reader.value(depth: depth))
        }
        return .array(values)
    }

    // `"key": value`, at the key.
    private mutating func member(depth: Int) throws(JSONError) -> (String, JSONValue) {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected("a key") }
        let key = try string()
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw unexpected("':'") }
        offset += 1
        skipSpace()
        return (key, try value(depth: depth))
    }

    // The elements of an object or an array, from its opening bracket to past `close`, separated by commas:
    // `element` reads each one, starting at its first byte.
    private mutating func elements(
        depth: Int, closedBy close: Unicode.Scalar, _ element: (inout JSONReader) throws(JSONError) -> Void
    ) throws(JSONError) {
        guard depth <= depthLimit else { throw .tooDeep(offset: offset, limit: depthLimit) }
        let closing = UInt8(ascii: close)
        offset += 1
        skipSpace()
        if offset < bytes.count, bytes[offset] == closing {
            offset += 1
            return
        }
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            guard offset < bytes.count else { throw unexpected("',' or '\(close)'") }
            if bytes[offset] == closing {
                offset += 1
                return
            }
            guard bytes[offset] == UInt8(ascii: ",") else { throw unexpected("',' or '\(close)'") }
            offset += 1
        }
    }

    private mutating func number() throws(JSONError) -> Double {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - first
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let leading = offset
        let whole = digits()
        guard whole > 0 else { throw unexpected("a digit") }
        if whole > 1, bytes[leading] == UInt8(ascii: "0") {
            offset = leading + 1
            throw unexpected("no digit after a leading 0")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw unexpected("a digit after '.'") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard digits() > 0 else { throw unexpected("a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        // A number beyond a Double's range would read as an infinity, which JSON cannot write back: refused.
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw unexpected("a number within ±1.8e308")
        }
        return value
    }

    private mutating func string() throws(JSONError) -> String {
        let start = offset
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() throws(JSONError) {
            guard !run.isEmpty else { return }
            guard let text = String(validating: run, as: UTF8.self) else {
                throw .badString(offset: start, reason: "not valid UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while true {
            guard offset < bytes.count else { throw unexpected("'\"' to end the string begun at byte \(start)") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                try flush()
                return String(scalars)
            }
            if byte < 0x20 { throw unexpected("no control character inside a string") }
            if byte != UInt8(ascii: "\\") {
                run.append(byte)
                offset += 1
                continue
            }
            try flush()
            offset += 1
            guard offset < bytes.count else { throw unexpected("an escape") }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                        bytes[offset + 1] == UInt8(ascii: "u")
                    else { throw .badString(offset: start, reason: "a lone surrogate \\u\(String(code, radix: 16))") }
                    offset += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw .badString(offset: start, reason: "a lone surrogate \\u\(String(code, radix: 16))")
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw .badString(offset: start, reason: "a lone surrogate \\u\(String(code, radix: 16))")
                }
                scalars.append(scalar)
            default:
                offset -= 1
                throw unexpected("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
            }
        }
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw unexpected("four hex digits") }
        var code: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected("four hex digits")
            }
            code = code << 4 | UInt32(digit)
        }
        offset += 4
        return code
    }
}
