/// What a WLED controller says about itself: asked `{"v":true}` on its serial port, one line of JSON,
/// `{"state":{…},"info":{…}}`; asked `GET /json/info` over HTTP, the `info` object alone. Of it, the LED count
/// (`leds.count`), the matrix size of a 2D build (`leds.matrix.w`, `.h`, present only when WLED is set up as
/// a matrix), the power limit (`leds.maxpwr`, 0 without one), the version (`ver`), the name (`name`) and the
/// address (`ip`, empty while it has none) are read.
public struct WLEDInfo: Sendable, Equatable {
    /// LEDs configured on the controller.
    public var ledCount: Int?
    /// Matrix width, when WLED is built with 2D support and set up as a matrix.
    public var matrixWidth: Int?
    /// Matrix height, likewise.
    public var matrixHeight: Int?
    /// WLED's version string.
    public var version: String?
    /// The controller's name.
    public var name: String?
    /// The current limit WLED's own brightness limiter keeps to, in milliamperes; 0 when it has none.
    public var maxMilliamps: Int?
    /// The controller's IPv4 address in dotted form; nil when it said none.
    public var address: String?

    /// The longest reply read, in bytes.
    public static let maxBytes = 32_768
    /// The deepest nesting of objects and arrays accepted.
    public static let maxDepth = 32

    /// Nothing known.
    public init() {}

    /// Reads a reply; throws when it is not one JSON object within the limits. Unknown members are skipped.
    public init(json bytes: some Collection<UInt8>) throws(WLEDInfoError) {
        self.init(info: try Self.object(bytes)["info"])
    }

    /// Reads the body of `GET /json/info`, the `info` object alone; throws when it is not one JSON object
    /// within the limits. Unknown members are skipped, missing ones stay nil.
    public init(infoJSON bytes: some Collection<UInt8>) throws(WLEDInfoError) {
        self.init(info: try Self.object(bytes))
    }

    /// The one JSON object `bytes` hold, within the limits.
    private static func object(_ bytes: some Collection<UInt8>) throws(WLEDInfoError) -> JSONValue {
        let reply: JSONValue
        do {
            reply = try JSONValue.parse(bytes, limit: maxBytes, depthLimit: maxDepth)
        } catch {
            throw WLEDInfoError(error)
        }
        guard case .object = reply else { throw .notJSON(bytes.prefix { isSpace($0) }.count) }
        return reply
    }

    private init(info: JSONValue?) {
        ledCount = Self.whole(info?["leds"]?["count"])
        matrixWidth = Self.whole(info?["leds"]?["matrix"]?["w"])
        matrixHeight = Self.whole(info?["leds"]?["matrix"]?["h"])
        maxMilliamps = Self.whole(info?["leds"]?["maxpwr"])
        version = info?["ver"]?.stringValue
        name = info?["name"]?.stringValue
        address = info?["ip"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func whole(_ value: JSONValue?) -> Int? {
        guard let number = value?.numberValue, number.magnitude < 1e15 else { return nil }
        return Int(exactly: number)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// Why a WLED reply was not read.
public enum WLEDInfoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Longer than `WLEDInfo.maxBytes`.
    case tooLong(Int)
    /// Not JSON at this byte offset.
    case notJSON(Int)
    /// Nested deeper than `WLEDInfo.maxDepth`.
    case tooDeep
    /// More after the object, at this offset.
    case trailing(Int)

    /// The reason a reply is not JSON, at the offset where the reader stopped.
    init(_ error: JSONError) {
        switch error {
        case .tooLong(let bytes, _): self = .tooLong(bytes)
        case .tooDeep: self = .tooDeep
        case .unexpected(let offset, _, let expected) where expected == JSONError.endOfText: self = .trailing(offset)
        case .unexpected(let offset, _, _), .badString(let offset, _): self = .notJSON(offset)
        }
    }

    public var description: String {
        switch self {
        case .tooLong(let count): "reply of \(count) bytes is longer than \(WLEDInfo.maxBytes)"
        case .notJSON(let offset): "reply is not JSON at byte \(offset)"
        case .tooDeep: "reply is nested deeper than \(WLEDInfo.maxDepth) levels"
        case .trailing(let offset): "reply has more after its JSON object, at byte \(offset)"
        }
    }
}
