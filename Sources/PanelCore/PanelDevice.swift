#if canImport(TickerWire)
    import TickerWire
#endif

/// The device side of the protocol: takes in the host's bytes, keeps the framebuffer, brightness and
/// counters, and queues replies (info for a hello, an error for every rejected packet).
///
/// Feed it bytes as they arrive, one at a time (`receive(_:)`, from a UART interrupt or poll loop) or in
/// chunks (`receive(_:onEvent:)`, from a PTY read); read `framebuffer` to draw; drain replies with
/// `nextReplyByte()` or `takeReplies()`. Every buffer is allocated in `init`; nothing allocates after that
/// except the array-returning conveniences marked as such.
public struct PanelDevice {
    /// What the device announces in its info reply: geometry, frame-rate limit, capabilities, name.
    public let info: DeviceInfo
    /// What the panel shows now.
    public private(set) var framebuffer: Framebuffer
    /// The global brightness from the last brightness message, 0–255; 255 at start.
    public private(set) var brightness: UInt8 = 255
    /// Running totals since `init`.
    public private(set) var counters = PanelCounters()

    private var deframer: Deframer
    private var replyEncoder: PacketEncoder
    /// Replies waiting to be sent: bytes `outboxStart..<outboxEnd`.
    private var outbox: [UInt8]
    private var outboxStart = 0
    private var outboxEnd = 0

    /// A dark panel described by `info`, whose reply queue holds `replyCapacity` bytes (at least one info
    /// reply's worth).
    public init(info: DeviceInfo, replyCapacity: Int = 256) {
        self.info = info
        framebuffer = Framebuffer(geometry: info.geometry)
        deframer = Deframer(capacity: Wire.packetCount(payloadCount: info.geometry.fullFramePayloadCount))
        let largestReply = Wire.encodedCount(payloadCount: Wire.infoFixedPayloadCount + Wire.maxFirmwareNameCount)
        replyEncoder = PacketEncoder(capacity: largestReply)
        outbox = [UInt8](repeating: 0, count: max(replyCapacity, largestReply))
    }

    /// The panel's geometry.
    public var geometry: PanelGeometry { info.geometry }

    /// The colour of pixel (`x`, `y`), 8 bits per channel (a grey level as white light); black outside.
    public func color(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        framebuffer.color(x: x, y: y)
    }

    /// The level of pixel (`x`, `y`), 0 to `geometry.maxLevel`; 0 outside the panel.
    public func level(x: Int, y: Int) -> UInt8 {
        framebuffer.level(x: x, y: y)
    }

    /// The panel as ASCII art (`#` full, `+` between, `.` off; rows joined by "\n").
    public var asciiArt: String { framebuffer.asciiArt }

    // MARK: Receiving

    /// Takes in one byte from the host. Returns what the packet it completed did, or nil while a packet is
    /// still arriving (or when the byte ended an empty packet).
    public mutating func receive(_ byte: UInt8) -> PanelEvent? {
        let status: Deframer.Status
        do {
            status = try deframer.push(byte)
        } catch {
            counters.packets += 1
            let code: WireErrorCode = if case .overflow = error { .overflow } else { .framing }
            return reject(code, type: 0, sequence: 0, reason: error)
        }
        guard status == .packetReady else { return nil }
        counters.packets += 1
        return applyDeliveredPacket()
    }

    /// Takes in a chunk of bytes from the host, calling `onEvent` for every packet it completes, in order.
    public mutating func receive(_ bytes: UnsafeRawBufferPointer, onEvent: (PanelEvent) -> Void) {
        for byte in bytes {
            if let event = receive(byte) {
                onEvent(event)
            }
        }
    }

    /// Takes in a chunk of bytes from the host and returns the events of the packets it completed.
    /// Allocates the array; for hosts and tests.
    public mutating func receive(_ bytes: [UInt8]) -> [PanelEvent] {
        var events: [PanelEvent] = []
        for byte in bytes {
            if let event = receive(byte) {
                events.append(event)
            }
        }
        return events
    }

    // MARK: Replies

    /// Reply bytes waiting to be sent.
    public var pendingReplyCount: Int { outboxEnd - outboxStart }

    /// The next reply byte to send, or nil when every reply has gone out.
    public mutating func nextReplyByte() -> UInt8? {
        guard outboxStart < outboxEnd else { return nil }
        let byte = outbox[outboxStart]
        outboxStart += 1
        if outboxStart == outboxEnd {
            outboxStart = 0
            outboxEnd = 0
        }
        return byte
    }

    /// Every reply byte waiting to be sent, removed from the queue. Allocates the array; for hosts and tests.
    public mutating func takeReplies() -> [UInt8] {
        let replies = Array(outbox[outboxStart..<outboxEnd])
        outboxStart = 0
        outboxEnd = 0
        return replies
    }

    // MARK: Applying

    /// Checks and applies the packet the deframer just delivered.
    private mutating func applyDeliveredPacket() -> PanelEvent {
        // The packet's bytes are borrowed from the deframer while the message is applied to the framebuffer
        // (separate storage). The deframer is moved out meanwhile so that `self` can be mutated; an empty
        // array needs no allocation, and moving it back does not copy.
        let deframer = self.deframer
        self.deframer = Deframer(capacity: 0)
        let event = deframer.withPacket { bytes in apply(packet: bytes) }
        self.deframer = deframer
        return event
    }

    private mutating func apply(packet bytes: UnsafeRawBufferPointer) -> PanelEvent {
        let packet: PacketView
        do throws(WireError) {
            packet = try PacketView(validating: bytes)
        } catch {
            let code: WireErrorCode =
                switch error {
                case .badCRC: .badCRC
                case .unknownVersion: .unknownVersion
                default: .badLength
                }
            // The type and sequence bytes may be damaged too, but they are the best guess there is.
            let type = bytes.count > 1 ? bytes[1] : 0
            let sequence = bytes.count > 2 ? bytes[2] : 0
            return reject(code, type: type, sequence: sequence, reason: error)
        }
        let type = packet.type
        let payload = packet.payload
        let sequence = packet.sequence
        func badLength() -> WireError { .badLength(type: type.rawValue, payloadCount: payload.count) }
        switch type {
        case .hello:
            guard payload.isEmpty else { return reject(.badLength, packet, badLength()) }
            replyEncoder.encodeInfo(info, sequence: sequence)
            queueReply()
            return .applied(.hello)
        case .fullFrame:
            guard payload.count >= 4 else { return reject(.badLength, packet, badLength()) }
            let width = Int(packet.uint16(at: 0))
            let height = Int(payload[2])
            let bitsPerPixel = Int(payload[3])
            guard width == geometry.width, height == geometry.height, bitsPerPixel == geometry.bitsPerPixel else {
                return reject(
                    .geometryMismatch, packet,
                    .geometryMismatch(width: width, height: height, bitsPerPixel: bitsPerPixel, panel: geometry))
            }
            guard payload.count == geometry.fullFramePayloadCount else {
                return reject(.badLength, packet, badLength())
            }
            do throws(WireError) {
                try framebuffer.replaceColumns(start: 0, with: UnsafeRawBufferPointer(rebasing: payload[4...]))
            } catch {
                return reject(.badLength, packet, error)
            }
            counters.framesApplied += 1
            return .applied(.fullFrame)
        case .columns:
            guard payload.count >= 4 else { return reject(.badLength, packet, badLength()) }
            let start = Int(packet.uint16(at: 0))
            let count = Int(packet.uint16(at: 2))
            guard count >= 1, start + count <= geometry.width else {
                return reject(
                    .outOfBounds, packet, .columnRangeOutOfBounds(start: start, count: count, width: geometry.width))
            }
            guard payload.count == 4 + count * geometry.bytesPerColumn else {
                return reject(.badLength, packet, badLength())
            }
            do throws(WireError) {
                try framebuffer.replaceColumns(start: start, with: UnsafeRawBufferPointer(rebasing: payload[4...]))
            } catch {
                return reject(.outOfBounds, packet, error)
            }
            counters.updatesApplied += 1
            return .applied(.columns(start: start, count: count))
        case .scroll:
            guard payload.count == 5 else { return reject(.badLength, packet, badLength()) }
            guard info.capabilities.contains(.scroll) else {
                return reject(.unsupported, packet, .unknownType(type.rawValue))
            }
            let start = Int(packet.uint16(at: 0))
            let count = Int(packet.uint16(at: 2))
            let dx = Int(Int8(bitPattern: payload[4]))
            do throws(WireError) {
                try framebuffer.scroll(start: start, count: count, dx: dx)
            } catch {
                return reject(.outOfBounds, packet, error)
            }
            counters.updatesApplied += 1
            return .applied(.scroll(start: start, count: count, dx: dx))
        case .brightness:
            guard payload.count == 1 else { return reject(.badLength, packet, badLength()) }
            brightness = payload[0]
            return .applied(.brightness(payload[0]))
        case .blank:
            guard payload.isEmpty else { return reject(.badLength, packet, badLength()) }
            framebuffer.clear()
            return .applied(.blank)
        default:
            return reject(.unknownType, packet, .unknownType(type.rawValue))
        }
    }

    private mutating func reject(_ code: WireErrorCode, _ packet: PacketView, _ reason: WireError) -> PanelEvent {
        reject(code, type: packet.type.rawValue, sequence: packet.sequence, reason: reason)
    }

    private mutating func reject(_ code: WireErrorCode, type: UInt8, sequence: UInt8, reason: WireError)
        -> PanelEvent
    {
        counters.badPackets += 1
        replyEncoder.encodeError(code, rejectedType: type, rejectedSequence: sequence, sequence: sequence)
        queueReply()
        return .rejected(PanelRejection(code: code, type: type, sequence: sequence, reason: reason))
    }

    /// Moves the reply just encoded into the outbox, making room by moving unsent bytes to the front; drops
    /// the reply (and counts it) when even that is not enough.
    private mutating func queueReply() {
        let needed = replyEncoder.count
        if outbox.count - outboxEnd < needed, outboxStart > 0 {
            let pending = outboxEnd - outboxStart
            outbox.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                base.copyMemory(from: base + outboxStart, byteCount: pending)
            }
            outboxStart = 0
            outboxEnd = pending
        }
        guard outbox.count - outboxEnd >= needed else {
            counters.repliesDropped += 1
            return
        }
        let end = outboxEnd
        replyEncoder.withEncoded { reply in
            outbox.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress, let source = reply.baseAddress else { return }
                (base + end).copyMemory(from: source, byteCount: reply.count)
            }
        }
        outboxEnd += needed
    }
}
