/// One record of the daemon's view socket (`[feed] view`, docs/SERVICE.md#the-view-socket): what a viewer (the
/// web front end, `tickerctl panel --protocol view`) is told of the frames the daemon sends, its status, the
/// problems it logged and the track's cover. Each is one `SOCK_SEQPACKET` record; its first byte is the kind;
/// numbers are little-endian. Encoded here and decoded here, so both sides share one definition; the decoder
/// takes hostile bytes and refuses with a sentence.
public enum ViewMessage: Sendable, Equatable {
    /// `F`: a frame the daemon sent.
    case frame(ViewFrame)
    /// `S`: the daemon's status, as a JSON object.
    case status(ViewStatus)
    /// `P`: a warning or an error the daemon logged.
    case problem(ViewProblem)
    /// `C`: the current track's cover, RGB; 0 × 0 when there is none.
    case cover(width: Int, height: Int, pixels: [UInt8])

    /// The kind bytes: `F`, `S`, `P`, `C`.
    public static let frameKind: UInt8 = 0x46
    public static let statusKind: UInt8 = 0x53
    public static let problemKind: UInt8 = 0x50
    public static let coverKind: UInt8 = 0x43
    /// The version byte of a frame record.
    public static let frameVersion: UInt8 = 1
    /// The bytes of a frame record before its pixels.
    public static let frameHeaderSize = 24
    /// The largest record a reader takes: a 1024 × 256 colour frame, with room to spare.
    public static let maxBytes = 1 << 20

    /// The record.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        switch self {
        case .frame(let frame):
            Self.appendFrameHeader(
                sequence: frame.sequence, wallNanoseconds: frame.wallNanoseconds, width: frame.width,
                height: frame.height, format: frame.format, brightness: frame.brightness, to: &bytes)
            bytes += frame.pixels
        case .status(let status):
            bytes = [Self.statusKind] + Array(status.json.encoded.utf8)
        case .problem(let problem):
            bytes = [Self.problemKind] + Array(problem.json.encoded.utf8)
        case .cover(let width, let height, let pixels):
            bytes = [Self.coverKind]
            bytes.appendLittleEndian(UInt16(truncatingIfNeeded: width))
            bytes.appendLittleEndian(UInt16(truncatingIfNeeded: height))
            bytes += pixels
        }
        return bytes
    }

    /// Writes the frame record of `picture` into `bytes` (emptied first, its storage kept, so a steady stream
    /// allocates nothing): grey levels scaled to 0–255 (`level × 255 / maxLevel`), or the colours as R, G, B,
    /// row by row from the top-left pixel. `brightness` is what the sink was given for it (0–255).
    public static func encodeFrame(
        _ picture: Picture, sequence: UInt64, wallNanoseconds: UInt64, brightness: UInt8, into bytes: inout [UInt8]
    ) {
        bytes.removeAll(keepingCapacity: true)
        let color = picture.isColor
        let width = color ? picture.colors.width : picture.frame.width
        let height = color ? picture.colors.height : picture.frame.height
        appendFrameHeader(
            sequence: sequence, wallNanoseconds: wallNanoseconds, width: width, height: height,
            format: color ? .color : .grey, brightness: brightness, to: &bytes)
        if color {
            bytes += picture.colors.bytes
            return
        }
        appendGrey(picture.frame, to: &bytes)
    }

    /// Appends the levels of `frame`, scaled to 0–255, row by row. The wire lays a column's pixels out in its
    /// bytes (`PixelLayout`: pixel `y` at bits `y × bits` of its column, from the least significant), so all the
    /// pixels of a row sit at one byte of each column and one shift: a row is read with a stride of a column's
    /// bytes, and written in order. This runs for every frame a viewer is sent.
    private static func appendGrey(_ frame: Frame, to bytes: inout [UInt8]) {
        let width = frame.width
        let height = frame.height
        let bits = frame.depth.bits
        let mask = frame.depth.maxLevel
        let maxLevel = max(1, Int(mask))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: width * height))
        let perColumn = frame.bytesPerColumn
        // The levels' scaled values, on the stack: a steady stream of records allocates nothing.
        // Pointers, not buffers: a buffer's subscript checks its bounds even in a release build, and this is
        // the record's whole cost. Every index stays inside: a row's byte is below a column's bytes, and the
        // levels are masked.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(mask) + 1) { table in
            guard let scaled = table.baseAddress else { return }
            for level in 0...Int(mask) { scaled[level] = UInt8(level * 255 / maxLevel) }
            frame.bytes.withUnsafeBufferPointer { buffer in
                bytes.withUnsafeMutableBufferPointer { outBuffer in
                    guard let columns = buffer.baseAddress, let out = outBuffer.baseAddress else { return }
                    for y in 0..<height {
                        let shift = UInt8(truncatingIfNeeded: (y &* bits) & 7)
                        var column = columns + (y &* bits) >> 3
                        let row = out + (start &+ y &* width)
                        for x in 0..<width {
                            row[x] = scaled[Int(column.pointee &>> shift & mask)]
                            column += perColumn
                        }
                    }
                }
            }
        }
    }

    private static func appendFrameHeader(
        sequence: UInt64, wallNanoseconds: UInt64, width: Int, height: Int, format: ViewFrame.Format,
        brightness: UInt8, to bytes: inout [UInt8]
    ) {
        bytes.append(frameKind)
        bytes.append(frameVersion)
        bytes.appendLittleEndian(sequence)
        bytes.appendLittleEndian(wallNanoseconds)
        bytes.appendLittleEndian(UInt16(truncatingIfNeeded: width))
        bytes.appendLittleEndian(UInt16(truncatingIfNeeded: height))
        bytes.append(format.rawValue)
        bytes.append(brightness)
    }

    /// Reads one record; throws a `ViewMessageError` naming what is wrong with it.
    public init<Bytes: Collection<UInt8>>(decoding input: Bytes) throws(ViewMessageError) {
        let bytes = Array(input)
        guard bytes.count <= Self.maxBytes else { throw .tooLong(bytes: bytes.count, limit: Self.maxBytes) }
        guard let kind = bytes.first else { throw .empty }
        switch kind {
        case Self.frameKind: self = .frame(try ViewFrame(record: bytes))
        case Self.statusKind: self = .status(try ViewStatus(json: try Self.json(bytes, kind: "status")))
        case Self.problemKind: self = .problem(try ViewProblem(json: try Self.json(bytes, kind: "problem")))
        case Self.coverKind:
            guard bytes.count >= 5 else { throw .truncated(kind: "cover", bytes: bytes.count, needed: 5) }
            let width = Int(bytes.littleEndianUInt16(at: 1))
            let height = Int(bytes.littleEndianUInt16(at: 3))
            let needed = 5 + width * height * 3
            guard bytes.count == needed else {
                throw .sizeMismatch(kind: "cover", width: width, height: height, bytes: bytes.count, expected: needed)
            }
            self = .cover(width: width, height: height, pixels: Array(bytes[5...]))
        default: throw .unknownKind(kind)
        }
    }

    private static func json(_ bytes: [UInt8], kind: String) throws(ViewMessageError) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes.dropFirst())
        } catch {
            throw .badJSON(kind: kind, reason: error.description)
        }
        guard case .object(let members) = value else { throw .badJSON(kind: kind, reason: "not an object") }
        return members
    }
}

/// A frame the daemon sent, as the view socket carries it.
public struct ViewFrame: Sendable, Equatable {
    /// How the pixels are laid out.
    public enum Format: UInt8, Sendable {
        /// One byte per pixel, the level scaled to 0–255.
        case grey = 0
        /// Three bytes per pixel: red, green, blue.
        case color = 1

        /// Bytes per pixel.
        public var bytesPerPixel: Int { self == .grey ? 1 : 3 }
    }

    /// The daemon's count of frames sent, from 1.
    public var sequence: UInt64
    /// When it was sent: nanoseconds since 1970 on the wall clock (`CLOCK_REALTIME`).
    public var wallNanoseconds: UInt64
    /// Size in pixels.
    public var width: Int
    public var height: Int
    public var format: Format
    /// The brightness (0–255) the sink was given for this frame.
    public var brightness: UInt8
    /// `width × height × format.bytesPerPixel` bytes, row by row from the top-left pixel.
    public var pixels: [UInt8]

    /// A frame of the given values.
    public init(
        sequence: UInt64, wallNanoseconds: UInt64, width: Int, height: Int, format: Format, brightness: UInt8,
        pixels: [UInt8]
    ) {
        self.sequence = sequence
        self.wallNanoseconds = wallNanoseconds
        self.width = width
        self.height = height
        self.format = format
        self.brightness = brightness
        self.pixels = pixels
    }

    /// Reads a whole `F` record.
    init(record bytes: [UInt8]) throws(ViewMessageError) {
        let header = ViewMessage.frameHeaderSize
        guard bytes.count >= header else { throw .truncated(kind: "frame", bytes: bytes.count, needed: header) }
        guard bytes[1] == ViewMessage.frameVersion else { throw .unsupportedVersion(bytes[1]) }
        guard let format = Format(rawValue: bytes[22]) else { throw .unknownFormat(bytes[22]) }
        sequence = bytes.littleEndianUInt64(at: 2)
        wallNanoseconds = bytes.littleEndianUInt64(at: 10)
        width = Int(bytes.littleEndianUInt16(at: 18))
        height = Int(bytes.littleEndianUInt16(at: 20))
        self.format = format
        brightness = bytes[23]
        let expected = header + width * height * format.bytesPerPixel
        guard bytes.count == expected else {
            throw .sizeMismatch(kind: "frame", width: width, height: height, bytes: bytes.count, expected: expected)
        }
        pixels = Array(bytes[header...])
    }
}

/// The daemon's status, as the view socket carries it (`S`, a JSON object).
public struct ViewStatus: Sendable, Equatable {
    /// The device as the `started:` log line names it; empty without one.
    public var device = ""
    /// Whether the sink is streaming to the device.
    public var connected = false
    /// The sink's one-line status, or "no device".
    public var status = "no device"
    public var width = 0
    public var height = 0
    public var fps = 0
    /// Whether the panel is a colour one.
    public var color = false
    /// Grey levels (2, 4, 16, 256), or 0 on a colour panel.
    public var levels = 0
    /// The sink's counters.
    public var framesSent = 0
    public var framesSkipped = 0
    /// The lyric line being sung (the karaoke's offset applied); empty between lines and without lyrics.
    public var lyric = ""

    /// A status of default values.
    public init() {}

    /// The JSON object.
    public var json: JSONValue {
        .object([
            "device": .string(device), "connected": .bool(connected), "status": .string(status),
            "width": .number(Double(width)), "height": .number(Double(height)), "fps": .number(Double(fps)),
            "color": .bool(color), "levels": .number(Double(levels)), "framesSent": .number(Double(framesSent)),
            "framesSkipped": .number(Double(framesSkipped)), "lyric": .string(lyric),
        ])
    }

    init(json members: [String: JSONValue]) throws(ViewMessageError) {
        func field<T>(_ name: String, _ type: String, _ read: (JSONValue) -> T?) throws(ViewMessageError) -> T {
            guard let value = members[name] else { throw .missingField(kind: "status", name: name) }
            guard let read = read(value) else { throw .badField(kind: "status", name: name, expected: type) }
            return read
        }
        func count(_ value: JSONValue) -> Int? {
            guard let number = value.numberValue, number >= 0, number <= 9.0e15, number.rounded() == number else {
                return nil
            }
            return Int(number)
        }
        device = try field("device", "a string", \.stringValue)
        connected = try field("connected", "a boolean", \.boolValue)
        status = try field("status", "a string", \.stringValue)
        width = try field("width", "a whole number", count)
        height = try field("height", "a whole number", count)
        fps = try field("fps", "a whole number", count)
        color = try field("color", "a boolean", \.boolValue)
        levels = try field("levels", "a whole number", count)
        framesSent = try field("framesSent", "a whole number", count)
        framesSkipped = try field("framesSkipped", "a whole number", count)
        lyric = try field("lyric", "a string", \.stringValue)
    }
}

/// A warning or an error the daemon logged, as the view socket carries it (`P`, a JSON object).
public struct ViewProblem: Sendable, Equatable {
    /// How bad it was.
    public enum Level: String, Sendable {
        case warning, error
    }

    /// When it was logged: seconds since 1970 on the wall clock.
    public var time: Double
    public var level: Level
    /// The log line as logged (without the logger's prefix).
    public var text: String

    /// A problem of the given values.
    public init(time: Double, level: Level, text: String) {
        self.time = time
        self.level = level
        self.text = text
    }

    /// The JSON object.
    public var json: JSONValue {
        .object(["time": .number(time), "level": .string(level.rawValue), "text": .string(text)])
    }

    init(json members: [String: JSONValue]) throws(ViewMessageError) {
        guard let timeValue = members["time"] else { throw .missingField(kind: "problem", name: "time") }
        guard let time = timeValue.numberValue, time.isFinite else {
            throw .badField(kind: "problem", name: "time", expected: "a number")
        }
        guard let levelValue = members["level"] else { throw .missingField(kind: "problem", name: "level") }
        guard let level = levelValue.stringValue.flatMap(Level.init(rawValue:)) else {
            throw .badField(kind: "problem", name: "level", expected: "'warning' or 'error'")
        }
        guard let textValue = members["text"] else { throw .missingField(kind: "problem", name: "text") }
        guard let text = textValue.stringValue else {
            throw .badField(kind: "problem", name: "text", expected: "a string")
        }
        self.init(time: time, level: level, text: text)
    }
}

/// Why a view record was refused.
public enum ViewMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int, limit: Int)
    case unknownKind(UInt8)
    case truncated(kind: String, bytes: Int, needed: Int)
    case unsupportedVersion(UInt8)
    case unknownFormat(UInt8)
    case sizeMismatch(kind: String, width: Int, height: Int, bytes: Int, expected: Int)
    case badJSON(kind: String, reason: String)
    case missingField(kind: String, name: String)
    case badField(kind: String, name: String, expected: String)

    public var description: String {
        switch self {
        case .empty: "empty view record"
        case .tooLong(let bytes, let limit): "view record of \(bytes) bytes (at most \(limit))"
        case .unknownKind(let kind): "unknown view record kind \(hex(kind)) (expected one of: F, S, P, C)"
        case .truncated(let kind, let bytes, let needed):
            "\(kind) record of \(bytes) bytes is cut short (its header takes \(needed))"
        case .unsupportedVersion(let version): "frame record of version \(version) (expected 1)"
        case .unknownFormat(let format): "frame record of pixel format \(format) (expected 0, grey, or 1, colour)"
        case .sizeMismatch(let kind, let width, let height, let bytes, let expected):
            "\(kind) record of \(width)×\(height) has \(bytes) bytes (expected \(expected))"
        case .badJSON(let kind, let reason): "\(kind) record is not a JSON object: \(reason)"
        case .missingField(let kind, let name): "\(kind) record lacks '\(name)'"
        case .badField(let kind, let name, let expected): "\(kind) record's '\(name)' is not \(expected)"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}

extension [UInt8] {
    fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        for index in 0..<T.bitWidth / 8 { append(UInt8(truncatingIfNeeded: value >> (index * 8))) }
    }

    fileprivate func littleEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    fileprivate func littleEndianUInt64(at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(self[offset + $1]) << ($1 * 8) }
    }
}
