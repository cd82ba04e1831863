// The big-endian fields the network frame protocols share, written into and read from raw packet bytes.

extension UnsafeMutableRawBufferPointer {
    /// Writes the low 16 bits of `value` at `offset`, most significant byte first.
    func storeBigEndian16(_ value: Int, at offset: Int) {
        self[offset] = UInt8(truncatingIfNeeded: value >> 8)
        self[offset + 1] = UInt8(truncatingIfNeeded: value)
    }

    /// Writes the low 32 bits of `value` at `offset`, most significant byte first.
    func storeBigEndian32(_ value: Int, at offset: Int) {
        storeBigEndian16(value >> 16, at: offset)
        storeBigEndian16(value, at: offset + 2)
    }

    /// Writes `bytes` at `offset`, and zeros after them up to `width` bytes in all.
    func store(_ bytes: some Collection<UInt8>, at offset: Int, width: Int) {
        var at = offset
        for byte in bytes.prefix(width) {
            self[at] = byte
            at += 1
        }
        while at < offset + width {
            self[at] = 0
            at += 1
        }
    }

    /// Copies `source[range]` to `offset`, then zeros up to `width` bytes (at least `range.count`) in all.
    func copy(_ source: UnsafeRawBufferPointer, _ range: Range<Int>, to offset: Int, width: Int) {
        UnsafeMutableRawBufferPointer(rebasing: self[offset..<(offset + range.count)])
            .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[range]))
        for at in (offset + range.count)..<Swift.max(offset + range.count, offset + width) { self[at] = 0 }
    }
}

extension UnsafeRawBufferPointer {
    /// The 16-bit big-endian number at `offset`.
    func bigEndian16(at offset: Int) -> Int { Int(self[offset]) << 8 | Int(self[offset + 1]) }

    /// The 32-bit big-endian number at `offset`.
    func bigEndian32(at offset: Int) -> Int { bigEndian16(at: offset) << 16 | bigEndian16(at: offset + 2) }

    /// Whether the bytes at `offset` are `expected`.
    func holds(_ expected: [UInt8], at offset: Int) -> Bool {
        offset + expected.count <= count && expected.indices.allSatisfy { self[offset + $0] == expected[$0] }
    }
}

/// `value` as `0x…` with at least `digits` hexadecimal digits, for messages.
func hexadecimal(_ value: Int, digits: Int = 2) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
}
