/// PNG files written byte by byte, for what `PNGEncoder` does not write (16-bit channels, grey, headers that
/// lie about the size): the zlib stream holds stored (uncompressed) deflate blocks, each chunk its CRC-32.
enum RawPNG {
    /// A PNG file of `width` × `height` pixels of `colorType` (0 grey, 2 RGB, 6 RGBA) at `bitDepth` bits a
    /// channel, from `rows`: each row's bytes, without the filter byte (every row is written unfiltered).
    static func file(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 2, rows: [[UInt8]])
        -> [UInt8]
    {
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [bitDepth, colorType, 0, 0, 0]
        let scanlines = rows.flatMap { [UInt8(0)] + $0 }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", zlibStored(scanlines)) + chunk("IEND", [])
    }

    /// A picture of grey `levels`, one byte a pixel, `width` a row.
    static func grey(width: Int, _ levels: [UInt8]) -> [UInt8] {
        let rows = stride(from: 0, to: levels.count, by: width).map { Array(levels[$0..<($0 + width)]) }
        return file(width: width, height: rows.count, colorType: 0, rows: rows)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each) and its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }
}
