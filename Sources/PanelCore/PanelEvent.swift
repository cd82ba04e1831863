#if canImport(TickerWire)
    import TickerWire
#endif

/// What a panel made of one packet.
public enum PanelEvent: Hashable, Sendable {
    /// The packet was valid and its message was carried out.
    case applied(PanelMessage)
    /// The packet was dropped; an error reply is queued unless the reply buffer was full.
    case rejected(PanelRejection)
}

/// A message a panel carried out.
public enum PanelMessage: Hashable, Sendable {
    /// A hello: an info reply is queued.
    case hello
    /// A full frame replaced every pixel.
    case fullFrame
    /// Columns `start..<start + count` were replaced.
    case columns(start: Int, count: Int)
    /// Columns `start..<start + count` moved `dx` columns (positive = right).
    case scroll(start: Int, count: Int, dx: Int)
    /// The global brightness changed to `level` (0–255).
    case brightness(UInt8)
    /// Every pixel was turned off.
    case blank
}

/// Why a panel dropped a packet, and which packet it was as far as it could tell.
public struct PanelRejection: Hashable, Sendable {
    /// The code sent back in the error reply.
    public let code: WireErrorCode
    /// The rejected packet's type byte (0x00 when the packet was too broken to have one).
    public let type: UInt8
    /// The rejected packet's sequence byte (0 when the packet was too broken to have one).
    public let sequence: UInt8
    /// The decoding error in words, for logs.
    public let reason: WireError
}

/// Running totals a panel keeps since it started.
public struct PanelCounters: Hashable, Sendable {
    /// Packets received: every non-empty stretch of bytes up to a delimiter, good or bad.
    public var packets = 0
    /// Packets dropped for any reason (framing, CRC, version, type, length, geometry, bounds, capability).
    public var badPackets = 0
    /// Full frames applied.
    public var framesApplied = 0
    /// Column updates and scrolls applied.
    public var updatesApplied = 0
    /// Replies thrown away because the reply buffer was full (nobody drained it).
    public var repliesDropped = 0

    /// All zero.
    public init() {}
}
