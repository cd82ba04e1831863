/// A four-character code as shairport-sync uses them (`core`, `ssnc`, `minm`, …), held as its 32 bits.
package struct FourCharCode: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes, big-endian: `core` is 0x636f7265.
    package var rawValue: UInt32

    /// A code from its 32 bits.
    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// A code from four ASCII characters; longer or shorter strings keep the first four bytes, padded.
    package init(_ text: StaticString) {
        var value: UInt32 = 0
        text.withUTF8Buffer { bytes in
            for index in 0..<4 {
                value = value << 8 | UInt32(index < bytes.count ? bytes[index] : 0x20)
            }
        }
        rawValue = value
    }

    /// The four characters, with unprintable bytes shown as `?`.
    package var description: String {
        var scalars = String.UnicodeScalarView()
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: rawValue >> UInt32(shift))
            scalars.append(byte >= 0x20 && byte < 0x7F ? Unicode.Scalar(byte) : "?")
        }
        return String(scalars)
    }
}

/// One metadata item from shairport-sync's pipe.
package struct ShairportItem: Equatable, Sendable {
    /// The item type: `core` (from the source's DMAP metadata) or `ssnc` (from shairport-sync itself).
    package var type: FourCharCode
    /// The item code: `minm` title, `asar` artist, `prgr` progress, …
    package var code: FourCharCode
    /// The decoded payload; empty for items without `<data>`.
    package var data: [UInt8]

    /// An item from its parts.
    package init(type: FourCharCode, code: FourCharCode, data: [UInt8] = []) {
        self.type = type
        self.code = code
        self.data = data
    }
}

/// An incremental parser of shairport-sync's metadata pipe format:
///
///     <item><type>636f7265</type><code>6d696e6d</code><length>5</length>
///     <data encoding="base64">
///     SGVsbG8=</data></item>
///
/// Append bytes as they arrive; take items as they complete. Hostile-input safe: a truncated or garbled
/// item is dropped and parsing resumes at the next `<item>`; payloads larger than `maxDataBytes` (or, for the
/// cover art of `ssnc`/`PICT`, `maxPictureBytes`) are skipped without being buffered; the buffer never holds
/// more than about the larger of the two (as base64).
package struct ShairportMetadataParser: Sendable {
    /// Largest payload kept, in decoded bytes; larger items are skipped.
    package let maxDataBytes: Int
    /// Largest cover picture (`ssnc`/`PICT`) kept, in decoded bytes.
    package let maxPictureBytes: Int
    /// Items dropped because they were garbled, truncated or too large.
    package private(set) var droppedItems = 0

    private enum State: Sendable {
        case seekingItem
        case header
        case afterHeader(type: FourCharCode, code: FourCharCode, length: Int)
        case data(type: FourCharCode, code: FourCharCode, length: Int)
        case skippingData
    }

    private var state = State.seekingItem
    private var buffer: [UInt8] = []

    private static let itemOpen = Array("<item>".utf8)
    private static let itemClose = Array("</item>".utf8)
    private static let dataOpen = Array("<data encoding=\"base64\">".utf8)
    private static let dataClose = Array("</data>".utf8)
    private static let maxHeaderBytes = 160

    /// A parser at the start of a stream; pictures are kept up to `maxPictureBytes` (by default, like any
    /// item, up to `maxDataBytes`).
    package init(maxDataBytes: Int = 64 * 1024, maxPictureBytes: Int? = nil) {
        self.maxDataBytes = maxDataBytes
        self.maxPictureBytes = maxPictureBytes ?? maxDataBytes
    }

    private static let picture = (type: FourCharCode("ssnc"), code: FourCharCode("PICT"))

    /// Adds bytes read from the pipe.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete item, or `nil` when more bytes are needed.
    package mutating func next() -> ShairportItem? {
        while true {
            switch state {
            case .seekingItem:
                guard let start = Self.find(Self.itemOpen, in: buffer) else {
                    // Keep a possible partial "<item" at the end.
                    buffer.removeFirst(max(buffer.count - (Self.itemOpen.count - 1), 0))
                    return nil
                }
                buffer.removeFirst(start + Self.itemOpen.count)
                state = .header
            case .header:
                let end = Array("</length>".utf8)
                guard let close = Self.find(end, in: buffer.prefix(Self.maxHeaderBytes)) else {
                    if buffer.count >= Self.maxHeaderBytes || Self.find(Self.itemOpen, in: buffer) != nil {
                        drop()
                        continue
                    }
                    return nil
                }
                // On a garbled header nothing is consumed, so an `<item>` inside it is found again.
                guard let parsed = Self.parseHeader(Array(buffer[0..<close])) else {
                    drop()
                    continue
                }
                buffer.removeFirst(close + end.count)
                state = .afterHeader(type: parsed.type, code: parsed.code, length: parsed.length)
            case .afterHeader(let type, let code, let length):
                let start = buffer.firstIndex(where: { !Self.isSpace($0) }) ?? buffer.count
                buffer.removeFirst(start)
                if buffer.starts(with: Self.itemClose) {
                    buffer.removeFirst(Self.itemClose.count)
                    state = .seekingItem
                    if length == 0 { return ShairportItem(type: type, code: code) }
                    droppedItems += 1
                    continue
                }
                if buffer.starts(with: Self.dataOpen) {
                    buffer.removeFirst(Self.dataOpen.count)
                    let isPicture = type == Self.picture.type && code == Self.picture.code
                    if length > (isPicture ? maxPictureBytes : maxDataBytes) {
                        droppedItems += 1
                        state = .skippingData
                    } else {
                        state = .data(type: type, code: code, length: length)
                    }
                    continue
                }
                let longest = max(Self.itemClose.count, Self.dataOpen.count)
                if buffer.count < longest, Self.itemClose.starts(with: buffer) || Self.dataOpen.starts(with: buffer) {
                    return nil
                }
                drop()
            case .data(let type, let code, let length):
                // Base64 never contains '<', so the first '<' ends the payload, properly or not.
                guard let open = buffer.firstIndex(of: UInt8(ascii: "<")) else {
                    if buffer.count > (length + 2) / 3 * 4 + 256 { drop() }
                    return nil
                }
                guard buffer.count - open >= Self.dataClose.count else { return nil }
                guard buffer[open...].starts(with: Self.dataClose) else {
                    // A new item began inside this one: it was truncated. Resume at that '<'.
                    buffer.removeFirst(open)
                    droppedItems += 1
                    state = .seekingItem
                    continue
                }
                let decoded = Base64.decode(buffer[0..<open])
                buffer.removeFirst(open + Self.dataClose.count)
                state = .seekingItem
                guard let decoded, decoded.count == length else {
                    droppedItems += 1
                    continue
                }
                return ShairportItem(type: type, code: code, data: decoded)
            case .skippingData:
                guard let open = buffer.firstIndex(of: UInt8(ascii: "<")) else {
                    buffer.removeAll(keepingCapacity: true)
                    return nil
                }
                buffer.removeFirst(open)
                state = .seekingItem
            }
        }
    }

    private mutating func drop() {
        droppedItems += 1
        state = .seekingItem
    }

    /// Parses `<type>XXXXXXXX</type><code>XXXXXXXX</code><length>N` (whitespace between tags allowed).
    static func parseHeader(_ bytes: [UInt8]) -> (type: FourCharCode, code: FourCharCode, length: Int)? {
        var rest = bytes[...]
        guard let type = tag("type", in: &rest).flatMap(hex32),
            let code = tag("code", in: &rest).flatMap(hex32)
        else { return nil }
        let open = Array("<length>".utf8)
        rest = rest.drop(while: isSpace)
        guard rest.starts(with: open) else { return nil }
        let digits = rest.dropFirst(open.count)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return (FourCharCode(rawValue: type), FourCharCode(rawValue: code), length)
    }

    private static func tag(_ name: String, in rest: inout ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let open = Array("<\(name)>".utf8)
        let close = Array("</\(name)>".utf8)
        rest = rest.drop(while: isSpace)
        guard rest.starts(with: open) else { return nil }
        let body = rest.dropFirst(open.count)
        guard let end = find(close, in: body) else { return nil }
        let value = body.prefix(end)
        rest = body.dropFirst(end + close.count)
        return value
    }

    private static func hex32(_ digits: ArraySlice<UInt8>) -> UInt32? {
        guard digits.count == 8 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x61...0x66: nibble = byte - 0x61 + 10
            case 0x41...0x46: nibble = byte - 0x41 + 10
            default: return nil
            }
            value = value << 4 | UInt32(nibble)
        }
        return value
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Offset (from the slice's start) of the first occurrence of `needle` in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: some Collection<UInt8>) -> Int? {
        let bytes = Array(haystack)
        guard bytes.count >= needle.count, let first = needle.first else { return nil }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
