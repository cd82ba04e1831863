/// A strict-enough base64 decoder (RFC 4648 alphabet) for shairport-sync's metadata items.
enum Base64 {
    /// Decodes `text`, skipping ASCII whitespace; `nil` on any other character outside the alphabet, on
    /// padding in the middle, or on a length that cannot be base64.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var accumulator: UInt32 = 0
        var pending = 0
        var padding = 0
        for byte in text {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "="):
                padding += 1
                guard padding <= 2 else { return nil }
                continue
            default:
                break
            }
            guard padding == 0, let value = sextet(byte) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            pending += 1
            if pending == 4 {
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                pending = 0
            }
        }
        switch pending {
        case 0:
            return padding == 0 ? output : nil
        case 2:
            guard padding == 0 || padding == 2 else { return nil }
            output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case 3:
            guard padding == 0 || padding == 1 else { return nil }
            output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default:
            return nil
        }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
