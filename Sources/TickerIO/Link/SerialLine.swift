import TickerCore

/// A serial sink's port, and all that every serial sink does with it alike: opens it and closes it at once when
/// the device goes (telling the sink's machine, and logging a failure to open once per cause), queues and
/// writes bytes, skips a picture rather than queue it while the line is busy, reads replies, and drains the
/// line when the daemon exits. The log lines name the device as `deviceName`. All calls from the event loop.
final class SerialLine {
    /// Where the device is.
    let address: DeviceAddress
    /// Line settings at connection.
    let settings: SerialSettings
    /// The device in log lines: "panel", "LED controller".
    let deviceName: String
    /// Counters.
    var statistics = LinkStatistics()
    /// What is queued for the port.
    var output: PortOutput
    /// The open port, if any.
    private(set) var port: SerialPort?
    /// A picture was skipped for want of room on the line, so the newest one must still go out.
    private var pictureWaiting = false
    private let logger: Logger

    /// A line to `address`, with room in its queue for `capacity` bytes; nothing is opened yet.
    init(address: DeviceAddress, settings: SerialSettings, deviceName: String, capacity: Int, logger: Logger) {
        self.address = address
        self.settings = settings
        self.deviceName = deviceName
        self.logger = logger
        output = PortOutput(capacity: capacity)
    }

    /// The port's descriptor to poll for replies and hang-ups, or -1 while none is open.
    var fileDescriptor: Int32 { port?.fileDescriptor ?? -1 }

    /// The port's path while one is open, else the address: for the status line.
    var name: String { port?.path ?? address.description }

    /// Whether bytes or a skipped picture still wait for room on the line: the sink then needs service at once.
    var isBusy: Bool { output.isPending || pictureWaiting }

    /// Opens the port at `now` and tells `machine`; a failure is logged when it is news. Returns the port.
    func open(at now: Duration, _ machine: inout some PortLifecycle) -> SerialPort? {
        do {
            let opened = try SerialPort.open(address, settings: settings)
            port = opened
            machine.opened(at: now)
            statistics.connections += 1
            output.reset()
            return opened
        } catch {
            if machine.openFailed(at: now, because: error.message) {
                logger.warning("\(deviceName) not available: \(error.message); retrying")
            }
            return nil
        }
    }

    /// Writes what is still queued before a new picture goes out at `now`: true when the line is free for it;
    /// false while the last bytes still wait for room, and the picture is skipped (and owed).
    func readyForPicture(at now: Duration, _ machine: inout some PortLifecycle) -> Bool {
        guard flush(at: now, &machine) else {
            if machine.isOpen { skipPicture() }
            return false
        }
        // This picture is the newest; whatever happens to it now, no older one is owed.
        pictureWaiting = false
        return true
    }

    /// Whether the line still holds more than `limit` bytes, and the picture must be skipped (and is counted
    /// as such): newest frame wins. The line holds at most what it held when last asked plus what was written
    /// since, so it is asked (an ioctl) only when that could be too much.
    func isFull(beyond limit: Int) -> Bool {
        guard let port, output.lineHolds(moreThan: limit, on: port) else { return false }
        skipPicture()
        return true
    }

    private func skipPicture() {
        statistics.framesSkipped += 1
        pictureWaiting = true
    }

    /// Writes what is queued; false while some of it is still waiting for room on the line. A failed write
    /// loses the device.
    @discardableResult
    func flush(at now: Duration, _ machine: inout some PortLifecycle) -> Bool {
        switch output.flush(to: port, counting: &statistics) {
        case .done: return true
        case .pending: return false
        case .failed(let reason):
            lose(at: now, reason: reason, &machine)
            return true
        }
    }

    /// Reads what the device sent into `buffer`: the count of bytes read, 0 without a port. A failed read
    /// loses the device.
    func read(into buffer: inout [UInt8], at now: Duration, _ machine: inout some PortLifecycle) -> Int {
        guard let port else { return 0 }
        guard let count = buffer.withUnsafeMutableBytes({ port.read(into: $0) }) else {
            lose(at: now, reason: "read '\(port.path)' failed", &machine)
            return 0
        }
        return count
    }

    /// Writes what is queued and waits (up to `timeout`) for the line to drain: for shutting down.
    func drain(timeout: Duration, _ machine: inout some PortLifecycle) {
        guard let port else { return }
        let deadline = Clock.now + timeout
        while Clock.now < deadline {
            if flush(at: Clock.now, &machine), port.outputWaiting == 0 || self.port == nil { return }
            Clock.pause(milliseconds: 5)
        }
    }

    /// The device went away at `now` (a hang-up, a failed read or write): closes the port at once and tells
    /// `machine`.
    func lose(at now: Duration, reason: String, _ machine: inout some PortLifecycle) {
        guard let port else { return }
        let path = port.path
        // Close at once: a descriptor still held pins the old device node, and a replugged board would come
        // back under another name.
        port.close()
        self.port = nil
        machine.lost(at: now)
        pictureWaiting = false
        output.clear()
        logger.warning("\(deviceName) disconnected from \(path) (\(reason)); waiting for it to return")
    }

    /// Closes the port for good (shutdown, or a reload that changed the device).
    func close() {
        port?.close()
        port = nil
    }

    /// The warning to give at start-up when a frame of `frameBytes` (described by `what`) on every frame of
    /// the grid at `framesPerSecond` cannot fit the line at `baudRate`, saying what would; nil when it fits.
    func lineRateWarning(what: String, frameBytes: Int, baudRate: Int, framesPerSecond fps: Int) -> String? {
        var serial = settings
        serial.baudRate = baudRate
        let perSecond = serial.bytesPerSecond
        let needed = frameBytes * fps
        guard needed > perSecond else { return nil }
        let fits = max(perSecond / max(frameBytes, 1), 0)
        // Below one frame per second, how long one frame takes says more than "0 fps".
        let fitting =
            fits >= 1
            ? "full frames fit at \(fits) fps"
            : "one full frame takes \(frameBytes * 1_000 / max(perSecond, 1)) ms"
        let baudNeeded = needed * serial.bitsPerByte
        return "\(what); at \(fps) fps that is \(needed) bytes/s, more than the "
            + "\(perSecond) bytes/s \(baudRate) baud carries. Only frames that change little fit; "
            + "\(fitting), or at \(fps) fps from \(baudNeeded) baud"
    }
}
