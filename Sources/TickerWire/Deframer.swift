/// Turns a byte stream into packets: collects bytes up to each 0x00 delimiter and undoes COBS on the way in,
/// into a buffer of fixed capacity. Used on both sides of the link.
///
/// A packet that would grow past the capacity, or whose COBS blocks do not line up with the delimiter, is
/// reported once and the rest of it is skipped up to the next 0x00, where decoding starts afresh. Empty
/// packets (two delimiters in a row) are ignored, so a sender may lead with a 0x00 to flush a half-sent
/// packet on the other side. No allocation happens after `init`.
public struct Deframer {
    /// Decoded bytes of the packet being received (the first `count`).
    private var buffer: [UInt8]
    /// Decoded bytes so far.
    public private(set) var count = 0
    /// Data bytes left in the current COBS block; 0 means the next byte is a code byte.
    private var remaining = 0
    /// True when the block that just ended stands for a zero in the data (its code was below 0xFF).
    private var zeroPending = false
    /// True from an error up to the next delimiter.
    public private(set) var isDiscarding = false
    /// True once any byte of the current packet has arrived.
    private var started = false

    /// The most decoded bytes one packet may hold (header, payload and CRC).
    public var capacity: Int { buffer.count }

    /// A deframer for packets of up to `capacity` decoded bytes.
    public init(capacity: Int) {
        buffer = [UInt8](repeating: 0, count: max(capacity, 0))
    }

    /// What `push` made of a byte.
    public enum Status: Equatable, Sendable {
        /// The byte was taken in; the packet is not complete.
        case needMore
        /// The byte was a delimiter that ended a non-empty packet: `packet` holds it until the next push.
        case packetReady
    }

    /// Takes in one byte from the stream.
    ///
    /// Returns `.packetReady` when `byte` completed a packet. Throws `WireError.overflow` or
    /// `WireError.truncatedBlock` once for a packet being dropped; the deframer then skips to the next 0x00
    /// by itself, so the caller just keeps pushing.
    @inlinable
    public mutating func push(_ byte: UInt8) throws(WireError) -> Status {
        if byte == Wire.delimiter {
            return try endPacket()
        }
        return try takeByte(byte)
    }

    @usableFromInline
    mutating func endPacket() throws(WireError) -> Status {
        let wasDiscarding = isDiscarding
        let complete = remaining == 0
        let hadBytes = started
        if count == 0 || !complete || wasDiscarding {
            reset()
        } else {
            started = false
            remaining = 0
            zeroPending = false
        }
        if wasDiscarding || !hadBytes { return .needMore }
        guard complete else { throw .truncatedBlock }
        return .packetReady
    }

    @usableFromInline
    mutating func takeByte(_ byte: UInt8) throws(WireError) -> Status {
        if isDiscarding { return .needMore }
        if !started {
            // A new packet: forget the one delivered before it.
            count = 0
            started = true
        }
        if remaining == 0 {
            if zeroPending {
                try append(0)
            }
            remaining = Int(byte) - 1
            zeroPending = byte != 0xFF
        } else {
            try append(byte)
            remaining -= 1
        }
        return .needMore
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) throws(WireError) {
        guard count < buffer.count else {
            isDiscarding = true
            throw .overflow(capacity: buffer.count)
        }
        buffer.withUnsafeMutableBufferPointer { $0[count] = byte }
        count += 1
    }

    private mutating func reset() {
        count = 0
        remaining = 0
        zeroPending = false
        isDiscarding = false
        started = false
    }

    /// Drops whatever has been received of the current packet and waits for the next byte to start one.
    public mutating func discard() {
        reset()
    }

    /// The packet delivered by the last `.packetReady`, valid until the next push. Taking a copy of the
    /// slice and keeping it makes the next push copy the buffer; prefer `withPacket` where that matters.
    public var packet: ArraySlice<UInt8> { buffer[0..<count] }

    /// Calls `body` with the bytes of the packet delivered by the last `.packetReady`; the pointer is only
    /// valid inside `body`.
    public func withPacket<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let count = count
        return buffer.withUnsafeBytes { bytes in
            body(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
        }
    }
}
