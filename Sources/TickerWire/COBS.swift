/// Consistent Overhead Byte Stuffing: rewrites a packet so that it contains no 0x00, at a cost of one byte
/// per 254 bytes plus one, so that 0x00 can delimit packets on a stream.
public enum COBS {
    /// The longest encoding of `count` bytes (without the delimiter).
    public static func maxEncodedCount(_ count: Int) -> Int {
        count + count / 254 + 1
    }

    /// The encoding of `bytes`, without the delimiter. Allocates; the packet encoder does not use it.
    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: maxEncodedCount(bytes.count))
        let written = output.withUnsafeMutableBufferPointer { output in
            guard let base = output.baseAddress else { return 0 }
            var writer = COBSWriter(base: base)
            for byte in bytes {
                writer.put(byte)
            }
            return writer.finish()
        }
        output.removeLast(output.count - written)
        return output
    }

    /// The bytes `encoded` (one packet, without the delimiter) stands for.
    /// Decoding stops at the first 0x00, if any. Throws `WireError.truncatedBlock` when a block runs past
    /// the end.
    public static func decode(_ encoded: [UInt8]) throws(WireError) -> [UInt8] {
        var deframer = Deframer(capacity: encoded.count)
        for byte in encoded {
            if byte == Wire.delimiter { break }
            _ = try deframer.push(byte)
        }
        guard try deframer.push(Wire.delimiter) == .packetReady else { return [] }
        return Array(deframer.packet)
    }
}

/// Writes COBS blocks into memory the caller sized with `COBS.maxEncodedCount`, byte by byte, with no
/// look-ahead: each block's code byte is filled in when the block closes.
@usableFromInline
struct COBSWriter {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    /// Where the next data byte goes.
    @usableFromInline var index: Int
    /// Where the open block's code byte goes.
    @usableFromInline var codeIndex: Int
    /// The open block's code: one more than the data bytes in it so far.
    @usableFromInline var code: UInt8
    /// True when the open block was started by a full block of 254 bytes rather than by a zero, so that it
    /// may be dropped if nothing follows.
    @usableFromInline var afterFullBlock: Bool

    @inlinable
    init(base: UnsafeMutablePointer<UInt8>) {
        self.base = base
        index = 1
        codeIndex = 0
        code = 1
        afterFullBlock = false
    }

    @inlinable @inline(__always)
    mutating func put(_ byte: UInt8) {
        if byte == 0 {
            closeBlock(fromZero: true)
        } else {
            base[index] = byte
            index &+= 1
            code &+= 1
            if code == 0xFF {
                closeBlock(fromZero: false)
            }
        }
    }

    @inlinable @inline(__always)
    mutating func closeBlock(fromZero: Bool) {
        base[codeIndex] = code
        codeIndex = index
        index &+= 1
        code = 1
        afterFullBlock = !fromZero
    }

    /// Closes the last block and returns the number of bytes written.
    @inlinable
    mutating func finish() -> Int {
        if code == 1 && afterFullBlock {
            // A packet that ends on a full block needs no empty block after it.
            return codeIndex
        }
        base[codeIndex] = code
        return index
    }
}
