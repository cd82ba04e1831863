import TickerCore

/// The serial link to an LED controller speaking Adalight or TPM2 (WLED, an Adalight sketch): opens the port
/// (and reopens it forever when the device comes and goes), asks WLED to switch to a faster rate and what it
/// is, then streams whole frames through the wiring map, gamma and power budget, at least one a second, and
/// skips a frame rather than queue it when the line is busy. All calls from the event loop.
public final class StripLink: FrameSink {
    /// Where the device is.
    public let address: DeviceAddress
    /// Line settings at connection (before any baud switch).
    public let settings: SerialSettings
    /// The rate WLED is asked to switch to after each connect, or nil.
    public let switchBaud: Int?
    /// Counters.
    public private(set) var statistics = LinkStatistics()
    /// The connection state machine.
    public private(set) var machine: StripLinkMachine
    /// What WLED said about itself on this connection, if it did.
    public private(set) var info: WLEDInfo?

    private let logger: Logger
    private var port: SerialPort?
    private var encoder: StripEncoder
    private var replies = StripReplyReader()
    private var output: PortOutput
    private var brightness: UInt8 = 255
    private var lastFailure = ""
    private var readBuffer = [UInt8](repeating: 0, count: 1_024)
    private var frameWaiting = false
    private var rate: Int
    private var otherLines = 0

    /// A link to `address` sending `stripProtocol` frames for `strip`; nothing is opened until `service`.
    public init(
        address: DeviceAddress, settings: SerialSettings, stripProtocol: StripProtocol, strip: StripSettings,
        switchBaud: Int?, policy: StripLinkPolicy = StripLinkPolicy(), logger: Logger
    ) {
        self.address = address
        self.settings = settings
        self.switchBaud = switchBaud == settings.baudRate ? nil : switchBaud
        self.logger = logger
        encoder = StripEncoder(stripProtocol: stripProtocol, settings: strip)
        machine = StripLinkMachine(policy: policy, switchesBaud: self.switchBaud != nil)
        rate = settings.baudRate
        output = PortOutput(capacity: encoder.frameByteCount + 64)
    }

    /// Bytes of every frame on the wire.
    public var frameByteCount: Int { encoder.frameByteCount }

    /// The estimated current of the last frame sent, in milliamperes.
    public var lastMilliamps: Int { encoder.lastMilliamps }

    public var fileDescriptor: Int32 { port?.fileDescriptor ?? -1 }

    public var isStreaming: Bool {
        if case .streaming = machine.state { return true }
        return false
    }

    public var status: String {
        switch machine.state {
        case .waiting: return "waiting for \(address)"
        case .switching: return "switching \(port?.path ?? address.description) to \(switchBaud ?? rate) baud"
        case .streaming:
            return "streaming \(encoder.stripProtocol.rawValue) to \(port?.path ?? address.description) at \(rate) baud"
                + (statistics.framesDimmed > 0 ? ", \(statistics.framesDimmed) frames dimmed to the power budget" : "")
        }
    }

    public var nextDeadline: Duration {
        if output.isPending || frameWaiting { return .zero }
        return machine.nextDeadline
    }

    public func setBrightness(_ level: UInt8) {
        brightness = level
    }

    /// Does what the link needs at `now` with `frame` as the picture to show: open, switch, or send it whole.
    public func service(frame: RGBFrame, at now: Duration) {
        guard flushOutput(at: now) else {
            if machine.isOpen {
                statistics.framesSkipped += 1
                frameWaiting = true
            }
            return
        }
        frameWaiting = false
        switch machine.next(at: now) {
        case .idle:
            return
        case .open:
            open(at: now)
            // Start at once: a controller that resets on open loses this frame, and the next comes within a
            // second.
            if machine.next(at: now) == .frame { send(frame, at: now) }
            if machine.next(at: now) == .switchBaud { askToSwitch(at: now) }
        case .switchBaud:
            askToSwitch(at: now)
        case .followSwitch:
            follow(confirmed: nil, at: now)
        case .frame:
            send(frame, at: now)
        }
    }

    private func open(at now: Duration) {
        do {
            let opened = try SerialPort.open(address, settings: settings)
            port = opened
            rate = settings.baudRate
            info = nil
            machine.opened(at: now)
            statistics.connections += 1
            replies.discard()
            output.reset()
            lastFailure = ""
            logger.notice(
                "LED controller connected on \(opened.logName) at \(settings.baudRate) baud, "
                    + "\(encoder.count) LEDs over \(encoder.stripProtocol.rawValue)")
            output.append(contentsOf: WLEDCommand.askInfo)
            _ = flushOutput(at: now)
        } catch {
            machine.openFailed(at: now)
            if error.message != lastFailure {
                lastFailure = error.message
                logger.warning("LED controller not available: \(error.message); retrying")
            }
        }
    }

    private func askToSwitch(at now: Duration) {
        guard let switchBaud, let byte = WLEDCommand.switchByte(baud: switchBaud) else {
            machine.switched()
            return
        }
        output.append(contentsOf: [byte])
        _ = flushOutput(at: now)
        machine.sentSwitch(at: now)
        logger.info("asked the LED controller to switch to \(switchBaud) baud")
    }

    private func follow(confirmed: Int?, at now: Duration) {
        guard let port, let switchBaud else { return }
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
        output.append(contentsOf: WLEDCommand.askInfo)
        _ = flushOutput(at: now)
    }

    private func send(_ frame: RGBFrame, at now: Duration) {
        guard let port else { return }
        // Newest frame wins: when the line still holds more than a frame's worth, drop this one.
        let limit = max(encoder.frameByteCount, rate / 10 / 20)
        if output.lineHolds(moreThan: limit, on: port) {
            statistics.framesSkipped += 1
            frameWaiting = true
            return
        }
        encoder.encode(frame, brightness: brightness) { bytes in output.append(contentsOf: bytes) }
        if encoder.lastLimited { statistics.framesDimmed += 1 }
        statistics.framesSent += 1
        statistics.fullFrames += 1
        machine.sentFrame(at: now)
        _ = flushOutput(at: now)
    }

    public func readReplies(at now: Duration) {
        guard let port else { return }
        let count = readBuffer.withUnsafeMutableBytes { port.read(into: $0) }
        guard let count else {
            lose(at: now, reason: "read '\(port.path)' failed")
            return
        }
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
            statistics.badInfoMessages += 1
            logger.warning("LED controller's JSON reply not read: \(error)")
        case .overlong:
            statistics.garbage += 1
        case .other(let text):
            statistics.garbage += 1
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

    public func hangUp(at now: Duration) {
        lose(at: now, reason: "hang-up")
    }

    public func finish(_ action: Config.ExitAction, timeout: Duration) {
        guard let port, port.isOpen, isStreaming else { return }
        output.clear()
        switch action {
        case .blank: encoder.encodeBlank { bytes in output.append(contentsOf: bytes) }
        case .release: output.append(contentsOf: WLEDCommand.release)
        }
        let deadline = Clock.now + timeout
        while Clock.now < deadline {
            if flushOutput(at: Clock.now), port.outputWaiting == 0 { return }
            Clock.pause(milliseconds: 5)
        }
    }

    public func close() {
        port?.close()
        port = nil
    }

    private func lose(at now: Duration, reason: String) {
        guard let port else { return }
        let path = port.path
        port.close()
        self.port = nil
        machine.lost(at: now)
        frameWaiting = false
        output.clear()
        logger.warning("LED controller disconnected from \(path) (\(reason)); waiting for it to return")
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
}
