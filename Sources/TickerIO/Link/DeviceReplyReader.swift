import TickerWire

/// Reads the panel's byte stream on the host: de-frames, checks and decodes each packet, and says what was
/// wrong with everything it drops, counting each kind.
///
/// Pure and allocation-free after `init`: the work per byte is constant (a CRC per packet, over at most
/// `capacity` bytes), so the cost of a device streaming garbage grows only with the line rate.
package struct DeviceReplyReader {
    /// What one byte completed.
    package enum Event: Equatable, Sendable {
        /// A message that decoded.
        case message(DeviceMessage)
        /// Something dropped, its kind and what was wrong with it.
        case problem(DeviceReplyProblem, WireError)
    }

    private var deframer: Deframer
    /// How many of each kind of problem were dropped, indexed by `DeviceReplyProblem.rawValue`.
    package private(set) var problemCounts = [Int](repeating: 0, count: DeviceReplyProblem.allCases.count)

    /// A reader whose receive buffer holds `capacity` decoded bytes; longer packets are garbage.
    package init(capacity: Int = 512) {
        deframer = Deframer(capacity: capacity)
    }

    /// How many problems of `kind` were dropped since `init`.
    package func count(of kind: DeviceReplyProblem) -> Int { problemCounts[kind.rawValue] }

    /// Takes in one byte; returns the message or the problem it completed, if any.
    package mutating func push(_ byte: UInt8) -> Event? {
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
    package mutating func discard() {
        deframer.discard()
    }

    private mutating func problem(_ error: WireError) -> Event {
        let kind = DeviceReplyProblem(error)
        problemCounts[kind.rawValue] &+= 1
        return .problem(kind, error)
    }
}
