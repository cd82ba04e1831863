import TickerCore

/// Pure helpers that turn feed lines into the bytes of atomic FIFO writes.
package enum FeedLines {
    /// The largest write a FIFO delivers in one piece (`PIPE_BUF` on Linux), in bytes.
    package static let atomicWriteBytes = 4096

    /// Groups `lines` into writes of at most `limit` bytes each, every line ended by `\n`, never splitting a
    /// line across two writes. Control characters become spaces (`FeedText.oneLine`); a line that alone
    /// exceeds `limit − 1` bytes is cut at the last whole character that fits.
    package static func batches(_ lines: [String], limit: Int = atomicWriteBytes) -> [[UInt8]] {
        let lineLimit = max(limit - 1, 1)
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        for line in lines {
            var bytes = Array(FeedText.oneLine(line).utf8)
            if bytes.count > lineLimit {
                bytes = truncatedUTF8(bytes, to: lineLimit)
            }
            if !current.isEmpty && current.count + bytes.count + 1 > limit {
                result.append(current)
                current = []
            }
            current.append(contentsOf: bytes)
            current.append(0x0A)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Cuts valid UTF-8 to at most `count` bytes without splitting a character.
    static func truncatedUTF8(_ bytes: [UInt8], to count: Int) -> [UInt8] {
        var end = min(count, bytes.count)
        // Step back over continuation bytes (10xxxxxx) so the cut lands on a character start.
        while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 {
            end -= 1
        }
        return Array(bytes[0..<end])
    }
}
