/// A bounds-checked cursor over the bytes of one tag structure; every read past the end throws.
struct TagBytes {
    let bytes: [UInt8]
    /// Where `bytes` starts in the file, for error messages.
    let base: Int
    /// What the bytes are, for error messages.
    let what: String
    private(set) var position = 0

    init(_ bytes: [UInt8], base: Int, what: String) {
        self.bytes = bytes
        self.base = base
        self.what = what
    }

    var remaining: Int { bytes.count - position }
    var isAtEnd: Bool { position >= bytes.count }

    mutating func skip(_ count: Int) throws(TagError) {
        guard count >= 0, count <= remaining else { throw .truncated(what: what, offset: base + position) }
        position += count
    }

    mutating func take(_ count: Int) throws(TagError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .truncated(what: what, offset: base + position) }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func byte() throws(TagError) -> UInt8 { try take(1).first ?? 0 }

    mutating func uint32LittleEndian() throws(TagError) -> Int {
        try take(4).reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func uint32BigEndian() throws(TagError) -> Int {
        try take(4).reduce(0) { $0 << 8 | Int($1) }
    }

    /// The rest of the bytes.
    mutating func rest() -> ArraySlice<UInt8> {
        defer { position = bytes.count }
        return bytes[min(position, bytes.count)...]
    }
}

extension TagSource {
    /// Exactly `count` bytes at `offset`, or a `truncated` error naming `what`.
    func exactly(_ count: Int, at offset: Int, what: String) throws(TagError) -> [UInt8] {
        guard count >= 0, offset >= 0, offset <= self.count - count else {
            throw .truncated(what: what, offset: offset)
        }
        guard let bytes = bytes(at: offset, count: count) else { throw .unreadable(offset: offset) }
        guard bytes.count == count else { throw .truncated(what: what, offset: offset) }
        return bytes
    }
}

/// Text decoding shared by the readers: invalid sequences become U+FFFD, never an error.
enum TagText {
    static func utf8(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    static func latin1(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return text
    }

    /// UTF-16 in the byte order its BOM says; without one, the order in which ASCII text has its zero bytes
    /// (most often the second byte of a pair: little-endian), big-endian when `bigEndianByDefault`.
    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndianByDefault: Bool = false) -> String {
        var body = bytes
        var bigEndian = bigEndianByDefault
        if body.count >= 2, body[body.startIndex] == 0xFE, body[body.startIndex + 1] == 0xFF {
            bigEndian = true
            body = body.dropFirst(2)
        } else if body.count >= 2, body[body.startIndex] == 0xFF, body[body.startIndex + 1] == 0xFE {
            bigEndian = false
            body = body.dropFirst(2)
        } else if !bigEndianByDefault {
            var evenZeros = 0
            var oddZeros = 0
            for (index, byte) in body.enumerated() where byte == 0 {
                if index % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
            }
            bigEndian = evenZeros > oddZeros
        }
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index + 1 < body.endIndex {
            let high = UInt16(body[bigEndian ? index : index + 1])
            let low = UInt16(body[bigEndian ? index + 1 : index])
            units.append(high << 8 | low)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
