import TickerCore
import TickerWire

/// The sink for a panel of tickerd's own protocol: opens the port (and reopens it forever when the device
/// comes and goes), says hello, streams the picture as full frames or column/scroll updates, whichever costs
/// fewer bytes (a colour panel's wire pixels packed here from the picture's colours), and skips a frame rather
/// than queue it when the line is busy. One instance per daemon; all calls from the event loop.
package final class PanelLink: SerialLineSink {
    /// The panel as configured.
    package let geometry: PanelGeometry
    /// The connection state machine.
    package internal(set) var machine: LinkMachine

    let line: SerialLine
    private let logger: Logger
    private var encoder: PacketEncoder
    private var planner: UpdatePlanner
    private var replies = DeviceReplyReader(capacity: 512)
    private var replyLog = ProblemLogLimiter<DeviceReplyProblem>()
    private var rejectionLog = ProblemLogLimiter<WireErrorCode>(firstLogged: 5)
    private var encodeLog = ProblemLogLimiter<WireError>(firstLogged: 1)
    private var shown: [UInt8]
    /// A colour picture's wire pixels, in the geometry's layout; empty on a grey panel.
    private var wirePixels: [UInt8] = []
    private var sequence: UInt8 = 0
    private var brightness: UInt8 = 255
    private var brightnessSent: UInt8?
    private var readBuffer = [UInt8](repeating: 0, count: 512)

    /// A link to `address` for a panel of `geometry`; nothing is opened until the first `service`.
    package init(
        address: DeviceAddress, settings: SerialSettings, geometry: PanelGeometry, policy: LinkPolicy = LinkPolicy(),
        logger: Logger
    ) {
        self.geometry = geometry
        self.logger = logger
        line = SerialLine(
            address: address, settings: settings, deviceName: "panel",
            capacity: geometry.fullFrameEncodedCount * 2 + 64, logger: logger)
        machine = LinkMachine(policy: policy)
        encoder = PacketEncoder(reservingFor: geometry)
        planner = UpdatePlanner(geometry: geometry, canScroll: false)
        shown = [UInt8](repeating: 0, count: geometry.frameByteCount)
    }

    /// Whether the device is connected and streaming.
    package var isStreaming: Bool { machine.isStreaming }

    /// A one-line description of the link for systemd's STATUS=.
    package var status: String {
        switch machine.state {
        case .waiting: return "waiting for \(line.address)"
        case .handshaking: return "connecting to \(line.name)"
        case .streaming: return "connected to \(line.name)"
        }
    }

    /// Sets the brightness (0–255) the device should use; sent with the next frame when it changes.
    package func setBrightness(_ level: UInt8) {
        brightness = level
    }

    /// Warns when a full frame on every frame of the grid cannot fit the line rate.
    package func startupWarnings(framesPerSecond: Int) -> [String] {
        let frameBytes = geometry.fullFrameEncodedCount
        let what =
            "a full \(geometry.width)×\(geometry.height)×\(geometry.bitsPerPixel) frame is \(frameBytes) bytes on the wire"
        let warning = line.lineRateWarning(
            what: what, frameBytes: frameBytes, baudRate: line.settings.baudRate, framesPerSecond: framesPerSecond)
        return warning.map { [$0] } ?? []
    }

    /// Does what the link needs at `now` with `picture` to show: open, hello, or send the frame (a grey
    /// picture's levels, or a colour picture's colours packed for the wire).
    package func service(_ picture: Picture, at now: Duration) {
        guard line.readyForPicture(at: now, &machine) else { return }
        switch machine.next(at: now) {
        case .idle: return
        case .open: open(at: now)
        case .hello:
            encoder.encodeHello(sequence: nextSequence())
            queueEncoded()
            machine.sentHello(at: now)
            line.flush(at: now, &machine)
        case .frame(let full) where picture.isColor:
            if wirePixels.count != geometry.frameByteCount {
                wirePixels = [UInt8](repeating: 0, count: geometry.frameByteCount)
            }
            picture.colors.pack(into: &wirePixels, layout: geometry.layout)
            send(wirePixels, full: full, at: now)
        case .frame(let full):
            send(picture.frame.bytes, full: full, at: now)
        }
    }

    private func open(at now: Duration) {
        guard let opened = line.open(at: now, &machine) else { return }
        replies.discard()
        brightnessSent = nil
        planner.canScroll = false
        logger.notice("panel connected on \(opened.logName) at \(line.settings.baudRate) baud")
    }

    private func send(_ frame: [UInt8], full requested: Bool, at now: Duration) {
        guard line.port != nil, frame.count == shown.count else { return }
        // Newest frame wins: when the line still holds more than a frame's worth, drop this one.
        if line.isFull(beyond: max(geometry.fullFrameEncodedCount, line.settings.bytesPerSecond / 20)) { return }
        line.output.clear()
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
            line.output.clear()
            brightnessSent = nil
            machine.needFullFrame()
            return
        }
        if line.output.isEmpty {
            line.statistics.framesUnchanged += 1
            return
        }
        shown.overwrite(with: frame)
        line.statistics.framesSent += 1
        if full { line.statistics.fullFrames += 1 }
        machine.sentFrame(full: full, at: now)
        line.flush(at: now, &machine)
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
            let message = encodeLog.message(
                for: error, at: now,
                single: { _ in "cannot encode an update of the panel: \(error); dropped, a full frame follows" },
                summary: { suppressed, _ in "\(suppressed) more updates not encoded (\(error))" })
            if let message { logger.error(message) }
            return false
        }
    }

    /// Sends a blank packet and waits (up to `timeout`) for the line to drain: for shutting down.
    package func blankAndDrain(timeout: Duration) {
        guard line.port?.isOpen == true else { return }
        line.output.clear()
        encoder.encodeBlank(sequence: nextSequence())
        queueEncoded()
        line.drain(timeout: timeout, &machine)
    }

    /// Blanks the panel for `.blank`; `.release` leaves the last picture (the firmware has nothing else to show).
    package func finish(_ action: Config.ExitAction, timeout: Duration) {
        if action == .blank { blankAndDrain(timeout: timeout) }
    }

    /// Reads and handles the device's replies; call when poll says the port is readable. Handles a hang-up
    /// (the read fails) by closing the port at once.
    package func readReplies(at now: Duration) {
        let count = line.read(into: &readBuffer, at: now, &machine)
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
        line.statistics.count(kind)
        let message = replyLog.message(
            for: kind, at: now,
            single: { isLast in
                "bad reply from the panel (\(kind)): \(error); dropped"
                    + (isLast ? "; more of this kind are counted and summarised once a minute" : "")
            },
            summary: { suppressed, seconds in
                "panel sent \(suppressed) more \(kind) in the last \(seconds) s (latest: \(error)); dropped"
            })
        if let message { logger.warning(message) }
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
            line.statistics.deviceErrors += 1
            func rejection() -> String {
                "packet \(report.rejectedSequence) (type \(hexByte(report.rejectedType.rawValue))): \(report.code.name)"
            }
            // The first five of each reason, then one summary a minute: a device may reject at line rate.
            let message = rejectionLog.message(
                for: report.code, at: now,
                single: { isLast in
                    "panel rejected \(rejection())"
                        + (isLast ? "; more rejections for this reason are counted and summarised once a minute" : "")
                },
                summary: { suppressed, seconds in
                    "panel rejected \(suppressed) more packets (\(report.code.name)) in the last \(seconds) s "
                        + "(latest: \(rejection()))"
                })
            if let message { logger.warning(message) }
            machine.needFullFrame()
        }
    }

    private func queueEncoded() {
        encoder.withEncoded { bytes in line.output.append(contentsOf: bytes) }
    }

    private func nextSequence() -> UInt8 {
        sequence &+= 1
        return sequence
    }
}
