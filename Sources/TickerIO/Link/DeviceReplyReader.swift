import TickerWire

/// What was wrong with something the panel sent. Each kind is counted and logged on its own, so a device that
/// sends only garbage does not hide the one info message that does not decode.
public enum DeviceReplyProblem: Int, CaseIterable, Sendable, CustomStringConvertible {
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
    public var description: String {
        switch self {
        case .garbage: "garbage (unframed bytes)"
        case .damaged: "damaged packets"
        case .unexpected: "unexpected packets"
        case .badInfo: "info messages that do not decode"
        case .badError: "error messages that do not decode"
        }
    }

    /// The kind a decoding error belongs to.
    public init(_ error: WireError) {
        switch error {
        case .overflow, .truncatedBlock:
            self = .garbage
        case .packetTooShort, .badCRC:
            self = .damaged
        case .unknownVersion, .unknownType:
            self = .unexpected
        case .badLength(let type, _):
            self = type == MessageType.error.rawValue ? .badError : .badInfo
        case .invalidGeometry, .firmwareNameTooLong, .invalidInfo, .pixelCountMismatch, .columnRangeOutOfBounds,
            .scrollDistanceOutOfRange:
            self = .badInfo
        }
    }
}

/// Reads the panel's byte stream on the host: de-frames, checks and decodes each packet, and says what was
/// wrong with everything it drops, counting each kind.
///
/// Pure and allocation-free after `init`: the work per byte is constant (a CRC per packet, over at most
/// `capacity` bytes), so the cost of a device streaming garbage grows only with the line rate.
public struct DeviceReplyReader {
    /// What one byte completed.
    public enum Event: Equatable, Sendable {
        /// A message that decoded.
        case message(DeviceMessage)
        /// Something dropped, its kind and what was wrong with it.
        case problem(DeviceReplyProblem, WireError)
    }

    private var deframer: Deframer
    /// How many of each kind of problem were dropped, indexed by `DeviceReplyProblem.rawValue`.
    public private(set) var problemCounts = [Int](repeating: 0, count: DeviceReplyProblem.allCases.count)

    /// A reader whose receive buffer holds `capacity` decoded bytes; longer packets are garbage.
    public init(capacity: Int = 512) {
        deframer = Deframer(capacity: capacity)
    }

    /// How many problems of `kind` were dropped since `init`.
    public func count(of kind: DeviceReplyProblem) -> Int { problemCounts[kind.rawValue] }

    /// Takes in one byte; returns the message or the problem it completed, if any.
    public mutating func push(_ byte: UInt8) -> Event? {
        let status: Deframer.Status
        do {
            status = try deframer.push(byte)
        } catch {
            return problem(error)
        }
        guard status == .packetReady else { return nil }
        let outcome = deframer.withPacket { bytes in
            Result { () throws(WireError) in try DeviceMessage(packet: bytes) }
        }
        switch outcome {
        case .success(let message): return .message(message)
        case .failure(let error): return problem(error)
        }
    }

    /// Forgets a packet half received (the port was reopened); the counts stay.
    public mutating func discard() {
        deframer.discard()
    }

    private mutating func problem(_ error: WireError) -> Event {
        let kind = DeviceReplyProblem(error)
        problemCounts[kind.rawValue] &+= 1
        return .problem(kind, error)
    }
}

/// Decides which problems to log so that a device streaming garbage at line rate cannot flood the journal:
/// the first `firstLogged` of each kind, then at most one summary of each kind per `summaryInterval` while
/// they keep coming. Pure; time is passed in.
public struct ProblemLogLimiter<Kind: Hashable & Sendable>: Sendable {
    /// What to do with a problem.
    public enum Decision: Equatable, Sendable {
        /// Log it; `isLastBeforeQuiet` on the last one logged before the summaries take over.
        case log(isLastBeforeQuiet: Bool)
        /// Log a summary: `suppressed` problems of this kind (this one included) since the line at `since`.
        case summary(suppressed: Int, since: Duration)
        /// Count it only.
        case quiet
    }

    private struct Tally: Sendable {
        var seen = 0
        var suppressed = 0
        var lastLine: Duration = .zero
    }

    /// Problems of each kind logged one by one.
    public let firstLogged: Int
    /// The least time between two summaries of one kind.
    public let summaryInterval: Duration
    private var tallies: [Kind: Tally] = [:]

    /// A limiter that logs the first `firstLogged` problems of each kind, then a summary at most every
    /// `summaryInterval`.
    public init(firstLogged: Int = 3, summaryInterval: Duration = .seconds(60)) {
        self.firstLogged = firstLogged
        self.summaryInterval = summaryInterval
    }

    /// Records a problem of `kind` at `now` and says whether to log it.
    public mutating func record(_ kind: Kind, at now: Duration) -> Decision {
        var tally = tallies[kind] ?? Tally()
        defer { tallies[kind] = tally }
        tally.seen &+= 1
        if tally.seen <= firstLogged {
            tally.lastLine = now
            return .log(isLastBeforeQuiet: tally.seen == firstLogged)
        }
        tally.suppressed += 1
        guard now - tally.lastLine >= summaryInterval else { return .quiet }
        let decision = Decision.summary(suppressed: tally.suppressed, since: tally.lastLine)
        tally.suppressed = 0
        tally.lastLine = now
        return decision
    }
}
