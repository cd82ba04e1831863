import TickerCore

/// The sink for an LED controller speaking Adalight or TPM2 (WLED, an Adalight sketch): opens the port (and
/// reopens it forever when the device comes and goes), asks WLED to switch to a faster rate and what it is,
/// then streams whole frames of the picture (a grey one in white light) through the wiring map, gamma and
/// power budget, at least one a second, and skips a frame rather than queue it when the line is busy. All
/// calls from the event loop.
package final class StripLink: SerialLineSink {
    /// The rate WLED is asked to switch to after each connect, or nil.
    package let switchBaud: Int?
    /// The connection state machine.
    package internal(set) var machine: StripLinkMachine
    /// What WLED said about itself on this connection, if it did.
    package private(set) var info: WLEDInfo?
    /// The protocol of the frames.
    package let stripProtocol: StripProtocol

    let line: SerialLine
    private let logger: Logger
    private var encoder: StripEncoder
    private var replies = StripReplyReader()
    /// A grey picture in white light; 0 × 0 until one comes.
    private var whiteLight = RGBFrame(width: 0, height: 0)
    private var brightness: UInt8 = 255
    private var readBuffer = [UInt8](repeating: 0, count: 1_024)
    private var rate: Int
    private var otherLines = 0

    /// A link to `address` sending `stripProtocol` frames for `strip`; nothing is opened until `service`.
    package init(
        address: DeviceAddress, settings: SerialSettings, stripProtocol: StripProtocol, strip: StripSettings,
        switchBaud: Int?, policy: StripLinkPolicy = StripLinkPolicy(), logger: Logger
    ) {
        self.switchBaud = switchBaud == settings.baudRate ? nil : switchBaud
        self.logger = logger
        self.stripProtocol = stripProtocol
        encoder = StripEncoder(stripProtocol: stripProtocol, settings: strip)
        line = SerialLine(
            address: address, settings: settings, deviceName: "LED controller",
            capacity: encoder.frameByteCount + 64, logger: logger)
        machine = StripLinkMachine(policy: policy, switchesBaud: self.switchBaud != nil)
        rate = settings.baudRate
    }

    /// Bytes of every frame on the wire.
    package var frameByteCount: Int { encoder.frameByteCount }

    /// The estimated current of the last frame sent, in milliamperes.
    package var lastMilliamps: Int { encoder.lastMilliamps }

    /// Whether the device is connected and streaming.
    package var isStreaming: Bool { machine.isStreaming }

    /// A one-line description of the link for systemd's STATUS=.
    package var status: String {
        switch machine.state {
        case .waiting: return "waiting for \(line.address)"
        case .switching: return "switching \(line.name) to \(switchBaud ?? rate) baud"
        case .streaming:
            return "streaming \(stripProtocol.rawValue) to \(line.name) at \(rate) baud"
                + (statistics.framesDimmed > 0 ? ", \(statistics.framesDimmed) frames dimmed to the power budget" : "")
        }
    }

    /// Sets the brightness (0–255) of the next frames: the strip's scale, within the power budget.
    package func setBrightness(_ level: UInt8) {
        brightness = level
    }

    /// Warns when WLED would misread the frames, and when a whole frame on every frame of the grid cannot fit
    /// the line rate (after the baud switch).
    package func startupWarnings(framesPerSecond: Int) -> [String] {
        let layout = encoder.settings.layout
        let name = stripProtocol.rawValue
        var warnings: [String] = []
        if stripProtocol == .tpm2, !WLEDCommand.readsTPM2Whole(leds: layout.count) {
            warnings.append(
                "WLED reads a TPM2 frame of \(layout.count) LEDs as one LED short "
                    + "(it divides the length bytes by 3 separately); with WLED use protocol = adalight")
        }
        let what =
            "a whole \(name) frame of \(layout.width)×\(layout.height) LEDs is \(frameByteCount) bytes "
            + "(3 per LED and the header; this protocol has no partial updates)"
        if let warning = line.lineRateWarning(
            what: what, frameBytes: frameByteCount, baudRate: switchBaud ?? line.settings.baudRate,
            framesPerSecond: framesPerSecond)
        {
            warnings.append(warning)
        }
        return warnings
    }

    /// Does what the link needs at `now` with `picture` to show: open, switch, or send it whole (a grey
    /// picture in white light).
    package func service(_ picture: Picture, at now: Duration) {
        guard line.readyForPicture(at: now, &machine) else { return }
        switch machine.next(at: now) {
        case .idle:
            return
        case .open:
            open(at: now)
            // Start at once: a controller that resets on open loses this frame, and the next comes within a
            // second.
            if machine.next(at: now) == .frame { send(picture, at: now) }
            if machine.next(at: now) == .switchBaud { askToSwitch(at: now) }
        case .switchBaud:
            askToSwitch(at: now)
        case .followSwitch:
            follow(confirmed: nil, at: now)
        case .frame:
            send(picture, at: now)
        }
    }

    private func open(at now: Duration) {
        guard let opened = line.open(at: now, &machine) else { return }
        rate = line.settings.baudRate
        info = nil
        replies.discard()
        logger.notice(
            "LED controller connected on \(opened.logName) at \(line.settings.baudRate) baud, "
                + "\(encoder.count) LEDs over \(stripProtocol.rawValue)")
        line.output.append(contentsOf: WLEDCommand.askInfo)
        line.flush(at: now, &machine)
    }

    private func askToSwitch(at now: Duration) {
        guard let switchBaud, let byte = WLEDCommand.switchByte(baud: switchBaud) else {
            machine.switched()
            return
        }
        line.output.append(contentsOf: [byte])
        line.flush(at: now, &machine)
        machine.sentSwitch(at: now)
        logger.info("asked the LED controller to switch to \(switchBaud) baud")
    }

    private func follow(confirmed: Int?, at now: Duration) {
        guard let port = line.port, let switchBaud else { return }
        let target = confirmed ?? switchBaud
        do {
            try port.setBaudRate(target)
            rate = target
            logger.notice(
                confirmed != nil
                    ? "LED controller switched to \(target) baud"
                    : "LED controller did not confirm the switch to \(target) baud within "
                        + "\(machine.policy.switchTimeout); following anyway (not WLED? set [leds] switch-baud = 0)")
        } catch {
            logger.warning("\(error.message); staying at \(rate) baud")
        }
        machine.switched()
        line.output.append(contentsOf: WLEDCommand.askInfo)
        line.flush(at: now, &machine)
    }

    private func send(_ picture: Picture, at now: Duration) {
        guard line.port != nil else { return }
        // Newest frame wins: when the line still holds more than a frame's worth, drop this one.
        if line.isFull(beyond: max(encoder.frameByteCount, rate / 10 / 20)) { return }
        picture.withColors(whiteLight: &whiteLight) { colors in
            encoder.encode(colors, brightness: brightness) { bytes in line.output.append(contentsOf: bytes) }
        }
        if encoder.lastLimited { line.statistics.framesDimmed += 1 }
        line.statistics.framesSent += 1
        line.statistics.fullFrames += 1
        machine.sentFrame(at: now)
        line.flush(at: now, &machine)
    }

    /// Reads and handles the controller's replies; call when poll says the port is readable. Handles a
    /// hang-up (the read fails) by closing the port at once.
    package func readReplies(at now: Duration) {
        let count = line.read(into: &readBuffer, at: now, &machine)
        for index in 0..<count {
            guard let reply = replies.push(readBuffer[index]) else { continue }
            handle(reply, at: now)
        }
    }

    private func handle(_ reply: StripReply, at now: Duration) {
        switch reply {
        case .info(let info):
            let first = self.info == nil
            self.info = info
            if first { check(info) }
        case .baud(let confirmed):
            if case .switching(sentAt: _?) = machine.state { follow(confirmed: confirmed, at: now) }
        case .greeting:
            logger.info("LED controller says 'Ada' (an Adalight sketch that has just reset)")
        case .badInfo(let error):
            line.statistics.count(.badInfo)
            logger.warning("LED controller's JSON reply not read: \(error)")
        case .overlong:
            line.statistics.count(.garbage)
        case .other(let text):
            line.statistics.count(.garbage)
            otherLines += 1
            // A controller may print debug output at line rate: the first few lines, then silence.
            if otherLines <= 5 { logger.info("LED controller says '\(text)'") }
        }
    }

    /// Compares what WLED said with the configuration and warns where they disagree.
    private func check(_ info: WLEDInfo) {
        let layout = encoder.settings.layout
        var about = "WLED"
        if let name = info.name { about += " '\(name)'" }
        if let version = info.version { about += " \(version)" }
        if let count = info.ledCount { about += ": \(count) LEDs" }
        if let width = info.matrixWidth, let height = info.matrixHeight { about += ", a \(width)×\(height) matrix" }
        logger.notice(about)
        if let count = info.ledCount, count != layout.count {
            logger.warning(
                "WLED has \(count) LEDs but the panel is \(layout.width)×\(layout.height) = \(layout.count): "
                    + "set the LED count in WLED's LED preferences, or [panel] width and height, to match")
        }
        if let width = info.matrixWidth, let height = info.matrixHeight,
            width != layout.width || height != layout.height
        {
            logger.warning(
                "WLED's matrix is \(width)×\(height) but the panel is \(layout.width)×\(layout.height): "
                    + "set WLED's 2D configuration, or [panel] width and height, to match")
        }
    }

    /// Leaves the LEDs dark for `.blank`, or hands them back to WLED's own effects for `.release`, and waits
    /// up to `timeout` for the line to drain.
    package func finish(_ action: Config.ExitAction, timeout: Duration) {
        guard line.port?.isOpen == true, isStreaming else { return }
        line.output.clear()
        switch action {
        case .blank: encoder.encodeBlank { bytes in line.output.append(contentsOf: bytes) }
        case .release: line.output.append(contentsOf: WLEDCommand.release)
        }
        line.drain(timeout: timeout, &machine)
    }
}
