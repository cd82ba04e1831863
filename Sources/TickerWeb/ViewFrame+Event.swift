import TickerCore

extension ViewFrame {
    /// The colour of the pixel at `x`, `y` as 0xRRGGBB, before brightness (as AWTRIX's `/api/screen` gives it).
    package func rgb(x: Int, y: Int) -> Int {
        let index = y * width + x
        if format == .grey {
            let level = Int(pixels[index])
            return level << 16 | level << 8 | level
        }
        return Int(pixels[index * 3]) << 16 | Int(pixels[index * 3 + 1]) << 8 | Int(pixels[index * 3 + 2])
    }

    /// The server-sent event that carries it to the page (docs/WEB.md#the-live-view).
    package var event: [UInt8] {
        let sent = Double(wallNanoseconds / 1000) / 1000
        let data: JSONValue = .object([
            "seq": .number(Double(sequence)), "sent": .number(sent), "width": .number(Double(width)),
            "height": .number(Double(height)), "color": .bool(format == .color),
            "brightness": .number(Double(brightness)),
            "pixels": .string(Base64.encode(pixels)),
        ])
        return Array("id: \(sequence)\nevent: frame\ndata: \(data.encoded)\n\n".utf8)
    }
}

/// Base64 (RFC 4648, with padding), for pixels in JSON.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                out.append(position <= count ? alphabet[Int(group >> (18 - 6 * UInt32(position)) & 63)] : 61)
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
