import Glibc
import TickerCore
import TickerWire

/// A failure that stops the daemon from starting (or a reload from taking effect), as a sentence.
package struct DaemonError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// The long-running service, as a shell around `DaemonMachine`: one thread, one event loop waiting (epoll) on
/// the feed pipe, a one-shot timer armed at the next instant of the frame grid the machine asks for, a
/// signalfd and the serial port. It reads and writes and carries out the machine's actions — its `Renderer`
/// draws the picture that the link and the terminal show; it decides nothing itself.
package final class Daemon {
    private var settings: Settings
    /// Where the configuration comes from; read again on each reload.
    private let source: ConfigSource
    /// Whether the daemon plays the built-in demo track instead of reading the feed.
    private let demo: Bool
    private var logger: Logger
    private var machine: DaemonMachine
    private var renderer: Renderer
    private var link: (any FrameSink)?
    private var feed: FeedPipe?
    private let timer: DeadlineTimer
    private let poller: EventPoller
    /// Count the links and feeds made, so that the poller tells a new one from the old under a reused number.
    private var linkGeneration = 0
    private var feedGeneration = 0
    private let signals: SignalSource
    private let notify = SystemdNotify()
    private let terminal: TerminalPanel?
    private var readBuffer = [UInt8](repeating: 0, count: 16_384)
    /// What the machine asked for at the last wake-up; kept, so that a wake-up allocates nothing for it.
    private var actions: [DaemonMachine.Action] = []
    private var stopping = false
    /// Why the state file and the kept state could not be written last time, so that trouble is logged once
    /// per change.
    private var stateFileProblem = ProblemOnce()
    private var keptStateProblem = ProblemOnce()
    /// The schedule and the fade of the sink's brightness.
    private var brightness = DaemonBrightness()
    /// The view socket (`[feed] view`), and the warnings and errors logged, for its viewers.
    private var view: ViewSocket?
    private var viewGeneration = 0
    private let problems = ProblemRecorder()
    /// When the viewers may next be told a changed status.
    private var viewStatusDue = Duration.zero
    /// The view socket's generation and viewer changes when its viewers' descriptors were last watched.
    private var viewersWatched = (-1, -1)
    /// Whether a wake-up came before `viewStatusDue`, so the viewers are owed a look at the status then.
    private var viewStatusOwed = false

    /// Sets up everything that can fail before the loop starts: signals, timer, feed pipe and link.
    package init(
        settings: Settings, source: ConfigSource, demo: Bool, terminal: Bool, logger: Logger
    ) throws(DaemonError) {
        self.settings = settings
        self.source = source
        self.demo = demo
        var logger = logger
        logger.level = LogLevel(config: settings.config.log.level)
        logger.problems = problems
        self.logger = logger
        do {
            signals = try SignalSource()
            timer = try DeadlineTimer()
            poller = try EventPoller()
        } catch {
            throw DaemonError(error.description)
        }
        self.terminal = terminal ? TerminalPanel() : nil
        machine = DaemonMachine(
            configuration: Self.configuration(settings, demo: demo, terminal: terminal, notify), at: Clock.now)
        renderer = Renderer(scene: Self.scene(settings), grid: machine.grid)
        if !demo {
            do {
                if let handed = try FeedPipe.fromSocketActivation() {
                    feed = handed
                } else {
                    feed = try FeedPipe.open(
                        path: settings.config.feed.path, mode: settings.config.feed.mode,
                        group: settings.config.feed.group)
                }
            } catch {
                throw DaemonError(error.description)
            }
        }
        if !demo { restoreKeptState() }
        brightness.take(settings.config.brightness, &machine, at: Clock.now, reloaded: false)
        link = makeLink(settings)
        warnAboutLineRate(settings)
        view = openView(settings.config.feed)
        // Room for a frame's actions (draw, link, terminal, watchdog, status, snapshot) and a few log lines.
        actions.reserveCapacity(8)
    }

    private static func scene(_ settings: Settings) -> Scene {
        let panel = settings.config.panel
        return Scene(
            width: panel.width, height: panel.height, depth: panel.depth.levels, color: panel.depth.isColor,
            style: settings.style)
    }

    private static func configuration(
        _ settings: Settings, demo: Bool, terminal: Bool, _ notify: SystemdNotify
    ) -> DaemonMachine.Configuration {
        let idleAfter = settings.config.display.idleAfter
        var configuration = DaemonMachine.Configuration(framesPerSecond: settings.config.panel.fps, demo: demo)
        configuration.brightness = settings.config.panel.brightness
        configuration.watchdogInterval = notify.watchdogMicroseconds.map { .microseconds($0) }
        // A terminal is redrawn at most 30 times a second.
        configuration.terminalInterval = terminal ? .seconds(1) / 30 : nil
        // At most four state files a second: enough for a bridge, nothing for the disk.
        configuration.snapshotInterval = settings.config.feed.state.isEmpty ? nil : .milliseconds(250)
        configuration.idleClock = settings.style.idle == .clock
        // The kept state as often, and again once a minute while nothing changes, or every half of idle-after
        // when that is shorter: older than idle-after, it is not restored.
        configuration.keepInterval = settings.config.feed.keep.isEmpty || demo ? nil : .milliseconds(250)
        configuration.keepRefresh = idleAfter == .zero ? .seconds(60) : min(.seconds(60), idleAfter / 2)
        configuration.clockFormat = settings.config.display.clockFormat
        configuration.clockLanguage = settings.config.display.clockLanguage
        return configuration
    }

    private func makeLink(_ settings: Settings) -> (any FrameSink)? {
        Sinks.make(for: settings, logger: logger)
    }

    /// The view socket `feed` asks for; nil when it asks for none or it cannot be made (logged: the panel runs
    /// on without it).
    private func openView(_ feed: Config.Feed) -> ViewSocket? {
        guard !feed.view.isEmpty else { return nil }
        do {
            return try ViewSocket(path: feed.view, group: feed.group.isEmpty ? "tickerd" : feed.group, logger: logger)
        } catch {
            logger.error("view socket: \(error); running without it")
            return nil
        }
    }

    /// Says at start-up what the sink finds amiss: for one, a full frame on every frame of the grid that cannot
    /// fit the line rate, and what rate would.
    private func warnAboutLineRate(_ settings: Settings) {
        for warning in link?.startupWarnings(framesPerSecond: settings.config.panel.fps) ?? [] {
            logger.warning(warning)
        }
    }

    /// Runs until SIGTERM or SIGINT; returns the exit status.
    package func run() -> Int32 {
        terminal?.begin()
        defer { terminal?.end() }
        logger.notice(
            "started: \(settings.config.panel.width)×\(settings.config.panel.height) at \(settings.config.panel.depth.wireBits) "
                + "bit(s) per pixel, \(settings.config.panel.fps) fps, feed \(feed?.name ?? "demo"), device "
                + (settings.device?.description ?? "none"))
        notify.send("READY=1\nSTATUS=\(statusLine())")
        // The first wake-up is at once: it draws the first frame.
        var wakeNow = true
        while !stopping {
            if !wakeNow {
                var signalled = false
                var feedReady = false
                var linkEvents: UInt32 = 0
                var viewersWaiting = false
                do {
                    try watchDescriptors()
                    try poller.wait { ready in
                        switch ready.token {
                        case Self.signalToken: signalled = true
                        // Re-arming below clears the expiry; reading it would be one more system call per frame.
                        case Self.timerToken: timer.expired()
                        case Self.feedToken: feedReady = true
                        case Self.linkToken: linkEvents = ready.events
                        case Self.viewToken: viewersWaiting = true
                        case let token where token >= Self.firstViewerToken:
                            view?.viewerReady(Int(token - Self.firstViewerToken))
                        default: break
                        }
                    }
                } catch {
                    logger.error(error.description)
                    return 1
                }
                if signalled { handleSignals() }
                if stopping { break }
                let now = Clock.now
                if linkEvents & UInt32(POLLIN) != 0 { link?.readReplies(at: now) }
                if linkEvents & UInt32(POLLHUP | POLLERR) != 0 { link?.hangUp(at: now) }
                if feedReady { readFeed(at: now) }
                if viewersWaiting, let view {
                    view.publish(problems: problems.recent)
                    view.acceptViewers(
                        status: viewStatus(at: now), problems: problems.recent, cover: machine.state.cover, at: now)
                }
            }
            wakeNow = false
            let now = Clock.now
            actions.removeAll(keepingCapacity: true)
            brightness.update(&machine, at: now)
            machine.wake(
                at: now, picture: renderer.outlook, linkDeadline: linkDeadline,
                linkStreaming: link?.isStreaming ?? false,
                localTime: machine.wantsTimeOfDay(at: now) ? Posix.localWallTime() : nil,
                into: &actions)
            execute(actions)
            if let view, view.hasViewers { tellViewers(view, at: now) }
            brightness.plan(after: now, fading: link != nil)
            do {
                let next = machine.nextWake(after: now, picture: renderer.outlook, linkDeadline: linkDeadline)
                // What changed at a wake-up too soon after the last look reaches the viewers a little later.
                try timer.arm(at: viewStatusOwed && view?.hasViewers == true ? min(next, viewStatusDue) : next)
            } catch {
                logger.error(error.description)
                return 1
            }
        }
        shutDown()
        return 0
    }

    /// When the link next has something to do: its own deadline, or a change of the brightness (a fade's step,
    /// the schedule's next reading).
    private var linkDeadline: Duration? {
        .sooner(link?.nextDeadline, brightness.due)
    }

    private static let signalToken: Int32 = 0
    private static let timerToken: Int32 = 1
    private static let feedToken: Int32 = 2
    private static let linkToken: Int32 = 3
    private static let viewToken: Int32 = 4
    /// Viewer `n` of the view socket is watched under this token + n.
    private static let firstViewerToken: Int32 = 5

    /// Keeps the poller watching the descriptors of the moment: the port comes and goes with the device, and
    /// a reload may replace the link or the feed.
    private func watchDescriptors() throws(SystemError) {
        try poller.watch(signals.fileDescriptor, as: Self.signalToken)
        try poller.watch(timer.fileDescriptor, as: Self.timerToken)
        try poller.watch(feed?.fileDescriptor ?? -1, as: Self.feedToken, identity: feedGeneration)
        try poller.watch(
            link?.fileDescriptor ?? -1, as: Self.linkToken,
            identity: linkGeneration << 32 | (link?.statistics.connections ?? 0))
        try poller.watch(view?.fileDescriptor ?? -1, as: Self.viewToken, identity: viewGeneration)
        // The viewers' descriptors change only when one comes or goes (or the socket is replaced).
        guard let view, (viewGeneration, view.viewerChanges) != viewersWatched else { return }
        for slot in 0..<ViewSocket.maxViewers {
            let viewer = view.viewerDescriptor(slot)
            try poller.watch(viewer.descriptor, as: Self.firstViewerToken + Int32(slot), identity: viewer.identity)
        }
        viewersWatched = (viewGeneration, view.viewerChanges)
    }

    /// Tells the viewers of the view socket the problems logged since, and a changed status or cover at most
    /// four times a second.
    private func tellViewers(_ view: ViewSocket, at now: Duration) {
        view.publish(problems: problems.recent)
        viewStatusOwed = now < viewStatusDue
        guard !viewStatusOwed else { return }
        viewStatusDue = now + .milliseconds(250)
        view.publish(status: viewStatus(at: now), at: now)
        view.publish(cover: machine.state.cover)
    }

    /// The daemon's status at `now` as the view socket tells it.
    private func viewStatus(at now: Duration) -> ViewStatus {
        let panel = settings.config.panel
        var status = ViewStatus()
        let position = machine.state.playbackPosition(at: now) + settings.config.karaoke.lyricsOffset
        status.lyric = machine.state.lyricLine(at: position)?.line.text ?? ""
        status.device = settings.device?.description ?? ""
        status.width = panel.width
        status.height = panel.height
        status.fps = panel.fps
        status.color = panel.depth.isColor
        status.levels = panel.depth.isColor ? 0 : Int(panel.depth.levels.maxLevel) + 1
        if let link {
            status.connected = link.isStreaming
            status.status = link.status
            status.framesSent = link.statistics.framesSent
            status.framesSkipped = link.statistics.framesSkipped
        } else {
            status.framesSent = Int(view?.sequence ?? 0)
        }
        return status
    }

    private func execute(_ actions: [DaemonMachine.Action]) {
        for action in actions {
            switch action {
            case .observe, .render:
                renderer.carryOut(action, of: machine)
            case .serviceLink(let instant):
                let level = brightness.level(at: instant)
                guard let link else {
                    // Without a device, the viewers see each change that a device would have been sent.
                    if let view, !view.isLast(renderer.picture, brightness: level) {
                        view.publish(renderer.picture, brightness: level)
                    }
                    continue
                }
                let sent = link.statistics.framesSent
                link.setBrightness(level)
                link.service(renderer.picture, at: instant)
                if let view, link.statistics.framesSent != sent { view.publish(renderer.picture, brightness: level) }
            case .drawTerminal:
                terminal?.draw(renderer.picture, status: statusLine())
                // Nowhere left to draw (the window was closed): a panel drawn only there has no reason to run on.
                if let failure = terminal?.failure, !stopping {
                    execute([.stop("a failed write to the terminal (\(failure))")])
                }
            case .sendStatus:
                notify.send("STATUS=\(statusLine())")
            case .petWatchdog:
                notify.send("WATCHDOG=1")
            case .writeSnapshot(let snapshot):
                let meaning = "the file is written at the next change"
                write("state file", settings.config.feed.state, &stateFileProblem, meaning) {
                    try StateFile.write(snapshot, to: $0)
                }
            case .keepState(let commands):
                write("kept state", settings.config.feed.keep, &keptStateProblem, "a restart will start empty") {
                    try KeptStateFile.write(KeptState(written: Clock.wallNow, commands: commands), to: $0)
                }
            case .log(let level, let message):
                logger.log(level, message)
            case .reload:
                reload()
            case .stop(let reason):
                // The status line drawn last has no line end: end it, or the log line runs into it.
                terminal?.end()
                logger.notice("stopping on \(reason)")
                stopping = true
            }
        }
    }

    /// Writes the `what` file at `path` (none when it is empty) with `body`: a failure is logged once per change
    /// of cause, with what it means (`meaning`), and the recovery once; the panel runs on either way.
    private func write(
        _ what: String, _ path: String, _ problem: inout ProblemOnce, _ meaning: String,
        _ body: (String) throws -> Void
    ) {
        guard !path.isEmpty else { return }
        do {
            try body(path)
            if problem.recovered() { logger.notice("\(what) '\(path)' written again") }
        } catch {
            if problem.failed("\(error)") { logger.warning("\(what): \(error) (the panel runs on; \(meaning))") }
        }
    }

    /// Rebuilds what the panel showed before the daemon last stopped, from the kept state (`[feed] keep`). A
    /// file that cannot be read is refused and the daemon starts empty; it is replaced at the first write.
    private func restoreKeptState() {
        let path = settings.config.feed.keep
        guard !path.isEmpty else { return }
        let kept: KeptState
        do {
            guard let read = try KeptStateFile.read(path) else { return }
            kept = read
        } catch {
            logger.warning("kept state refused: \(error); starting empty")
            return
        }
        let idleAfter = settings.config.display.idleAfter
        let restoration = kept.restoration(at: Clock.wallNow, idleAfter: idleAfter == .zero ? nil : idleAfter)
        if !restoration.commands.isEmpty {
            execute(machine.restore(restoration.commands, receivedAgo: restoration.age, at: Clock.now))
        }
        if let leftOut = restoration.leftOut {
            logger.notice("kept state '\(path)' \(leftOut)")
        } else if !restoration.commands.isEmpty {
            logger.notice("restored what the panel showed \(restoration.age.logDescription) ago (kept in '\(path)')")
        }
    }

    private func readFeed(at now: Duration) {
        guard let feed else { return }
        // A flood is read in bounded bites; the rest waits for the next turn of the loop, so frames keep going.
        for _ in 0..<8 {
            let count: Int
            do {
                count = try readBuffer.withUnsafeMutableBytes { (raw) throws(SystemError) -> Int in
                    try feed.read(into: raw)
                }
            } catch {
                logger.error("feed: \(error)")
                return
            }
            guard count > 0 else { return }
            execute(machine.feed(readBuffer[0..<count], at: now))
            if count < readBuffer.count { return }
        }
    }

    private func handleSignals() {
        while let signal = signals.next() {
            switch signal {
            // SIGHUP also comes when the terminal the panel is drawn in hangs up: then there is nowhere to draw.
            case SIGHUP where terminal?.isHungUp == true: execute([.stop("SIGHUP (the terminal hung up)")])
            case SIGHUP: execute(machine.received(.hangUp))
            case SIGTERM: execute(machine.received(.terminate))
            case SIGINT: execute(machine.received(.interrupt))
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
        switch Settings.load(source) {
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
        let now = Clock.now
        machine.reload(
            configuration: Self.configuration(loaded, demo: demo, terminal: terminal != nil, notify), at: now)
        renderer.reload(scene: Self.scene(loaded), grid: machine.grid, state: machine.state, at: now)
        brightness.take(new.brightness, &machine, at: now, reloaded: true)
        if new.device != old.device || new.leds != old.leds || new.max7219 != old.max7219
            || panel.width != old.panel.width
            || panel.height != old.panel.height
            || panel.depth != old.panel.depth
        {
            link?.close()
            link = makeLink(loaded)
            linkGeneration += 1
            warnAboutLineRate(loaded)
        }
        if new.feed.view != old.feed.view || new.feed.group != old.feed.group {
            view?.close()
            view = openView(new.feed)
            viewGeneration += 1
        }
        if new.feed != old.feed, feed?.fromSystemd == false {
            do {
                let reopened = try FeedPipe.open(path: new.feed.path, mode: new.feed.mode, group: new.feed.group)
                feed?.close()
                feed = reopened
                feedGeneration += 1
            } catch {
                logger.error("feed not moved, keeping '\(feed?.name ?? "")': \(error)")
            }
        }
        logger.notice("configuration reloaded")
    }

    private func shutDown() {
        execute(machine.finish(at: Clock.now, picture: renderer.outlook))
        let onExit = settings.config.device.onExit
        if onExit == .release || settings.config.display.blankOnExit {
            link?.finish(onExit, timeout: .milliseconds(150))
        }
        link?.close()
        feed?.close()
        view?.close()
        notify.send("STOPPING=1")
    }

    /// The panel state in one line, for systemd's STATUS= and the terminal.
    package func statusLine() -> String {
        let panel = settings.config.panel
        var parts = ["\(panel.width)×\(panel.height) \(panel.fps) fps"]
        if let link {
            let stats = link.statistics
            parts.append(link.status)
            parts.append("\(stats.framesSent) frames sent, \(stats.framesSkipped) skipped")
            if !stats.badRepliesSummary.isEmpty { parts.append(stats.badRepliesSummary) }
        } else {
            parts.append("no device")
        }
        parts.append("\(machine.feedProblems) feed errors")
        return parts.joined(separator: " · ")
    }
}

extension LogLevel {
    /// The logger's level for a configured one.
    package init(config level: Config.LogLevel) {
        self = LogLevel(name: level.rawValue) ?? .notice
    }
}
