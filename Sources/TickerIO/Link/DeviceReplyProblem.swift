import TickerWire

/// What was wrong with something the panel sent. Each kind is counted and logged on its own, so a device that
/// sends only garbage does not hide the one info message that does not decode.
package enum DeviceReplyProblem: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// Bytes that do not frame as packets (COBS blocks cut short, or longer than the receive buffer): line
    /// noise, a wrong baud rate, or a device that does not speak this protocol.
    case garbage
    /// A packet too short for a header and a CRC, or with a bad CRC: damaged on the way.
    case damaged
    /// A packet of another protocol version, or of a type a device does not send.
    case unexpected
    /// An info message that does not decode (wrong length, a geometry, frame rate or firmware name that cannot
    /// be).
    case badInfo
    /// An error message that does not decode (wrong length).
    case badError

    /// The kind, as a plural noun phrase for the log: "damaged packets".
    package var description: String {
        switch self {
        case .garbage: "garbage (unframed bytes)"
        case .damaged: "damaged packets"
        case .unexpected: "unexpected packets"
        case .badInfo: "info messages that do not decode"
        case .badError: "error messages that do not decode"
        }
    }

    /// The kind a decoding error belongs to.
    package init(_ error: WireError) {
        switch error {
        case .overflow, .truncatedBlock:
            self = .garbage
        case .packetTooShort, .badCRC:
            self = .damaged
        case .unknownVersion, .unknownType:
            self = .unexpected
        case .badLength(let type, _):
            self = type == MessageType.error.rawValue ? .badError : .badInfo
        case .invalidGeometry, .geometryMismatch, .firmwareNameTooLong, .invalidInfo, .pixelCountMismatch,
            .columnRangeOutOfBounds,
            .scrollDistanceOutOfRange:
            self = .badInfo
        }
    }
}
