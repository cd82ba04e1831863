import TickerCore

/// A record of the daemon's view socket (docs/SERVICE.md#the-view-socket).
package enum ViewRecord {
    case frame(LiveFrame)
    case status(JSONValue)
    case problem(JSONValue)
    case cover(width: Int, height: Int, pixels: [UInt8])

    /// The record in `bytes`; nil for one this reader does not know or that is malformed.
    package init?(_ bytes: ArraySlice<UInt8>) {
        let bytes = Array(bytes)
        func integer(_ at: Int, _ count: Int) -> UInt64 {
            (0..<count).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        }
        switch bytes.first {
        case 0x46:
            guard bytes.count >= 24, bytes[1] == 1, bytes[22] <= 1 else { return nil }
            let width = Int(integer(18, 2))
            let height = Int(integer(20, 2))
            let color = bytes[22] == 1
            guard bytes.count == 24 + width * height * (color ? 3 : 1) else { return nil }
            self = .frame(
                LiveFrame(
                    sequence: integer(2, 8), sentNanoseconds: integer(10, 8), width: width, height: height,
                    color: color, brightness: Int(bytes[23]), pixels: Array(bytes[24...])))
        case 0x53, 0x50:
            guard let json = try? JSONValue.parse(bytes.dropFirst()) else { return nil }
            self = bytes[0] == 0x53 ? .status(json) : .problem(json)
        case 0x43:
            guard bytes.count >= 5 else { return nil }
            let width = Int(integer(1, 2))
            let height = Int(integer(3, 2))
            guard bytes.count == 5 + width * height * 3 else { return nil }
            self = .cover(width: width, height: height, pixels: Array(bytes[5...]))
        default: return nil
        }
    }
}
