/// Why a line from the Lyrion (Logitech) Media Server CLI could not be read; each message quotes the line.
package enum LMSProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line grew past the limit before it ended.
    case lineTooLong(limit: Int)
    /// A token holds a `%` that is not followed by two hex digits, or decodes to invalid UTF-8.
    case badEscape(token: String)
    /// A line has more tokens than the limit.
    case tooManyTokens(limit: Int)

    /// A sentence naming what was wrong.
    package var description: String {
        switch self {
        case .lineTooLong(let limit): return "a line is longer than \(limit) bytes (expected the LMS CLI)"
        case .badEscape(let token):
            return "token '\(excerpt(token))' is not percent-encoded UTF-8 (expected the LMS CLI)"
        case .tooManyTokens(let limit): return "a line has more than \(limit) tokens (expected the LMS CLI)"
        }
    }
}

/// Splits what the LMS command-line interface sends into lines of decoded tokens.
///
/// The CLI ends lines with LF, CR or NUL (in any combination), separates tokens by spaces and
/// percent-encodes each token (`00%3A04%3A20` is `00:04:20`, `tags%3Aadl` is `tags:adl`). Bytes arrive in
/// any chunks; a line is bounded by `maxLineBytes` and `maxTokens`, and everything is validated before it
/// is decoded.
package struct LMSLineParser: Sendable {
    private var buffer: [UInt8] = []
    private var skippingOverlong = false
    /// The longest line accepted, in bytes.
    package let maxLineBytes: Int
    /// The most tokens a line may have.
    package let maxTokens: Int

    /// A parser with the given bounds.
    package init(maxLineBytes: Int = 256 * 1024, maxTokens: Int = 4096) {
        self.maxLineBytes = maxLineBytes
        self.maxTokens = maxTokens
    }

    /// Adds bytes received.
    package mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete line's tokens, `nil` when no complete line is buffered. Empty lines are skipped. A
    /// line too long or badly encoded throws once and is dropped, so the next call reads the line after it.
    package mutating func next() throws(LMSProtocolError) -> [String]? {
        while true {
            guard let end = buffer.firstIndex(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }) else {
                if buffer.count > maxLineBytes {
                    buffer.removeAll(keepingCapacity: true)
                    if !skippingOverlong {
                        skippingOverlong = true
                        throw .lineTooLong(limit: maxLineBytes)
                    }
                }
                return nil
            }
            let line = buffer[..<end]
            let wasSkipping = skippingOverlong
            skippingOverlong = false
            defer { buffer.removeSubrange(...end) }
            // The rest of a line already reported as too long is dropped without a second report.
            if wasSkipping { continue }
            if line.count > maxLineBytes { throw .lineTooLong(limit: maxLineBytes) }
            if line.isEmpty { continue }
            return try Self.tokens(line, maxTokens: maxTokens)
        }
    }

    /// The decoded tokens of one line (without its end).
    package static func tokens(_ line: ArraySlice<UInt8>, maxTokens: Int) throws(LMSProtocolError) -> [String] {
        var tokens: [String] = []
        for raw in line.split(separator: 0x20) {
            guard tokens.count < maxTokens else { throw .tooManyTokens(limit: maxTokens) }
            tokens.append(try decode(raw))
        }
        return tokens
    }

    /// Percent-decodes one token; `+` stays a plus, as the CLI writes spaces as `%20`.
    package static func decode(_ raw: ArraySlice<UInt8>) throws(LMSProtocolError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == 0x25 else {
                bytes.append(byte)
                index += 1
                continue
            }
            guard raw.endIndex - index >= 3, let high = FileURL.hexValue(raw[index + 1]),
                let low = FileURL.hexValue(raw[index + 2])
            else {
                throw .badEscape(token: String(decoding: raw, as: UTF8.self))
            }
            bytes.append(high << 4 | low)
            index += 3
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badEscape(token: String(decoding: raw, as: UTF8.self))
        }
        return text
    }

    /// Percent-encodes one token as the CLI expects: everything but unreserved ASCII is escaped.
    package static func encode(_ token: String) -> String {
        var result = ""
        for byte in token.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(digits[Int(byte >> 4)])
                result.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
