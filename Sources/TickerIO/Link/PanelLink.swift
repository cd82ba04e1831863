import TickerCore
import TickerWire

/// Counters of the link, for the status line and the logs.
public struct LinkStatistics: Sendable, Equatable {
    /// Frames (full or partial updates) written to the port.
    public var framesSent = 0
    /// Of those, full frames.
    public var fullFrames = 0
    /// Ticks whose frame was dropped because the line could not take it (newest frame wins).
    public var framesSkipped = 0
    /// Ticks on which nothing had changed, so nothing was sent.
    public var framesUnchanged = 0
    /// Bytes written to the port.
    public var bytesSent = 0
    /// Times the port was opened.
    public var connections = 0
    /// Error replies from the device.
    public var deviceErrors = 0
    /// Bytes from the device that did not frame as packets (each run up to a 0x00 counts once).
    public var garbage = 0
    /// Packets from the device that were too short or had a bad CRC.
    public var damagedPackets = 0
    /// Packets from the device of another protocol version or of a type a device does not send.
    public var unexpectedPackets = 0
    /// Info messages from the device that did not decode.
    public var badInfoMessages = 0
    /// Error messages from the device that did not decode.
    public var badErrorMessages = 0

    /// Frames an LED strip got dimmer than asked, to stay within its power budget.
    public var framesDimmed = 0

    /// Everything the device sent that was dropped, of every kind.
    public var badReplies: Int { garbage + damagedPackets + unexpectedPackets + badInfoMessages + badErrorMessages }

    /// The dropped replies for a status line: "" when there were none, else for example
    /// "7 bad replies from the panel (5 garbage, 2 damaged)".
    public var badRepliesSummary: String {
        guard badReplies > 0 else { return "" }
        let parts = [
            (garbage, "garbage"), (damagedPackets, "damaged"), (unexpectedPackets, "unexpected"),
            (badInfoMessages, "bad info"), (badErrorMessages, "bad error"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "\(badReplies) bad \(badReplies == 1 ? "reply" : "replies") from the panel ("
            + parts.joined(separator: ", ") + ")"
    }

    mutating func count(_ kind: DeviceReplyProblem) {
        switch kind {
        case .garbage: garbage += 1
        case .damaged: damagedPackets += 1
        case .unexpected: unexpectedPackets += 1
        case .badInfo: badInfoMessages += 1
        case .badError: badErrorMessages += 1
        }
    }
}

/// The serial link to the panel: opens the port (and reopens it forever when the device comes and goes),
/// says hello, streams frames as full frames or column/scroll updates, whichever costs fewer bytes, and skips
/// a frame rather than queue it when the line is busy. One instance per daemon; all calls from the event loop.
public final class PanelLink: FrameSink {
    /// Where the device is.
    public let address: DeviceAddress
    /// Line settings.
    public let settings: SerialSettings
    /// The panel as configured.
    public let geometry: PanelGeometry
    /// Counters.
    public private(set) var statistics = LinkStatistics()
    /// The connection state machine.
    public private(set) var machine: LinkMachine

    private let logger: Logger
    private var port: SerialPort?
    private var encoder: PacketEncoder
    private var planner: UpdatePlanner
    private var replies = DeviceReplyReader(capacity: 512)
    private var replyLog = ProblemLogLimiter<DeviceReplyProblem>()
    private var rejectionLog = ProblemLogLimiter<WireErrorCode>(firstLogged: 5)
    private var encodeLog = ProblemLogLimiter<WireError>(firstLogged: 1)
    private var output: PortOutput
    private var shown: [UInt8]
    private var sequence: UInt8 = 0
    private var brightness: UInt8 = 255
    private var brightnessSent: UInt8?
    private var lastFailure = ""
    private var readBuffer = [UInt8](repeating: 0, count: 512)
    /// A frame was skipped for want of room on the line, so the newest one must still go out.
    private var frameWaiting = false
    /// At least as many bytes as the line still holds: what it held when last asked, plus what was written since.

    /// A link to `address` for a panel of `geometry`; nothing is opened until the first `service`.
    public init(
        address: DeviceAddress, settings: SerialSettings, geometry: PanelGeometry, policy: LinkPolicy = LinkPolicy(),
        logger: Logger
    ) {
        self.address = address
        self.settings = settings
        self.geometry = geometry
        self.logger = logger
        self.machine = LinkMachine(policy: policy)
        self.encoder = PacketEncoder(reservingFor: geometry)
        self.planner = UpdatePlanner(geometry: geometry, canScroll: false)
        self.shown = [UInt8](repeating: 0, count: geometry.frameByteCount)
        output = PortOutput(capacity: geometry.fullFrameEncodedCount * 2 + 64)
    }

    /// The port's descriptor to poll for replies and hang-ups, or -1 while none is open.
    public var fileDescriptor: Int32 { port?.fileDescriptor ?? -1 }

    /// Whether the device is connected and streaming.
    public var isStreaming: Bool {
        if case .streaming = machine.state { return true }
        return false
    }

    /// A one-line description of the link for systemd's STATUS=.
    public var status: String {
        switch machine.state {
        case .waiting: return "waiting for \(address)"
        case .handshaking: return "connecting to \(port?.path ?? address.description)"
        case .streaming: return "connected to \(port?.path ?? address.description)"
        }
    }

    /// The instant the link next needs `service` though the picture has not changed: what the machine waits
    /// for (a retry, a hello, a keepalive full frame), or at once while bytes or a skipped frame are still
    /// waiting for room on the line.
    public var nextDeadline: Duration {
        if output.isPending || frameWaiting { return .zero }
        return inPlace { $0.nextDeadline }
    }

    /// Asks the machine in place. A non-mutating call on `machine` itself would first copy the whole machine
    /// out of this class, several times a frame.
    private func inPlace<T>(_ body: (inout LinkMachine) -> T) -> T { body(&machine) }

    /// Sets the brightness (0–255) the device should use; sent with the next frame when it changes.
    public func setBrightness(_ level: UInt8) {
        brightness = level
    }

    /// Does what the link needs at `now` with `frame` as the picture to show: open, hello, or send the frame.
    public func service(frame: Frame, at now: Duration) {
        service(pixels: frame.bytes, at: now)
    }

    /// Does what the link needs at `now` with `pixels` (the geometry's layout, `frameByteCount` bytes: a
    /// colour panel's packed colours) as the picture to show.
    public func service(pixels frame: [UInt8], at now: Duration) {
        guard flushOutput(at: now) else {
            if inPlace({ $0.isOpen }) {
                statistics.framesSkipped += 1
                frameWaiting = true
            }
            return
        }
        // This frame is the newest; whatever happens to it now, no older one is owed.
        frameWaiting = false
        switch inPlace({ $0.next(at: now) }) {
        case .idle:
            return
        case .open:
            open(at: now)
        case .hello:
            encoder.encodeHello(sequence: nextSequence())
            queueEncoded()
            machine.sentHello(at: now)
            _ = flushOutput(at: now)
        case .frame(let full):
            send(frame, full: full, at: now)
        }
    }

    private func open(at now: Duration) {
        do {
            let opened = try SerialPort.open(address, settings: settings)
            port = opened
            machine.opened(at: now)
            statistics.connections += 1
            replies.discard()
            brightnessSent = nil
            output.reset()
            lastFailure = ""
            logger.notice("panel connected on \(opened.logName) at \(settings.baudRate) baud")
        } catch {
            machine.openFailed(at: now)
            // Log each distinct failure once, not on every retry.
            if error.message != lastFailure {
                lastFailure = error.message
                logger.warning("panel not available: \(error.message); retrying")
            }
        }
    }

    private func send(_ frame: [UInt8], full requested: Bool, at now: Duration) {
        guard let port, frame.count == shown.count else { return }
        // Newest frame wins: when the line still holds more than a frame's worth, drop this one. The line holds
        // at most what it held when last asked plus what was written since, so it is asked (an ioctl) only when
        // that could be too much.
        let limit = max(geometry.fullFrameEncodedCount, settings.bytesPerSecond / 20)
        if output.lineHolds(moreThan: limit, on: port) {
            statistics.framesSkipped += 1
            frameWaiting = true
            return
        }
        output.clear()
        if brightnessSent != brightness {
            encoder.encodeBrightness(brightness, sequence: nextSequence())
            queueEncoded()
            brightnessSent = brightness
        }
        var full = requested
        let encoded = frame.withUnsafeBytes { next in
            shown.withUnsafeBytes { previous in
                let update = full ? FrameUpdate.full : planner.plan(from: previous, to: next)
                if case .full = update { full = true }
                return encode(update, of: next, at: now)
            }
        }
        guard encoded else {
            // Nothing went out, so the device shows what it showed: a full frame puts it right.
            output.clear()
            brightnessSent = nil
            machine.needFullFrame()
            return
        }
        if output.isEmpty {
            statistics.framesUnchanged += 1
            return
        }
        shown.overwrite(with: frame)
        statistics.framesSent += 1
        if full { statistics.fullFrames += 1 }
        machine.sentFrame(full: full, at: now)
        _ = flushOutput(at: now)
    }

    /// Queues the packets of `update`; false when one of them cannot be encoded (a column range or a frame
    /// that does not fit the geometry: the planner's fault, never the device's), which is logged.
    private func encode(_ update: FrameUpdate, of frame: UnsafeRawBufferPointer, at now: Duration) -> Bool {
        func columns(_ range: ColumnRange?) throws(WireError) {
            guard let range, range.count > 0 else { return }
            try encoder.encodeColumns(
                start: range.start, count: range.count, of: frame, geometry: geometry, sequence: nextSequence())
            queueEncoded()
        }
        do throws(WireError) {
            switch update {
            case .none:
                break
            case .full:
                try encoder.encodeFullFrame(frame, geometry: geometry, sequence: nextSequence())
                queueEncoded()
            case .columns(let first, let second):
                try columns(first)
                try columns(second)
            case .scroll(let range, let dx, let first, let second):
                try encoder.encodeScroll(
                    start: range.start, count: range.count, dx: dx, geometry: geometry, sequence: nextSequence())
                queueEncoded()
                try columns(first)
                try columns(second)
            }
            return true
        } catch {
            switch encodeLog.record(error, at: now) {
            case .quiet: break
            case .log: logger.error("cannot encode an update of the panel: \(error); dropped, a full frame follows")
            case .summary(let suppressed, _): logger.error("\(suppressed) more updates not encoded (\(error))")
            }
            return false
        }
    }

    /// Sends a blank packet and waits (up to `timeout`) for the line to drain: for shutting down.
    public func blankAndDrain(timeout: Duration) {
        guard let port, port.isOpen else { return }
        output.clear()
        encoder.encodeBlank(sequence: nextSequence())
        queueEncoded()
        let deadline = Clock.now + timeout
        while Clock.now < deadline {
            if flushOutput(at: Clock.now), port.outputWaiting == 0 { return }
            Clock.pause(milliseconds: 5)
        }
    }

    /// Blanks the panel for `.blank`; `.release` leaves the last picture (the firmware has nothing else to show).
    public func finish(_ action: Config.ExitAction, timeout: Duration) {
        if action == .blank { blankAndDrain(timeout: timeout) }
    }

    /// Reads and handles the device's replies; call when poll says the port is readable. Handles a hang-up
    /// (the read fails) by closing the port at once.
    public func readReplies(at now: Duration) {
        guard let port else { return }
        let count = readBuffer.withUnsafeMutableBytes { port.read(into: $0) }
        guard let count else {
            lose(at: now, reason: "read '\(port.path)' failed")
            return
        }
        for index in 0..<count {
            switch replies.push(readBuffer[index]) {
            case nil: continue
            case .message(let message)?: handle(message, at: now)
            case .problem(let kind, let error)?: report(kind, error, at: now)
            }
        }
    }

    // Whatever the device sends, the link goes on: a bad reply is dropped, counted and, rate-limited, logged.
    private func report(_ kind: DeviceReplyProblem, _ error: WireError, at now: Duration) {
        statistics.count(kind)
        switch replyLog.record(kind, at: now) {
        case .quiet:
            return
        case .log(let isLast):
            logger.warning(
                "bad reply from the panel (\(kind)): \(error); dropped"
                    + (isLast ? "; more of this kind are counted and summarised once a minute" : ""))
        case .summary(let suppressed, let since):
            let seconds = Int((now - since) / .seconds(1))
            logger.warning(
                "panel sent \(suppressed) more \(kind) in the last \(seconds) s (latest: \(error)); dropped")
        }
    }

    /// Closes the port for good (shutdown, or a reload that changed the device).
    public func close() {
        port?.close()
        port = nil
    }

    /// The port reported a hang-up or an error (POLLHUP/POLLERR): close it now.
    public func hangUp(at now: Duration) {
        lose(at: now, reason: "hang-up")
    }

    private func handle(_ message: DeviceMessage, at now: Duration) {
        switch message {
        case .info(let info, _):
            let wasStreaming = isStreaming
            machine.received(info, at: now)
            planner.canScroll = info.capabilities.contains(.scroll)
            if !wasStreaming {
                let g = info.geometry
                logger.notice(
                    "panel '\(info.firmwareName)' is \(g.width)×\(g.height) at \(g.bitsPerPixel) bit(s) per pixel, "
                        + "up to \(info.maxFramesPerSecond) fps\(planner.canScroll ? ", can scroll" : "")")
                if g != geometry {
                    let depth = PanelDepth(wireBits: g.bitsPerPixel)?.name ?? String(g.bitsPerPixel)
                    logger.error(
                        "the panel is \(g.width)×\(g.height) at \(g.bitsPerPixel) bit(s) per pixel, but tickerd is set "
                            + "up for \(geometry.width)×\(geometry.height) at \(geometry.bitsPerPixel): the panel "
                            + "refuses every frame; set [panel] width = \(g.width), height = \(g.height), depth = "
                            + "\(depth) (or start tickerd with --size \(g.width)x\(g.height) --depth \(depth))")
                }
            }
        case .error(let report):
            statistics.deviceErrors += 1
            func rejection() -> String {
                "packet \(report.rejectedSequence) (type \(hexByte(report.rejectedType.rawValue))): \(report.code.name)"
            }
            // The first five of each reason, then one summary a minute: a device may reject at line rate.
            switch rejectionLog.record(report.code, at: now) {
            case .quiet:
                break
            case .log(let isLast):
                logger.warning(
                    "panel rejected \(rejection())"
                        + (isLast ? "; more rejections for this reason are counted and summarised once a minute" : ""))
            case .summary(let suppressed, let since):
                logger.warning(
                    "panel rejected \(suppressed) more packets (\(report.code.name)) in the last "
                        + "\(Int((now - since) / .seconds(1))) s (latest: \(rejection()))")
            }
            machine.needFullFrame()
        }
    }

    private func lose(at now: Duration, reason: String) {
        guard let port else { return }
        let path = port.path
        // Close at once: a descriptor still held pins the old device node, and a replugged board would come
        // back under another name.
        port.close()
        self.port = nil
        machine.lost(at: now)
        frameWaiting = false
        planner.canScroll = false
        output.clear()
        logger.warning("panel disconnected from \(path) (\(reason)); waiting for it to return")
    }

    private func queueEncoded() {
        encoder.withEncoded { bytes in output.append(contentsOf: bytes) }
    }

    /// Writes what is queued; false while some of it is still waiting for room on the line.
    private func flushOutput(at now: Duration) -> Bool {
        switch output.flush(to: port, counting: &statistics) {
        case .done: return true
        case .pending: return false
        case .failed(let reason):
            lose(at: now, reason: reason)
            return true
        }
    }

    private func nextSequence() -> UInt8 {
        sequence &+= 1
        return sequence
    }
}
