import TickerCore

/// A frame the daemon sent, as the live view shows it: its number and instant, its size, its pixels (one grey
/// byte, or three colour bytes, each) and the brightness it was sent at.
package struct LiveFrame: Sendable, Equatable {
    package var sequence: UInt64
    /// When the daemon sent it: nanoseconds since 1970.
    package var sentNanoseconds: UInt64
    package var width: Int
    package var height: Int
    package var color: Bool
    package var brightness: Int
    package var pixels: [UInt8]

    package init(
        sequence: UInt64, sentNanoseconds: UInt64, width: Int, height: Int, color: Bool, brightness: Int,
        pixels: [UInt8]
    ) {
        self.sequence = sequence
        self.sentNanoseconds = sentNanoseconds
        self.width = width
        self.height = height
        self.color = color
        self.brightness = brightness
        self.pixels = pixels
    }

    /// The colour of the pixel at `x`, `y` as 0xRRGGBB, before brightness (as AWTRIX's `/api/screen` gives it).
    package func rgb(x: Int, y: Int) -> Int {
        let index = y * width + x
        if !color {
            let level = Int(pixels[index])
            return level << 16 | level << 8 | level
        }
        return Int(pixels[index * 3]) << 16 | Int(pixels[index * 3 + 1]) << 8 | Int(pixels[index * 3 + 2])
    }

    /// The server-sent event that carries it to the page (docs/WEB.md#the-live-view).
    var event: [UInt8] {
        let sent = Double(sentNanoseconds / 1000) / 1000
        let data: JSONValue = .object([
            "seq": .number(Double(sequence)), "sent": .number(sent), "width": .number(Double(width)),
            "height": .number(Double(height)), "color": .bool(color), "brightness": .number(Double(brightness)),
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
