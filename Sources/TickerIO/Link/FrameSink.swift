import TickerCore

/// A device the daemon shows its pictures on, whatever it speaks: `PanelLink` (tickerd's protocol),
/// `StripLink` (Adalight, TPM2), `NetworkLink` (DDP, Art-Net, E1.31) or `MAX7219Link` (MAX7219 chips on SPI). It takes the picture (grey, or with colours) and owns everything after it:
/// the bytes for its kind of device, their pacing, the keepalive, the port's life and the release at exit. The
/// loop knows only this; `Sinks.make` picks the kind from the settings. A new kind of device is a new type
/// that conforms.
package protocol FrameSink: AnyObject {
    /// The descriptor to poll for replies and hang-ups, or -1 while none is open.
    var fileDescriptor: Int32 { get }
    /// The instant the sink next needs servicing though the picture has not changed.
    var nextDeadline: Duration { get }
    /// Whether the device is connected and streaming.
    var isStreaming: Bool { get }
    /// A one-line description for systemd's STATUS=.
    var status: String { get }
    /// Counters.
    var statistics: LinkStatistics { get }
    /// Sets the brightness (0–255) of the next frames.
    func setBrightness(_ level: UInt8)
    /// Does what the sink needs at `now` with `picture` as what to show: connect, keep the device in step, or
    /// turn the picture into its device's bytes and send them.
    func service(_ picture: Picture, at now: Duration)
    /// Reads what the device sent; call when poll says the descriptor is readable.
    func readReplies(at now: Duration)
    /// The descriptor reported a hang-up or an error: close it now.
    func hangUp(at now: Duration)
    /// Leaves the device as `action` says (a dark picture, or handed back to its own effects) and waits up to
    /// `timeout` for the line to drain: for shutting down.
    func finish(_ action: Config.ExitAction, timeout: Duration)
    /// Closes the port for good.
    func close()
    /// What to warn about at start-up when running at `framesPerSecond`: a frame rate the line cannot carry
    /// (the sink knows its frame bytes and its line rate), a device known to misread the frames. One log line
    /// each; empty when all is well.
    func startupWarnings(framesPerSecond: Int) -> [String]
}

/// Where the daemon gets its sink.
package enum Sinks {
    /// The sink `settings` ask for, talking to their device and logging to `logger`; nil without a device.
    package static func make(for settings: Settings, logger: Logger) -> (any FrameSink)? {
        guard let device = settings.device else { return nil }
        let config = settings.config
        if let network = device.network { return makeNetwork(network, config: config, logger: logger) }
        if let spi = device.spi {
            return MAX7219Link(
                path: spi, layout: config.max7219.layout(width: config.panel.width, height: config.panel.height),
                speedHz: config.max7219.spiSpeed, reinitialiseEvery: config.max7219.reinitialise, logger: logger)
        }
        if let strip = config.device.deviceProtocol.strip {
            return StripLink(
                address: device, settings: settings.serial, stripProtocol: strip,
                strip: config.leds.strip(width: config.panel.width, height: config.panel.height),
                switchBaud: config.leds.switchBaud == 0 ? nil : config.leds.switchBaud, logger: logger)
        }
        var policy = LinkPolicy()
        policy.helloTimeout = config.device.helloTimeout
        return PanelLink(
            address: device, settings: settings.serial, geometry: settings.geometry, policy: policy, logger: logger)
    }

    /// The sink for an LED controller on the network; nil (and logged) when not even a pipe can be made.
    private static func makeNetwork(_ network: NetworkDevice, config: Config, logger: Logger) -> NetworkLink? {
        let device = config.device
        let machineID = (try? Posix.readFile("/etc/machine-id", limit: 256)).map { String(decoding: $0, as: UTF8.self) }
        let packets = NetworkPacketizer(
            kind: network.kind, firstUniverse: device.firstUniverse(for: network.kind),
            channelsPerUniverse: device.channelsPerUniverse, priority: device.priority, sourceName: device.sourceName,
            cid: SourceIdentity.cid(machineID: machineID ?? "", device: network.description))
        do {
            return try NetworkLink(
                device: network, strip: config.leds.strip(width: config.panel.width, height: config.panel.height),
                packets: packets, maxFPS: device.maxFPS, keepalive: device.keepalive, logger: logger)
        } catch {
            logger.error("LED controller \(network): \(error); running without it")
            return nil
        }
    }
}
