import Glibc
import TickerCore
import TickerWire

/// How the daemon was started, beyond the configuration file.
public struct DaemonOptions: Sendable {
    /// The configuration file, or nil for the built-in defaults.
    public var configPath: String?
    /// Whether `configPath` was given explicitly (a missing default file is fine, a missing named one is not).
    public var configRequired: Bool
    /// Changes to the configuration from the command line, applied over the file (and again on each reload).
    public var overrides: [ConfigOverride]
    /// Play the built-in demo track instead of reading the feed.
    public var demo: Bool
    /// Draw the panel in this terminal.
    public var terminal: Bool

    /// Creates options.
    public init(
        configPath: String?, configRequired: Bool, overrides: [ConfigOverride], demo: Bool, terminal: Bool
    ) {
        self.configPath = configPath
        self.configRequired = configRequired
        self.overrides = overrides
        self.demo = demo
        self.terminal = terminal
    }

    /// Reads and checks the configuration: the file (if any) under the overrides.
    public func loadSettings() -> Result<Settings, DaemonError> {
        var text = ""
        var file = "defaults"
        if let configPath {
            switch Result(catching: { () throws(SystemError) in try Posix.readFile(configPath, limit: Config.maxFileBytes) }) {
            case .success(let bytes):
                text = String(decoding: bytes, as: UTF8.self)
                file = configPath
            case .failure(let error):
                if configRequired || error.code != .noSuchFileOrDirectory { return .failure(DaemonError(error.description)) }
            }
        }
        switch Config.parse(text: text, file: file, overrides: overrides) {
        case .failure(let errors):
            return .failure(DaemonError(errors.description))
        case .success(let config):
            do {
                return .success(try Settings(config))
            } catch {
                return .failure(DaemonError(error.description))
            }
        }
    }
}

/// A failure that stops the daemon from starting (or a reload from taking effect), as a sentence.
public struct DaemonError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The long-running service: one thread, one event loop polling the feed pipe, a timerfd at the refresh
/// rate, a signalfd and the serial port. Every tick applies all waiting feed lines, renders the scene for
/// that instant and hands the frame to the link.
public final class Daemon {
    private var settings: Settings
    private let options: DaemonOptions
    private var logger: Logger
    private var scene: Scene
    private var frame: Frame
    private var state = PlayerState()
    private var decoder = FeedDecoder()
    private var link: PanelLink?
    private var feed: FeedPipe?
    private let timer: PeriodicTimer
    private let signals: SignalSource
    private let notify = SystemdNotify()
    private let terminal: TerminalPanel?
    private var readBuffer = [UInt8](repeating: 0, count: 16_384)
    private var feedErrors = 0
    private var feedErrorsInWindow = 0
    private var feedErrorWindow: Duration = .zero
    private var lastStatus: Duration = .zero
    private var lastWatchdog: Duration = .zero
    private var clockText = ""
    private var clockMinute = -1
    private var ticks = 0
    private var stopping = false

    /// Sets up everything that can fail before the loop starts: signals, timer, feed pipe and link.
    public init(settings: Settings, options: DaemonOptions, logger: Logger) throws(DaemonError) {
        self.settings = settings
        self.options = options
        var logger = logger
        logger.level = LogLevel(config: settings.config.log.level)
        self.logger = logger
        let panel = settings.config.panel
        scene = Scene(width: panel.width, height: panel.height, depth: panel.depth, style: settings.style)
        frame = Frame(width: panel.width, height: panel.height, depth: panel.depth)
        do {
            signals = try SignalSource()
            timer = try PeriodicTimer()
        } catch {
            throw DaemonError(error.description)
        }
        terminal = options.terminal ? TerminalPanel() : nil
        if !options.demo {
            do {
                if let handed = try FeedPipe.fromSocketActivation() {
                    feed = handed
                } else {
                    feed = try FeedPipe.open(
                        path: settings.config.feed.path, mode: settings.config.feed.mode, group: settings.config.feed.group)
                }
            } catch {
                throw DaemonError(error.description)
            }
        }
        link = makeLink(settings)
        warnAboutLineRate(settings)
    }

    private func makeLink(_ settings: Settings) -> PanelLink? {
        guard let device = settings.device else { return nil }
        var policy = LinkPolicy()
        policy.helloTimeout = settings.config.device.helloTimeout
        return PanelLink(address: device, settings: settings.serial, geometry: settings.geometry, policy: policy, logger: logger)
    }

    /// Says at start-up when a full frame every tick cannot fit the line rate, and what rate would.
    private func warnAboutLineRate(_ settings: Settings) {
        guard settings.device != nil else { return }
        let frameBytes = settings.geometry.fullFrameEncodedCount
        let perSecond = settings.serial.bytesPerSecond
        let fps = settings.config.panel.fps
        let needed = frameBytes * fps
        guard needed > perSecond else { return }
        let fits = max(perSecond / max(frameBytes, 1), 0)
        // Below one frame per second, how long one frame takes says more than "0 fps".
        let fitting = fits >= 1
            ? "full frames fit at \(fits) fps"
            : "one full frame takes \(frameBytes * 1_000 / max(perSecond, 1)) ms"
        let baudNeeded = needed * settings.serial.bitsPerByte
        logger.warning(
            "a full \(settings.geometry.width)×\(settings.geometry.height)×\(settings.geometry.bitsPerPixel) frame is "
                + "\(frameBytes) bytes on the wire; at \(fps) fps that is \(needed) bytes/s, more than the "
                + "\(perSecond) bytes/s \(settings.serial.baudRate) baud carries. Only frames that change little fit; "
                + "\(fitting), or at \(fps) fps from \(baudNeeded) baud")
    }

    /// Runs until SIGTERM or SIGINT; returns the exit status.
    public func run() -> Int32 {
        let now = Clock.now
        do {
            try timer.arm(intervalNanoseconds: framePeriodNanoseconds)
        } catch {
            logger.error(error.description)
            return 1
        }
        if options.demo {
            startDemo(at: now)
        }
        terminal?.begin()
        defer { terminal?.end() }
        logger.notice(
            "started: \(settings.config.panel.width)×\(settings.config.panel.height) at \(settings.config.panel.depth.bits) "
                + "bit(s) per pixel, \(settings.config.panel.fps) fps, feed \(feed?.name ?? "demo"), device "
                + (settings.device?.description ?? "none"))
        notify.send("READY=1\nSTATUS=\(statusLine())")
        var entries = [pollfd](repeating: pollfd(fd: -1, events: 0, revents: 0), count: 4)
        while !stopping {
            entries[0] = pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0)
            entries[1] = pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0)
            entries[2] = pollfd(fd: feed?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
            entries[3] = pollfd(fd: link?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
            do {
                _ = try Posix.poll(&entries, timeoutMilliseconds: -1)
            } catch {
                logger.error(error.description)
                return 1
            }
            if entries[0].revents != 0 { handleSignals() }
            if stopping { break }
            let now = Clock.now
            if entries[3].revents & Int16(POLLIN) != 0 { link?.readReplies(at: now) }
            if entries[3].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { link?.hangUp(at: now) }
            if entries[2].revents != 0 { readFeed(at: now) }
            if entries[1].revents != 0, timer.expirations() > 0 { tick(at: Clock.now) }
        }
        shutDown()
        return 0
    }

    private var framePeriodNanoseconds: Int64 { 1_000_000_000 / Int64(max(settings.config.panel.fps, 1)) }

    private func tick(at now: Duration) {
        ticks += 1
        // Everything already in the pipe changes this frame, so one write of several lines lands at once.
        readFeed(at: now)
        report(decoder.flushStale(now: now))
        if options.demo, state.playbackPosition(at: now) >= DemoTrack.duration { startDemo(at: now) }
        updateClockText()
        scene.render(state, at: now, clock: clockText, into: &frame)
        if let link {
            link.setBrightness(brightnessLevel)
            link.service(frame: frame, at: now)
        }
        if let terminal, ticks % max(settings.config.panel.fps / 30, 1) == 0 {
            terminal.draw(frame, status: statusLine())
        }
        if let watchdog = notify.watchdogMicroseconds, now - lastWatchdog >= .microseconds(watchdog / 2) {
            lastWatchdog = now
            notify.send("WATCHDOG=1")
        }
        if now - lastStatus >= .seconds(1) {
            lastStatus = now
            notify.send("STATUS=\(statusLine())")
        }
    }

    private var brightnessLevel: UInt8 {
        let percent = state.brightness ?? settings.config.panel.brightness
        return UInt8(min(max(percent, 0), 100) * 255 / 100)
    }

    private func readFeed(at now: Duration) {
        guard let feed else { return }
        // A flood is read in bounded bites; the rest waits for the next turn of the loop, so frames keep going.
        for _ in 0..<8 {
            let count: Int
            do {
                count = try readBuffer.withUnsafeMutableBytes { (raw) throws(SystemError) -> Int in try feed.read(into: raw) }
            } catch {
                logger.error("feed: \(error)")
                return
            }
            guard count > 0 else { return }
            apply(decoder.decode(readBuffer[0..<count], now: now), at: now)
            if count < readBuffer.count { return }
        }
    }

    private func apply(_ events: [FeedEvent], at now: Duration) {
        var changed = false
        for event in events {
            switch event {
            case .command(let command, _):
                state.apply(command, at: now)
                changed = true
            case .problem:
                break
            }
        }
        report(events)
        if changed { scene.observe(state, at: now) }
    }

    /// Logs feed problems, at most 10 a minute, and counts them all.
    private func report(_ events: [FeedEvent]) {
        let now = Clock.now
        for case .problem(let problem) in events {
            feedErrors += 1
            if now - feedErrorWindow >= .seconds(60) {
                if feedErrorsInWindow > 10 {
                    logger.warning("\(feedErrorsInWindow - 10) more feed errors in the last minute were not logged")
                }
                feedErrorWindow = now
                feedErrorsInWindow = 0
            }
            feedErrorsInWindow += 1
            if feedErrorsInWindow <= 10 { logger.warning(problem.description) }
        }
    }

    private func startDemo(at now: Duration) {
        for command in DemoTrack.commands { state.apply(command, at: now) }
        scene.observe(state, at: now)
    }

    private func handleSignals() {
        while let signal = signals.next() {
            switch signal {
            case SIGHUP: reload()
            case SIGTERM, SIGINT:
                logger.notice("stopping on \(signal == SIGTERM ? "SIGTERM" : "SIGINT")")
                stopping = true
            default: break
            }
        }
    }

    /// Rereads the configuration: a valid one takes effect (keeping the panel connection when the device
    /// settings are unchanged), an invalid one is refused and the running one stays.
    private func reload() {
        notify.send("RELOADING=1")
        defer { notify.send("READY=1\nSTATUS=\(statusLine())") }
        let loaded: Settings
        switch options.loadSettings() {
        case .failure(let error):
            logger.error("configuration not reloaded, keeping the running one: \(error)")
            return
        case .success(let settings):
            loaded = settings
        }
        let old = settings.config
        let new = loaded.config
        settings = loaded
        logger.level = LogLevel(config: new.log.level)
        let panel = new.panel
        scene = Scene(width: panel.width, height: panel.height, depth: panel.depth, style: loaded.style)
        scene.observe(state, at: Clock.now)
        if panel.width != old.panel.width || panel.height != old.panel.height || panel.depth != old.panel.depth {
            frame = Frame(width: panel.width, height: panel.height, depth: panel.depth)
        }
        if panel.fps != old.panel.fps { try? timer.arm(intervalNanoseconds: framePeriodNanoseconds) }
        if new.device != old.device || panel.width != old.panel.width || panel.height != old.panel.height
            || panel.depth != old.panel.depth
        {
            link?.close()
            link = makeLink(loaded)
            warnAboutLineRate(loaded)
        }
        if new.feed != old.feed, feed?.fromSystemd == false {
            do {
                let reopened = try FeedPipe.open(path: new.feed.path, mode: new.feed.mode, group: new.feed.group)
                feed?.close()
                feed = reopened
            } catch {
                logger.error("feed not moved, keeping '\(feed?.name ?? "")': \(error)")
            }
        }
        logger.notice("configuration reloaded")
    }

    private func shutDown() {
        if settings.config.display.blankOnExit {
            frame.clear()
            link?.blankAndDrain(timeout: .milliseconds(150))
        }
        link?.close()
        feed?.close()
        notify.send("STOPPING=1")
    }

    private func updateClockText() {
        guard settings.style.idle == .clock else { return }
        let (hours, minutes) = Posix.localTimeOfDay()
        let minute = hours * 60 + minutes
        guard minute != clockMinute else { return }
        clockMinute = minute
        clockText = (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }

    /// The panel state in one line, for systemd's STATUS= and the terminal.
    public func statusLine() -> String {
        let panel = settings.config.panel
        var parts = ["\(panel.width)×\(panel.height) \(panel.fps) fps"]
        if let link {
            let stats = link.statistics
            parts.append(link.status)
            parts.append("\(stats.framesSent) frames sent, \(stats.framesSkipped) skipped")
        } else {
            parts.append("no device")
        }
        parts.append("\(feedErrors) feed errors")
        return parts.joined(separator: " · ")
    }
}

extension LogLevel {
    /// The logger's level for a configured one.
    public init(config level: Config.LogLevel) {
        self = LogLevel(name: level.rawValue) ?? .notice
    }
}
