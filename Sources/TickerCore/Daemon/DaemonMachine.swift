/// The daemon's decisions as a pure state machine, like `LinkMachine`: what the feed changed, when to draw,
/// when to let the link act, when to tell systemd, when to log a feed problem, and when to wake up next. It
/// owns the player state and the pacing of drawings, and composes small values for the rest: the frame grid,
/// the feed's intake (`FeedIntake`: decoding, stale input, problems), the demo (`DemoPlayer`), the state file
/// and the kept state (`StateFileKeeper`), one `Cadence` each for the watchdog, the status and the terminal,
/// and the idle clock. It draws nothing: the shell (`Daemon`) carries out the actions — a `Renderer` draws on
/// `.render` — and tells it what the renderer and the link expect next (`PictureOutlook`, `linkDeadline`). Time
/// is passed in, so tests drive the machine on a manual clock.
///
/// Every wake-up it asks for lands on the frame grid: instants `origin + k / fps`, so motion stays evenly paced
/// whatever woke the loop before. Between two changes of the picture the loop sleeps; feed input wakes it at
/// once, and the frame showing it is drawn then, at the instant of that wake-up, off the grid; the frames after
/// it are drawn on the grid again.
public struct DaemonMachine: Sendable {
    /// What the feed has said so far.
    public private(set) var state = PlayerState()
    /// The configuration in force.
    public private(set) var configuration: Configuration
    /// The instants it wakes at.
    public private(set) var grid: FrameGrid
    /// Feed problems seen since start, logged or not.
    public var feedProblems: Int { intake.problems }

    private var intake: FeedIntake
    /// The idle clock's text and when it next changes.
    private var clock: IdleClock
    /// The grid instant of the last wake-up.
    private var lastTick: Duration
    /// When the picture must be drawn although the renderer does not expect it to change (the state, the
    /// look or the clock's text changed), or nil.
    private var drawOwed: Duration?
    /// Feed input changed the state since the last drawing: the next wake-up draws at once, at its own instant.
    private var inputToShow = false
    private var demo = DemoPlayer()
    private var linkStreaming = false
    private var watchdog = Cadence()
    private var status = Cadence()
    /// Frames were drawn since the last status: told with the first wake-up a status interval after it, which
    /// a drawing alone does not add (a clock that turns every second would wake the loop twice a second).
    private var drawnSinceStatus = false
    private var terminal = Cadence(owed: false)
    private var files = StateFileKeeper()
    /// The brightness schedule's level in force, or nil without a schedule.
    private var scheduledBrightness: Int?

    /// A machine whose grid starts at `origin`, with nothing drawn yet: the first wake-up draws.
    public init(configuration: Configuration, at origin: Duration) {
        self.configuration = configuration
        grid = FrameGrid(origin: origin, framesPerSecond: configuration.framesPerSecond)
        intake = FeedIntake(problemsPerMinute: configuration.feedProblemsPerMinute)
        lastTick = origin
        drawOwed = origin
        clock = IdleClock(format: configuration.clockFormat, language: configuration.clockLanguage)
        if configuration.demo { demo.begin(&state, at: origin) }
    }

    // MARK: Inputs

    /// Bytes read from the feed at `now`: applies the commands (the renderer observes them at `now`, and the
    /// next wake-up draws the frame that shows them, at once) and logs the problems, at most
    /// `feedProblemsPerMinute` a minute.
    public mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes, at now: Duration) -> [Action] {
        var actions: [Action] = []
        let problems = intake.problems
        let commands = intake.read(bytes, at: now, into: &actions)
        if intake.problems != problems { status.changed() }
        for command in commands { state.apply(command, at: now) }
        if !commands.isEmpty {
            actions.append(.observe(at: now))
            drawSoon(at: now)
            inputToShow = true
            files.stateChanged()
        }
        return actions
    }

    /// A lifecycle signal arrived.
    public mutating func received(_ signal: Signal) -> [Action] {
        switch signal {
        case .hangUp: return [.reload]
        case .terminate: return [.stop("SIGTERM")]
        case .interrupt: return [.stop("SIGINT")]
        }
    }

    /// A reloaded configuration takes effect at `now` (the renderer takes the new scene at the same instant).
    /// The grid keeps its origin; the next frame is drawn at once.
    public mutating func reload(configuration: Configuration, at now: Duration) {
        self.configuration = configuration
        grid = FrameGrid(origin: grid.origin, framesPerSecond: configuration.framesPerSecond)
        intake.problemsPerMinute = configuration.feedProblemsPerMinute
        if clock.format != configuration.clockFormat || clock.language != configuration.clockLanguage {
            clock = IdleClock(format: configuration.clockFormat, language: configuration.clockLanguage)
        }
        drawSoon(at: now)
        status.changed()
        files.snapshotChanged()
    }

    /// The timer fired, or the loop woke for any reason, at `now`. `picture` is the renderer's `outlook`,
    /// `linkDeadline` the link's `nextDeadline` (nil without a device), `linkStreaming` whether it streams to
    /// a device, and `localTime` the wall clock's local time (for the idle clock; nil when not needed).
    public mutating func wake(
        at now: Duration, picture: PictureOutlook, linkDeadline: Duration?, linkStreaming: Bool = false,
        localTime: WallTime? = nil
    ) -> [Action] {
        var actions: [Action] = []
        wake(
            at: now, picture: picture, linkDeadline: linkDeadline, linkStreaming: linkStreaming,
            localTime: localTime, into: &actions)
        return actions
    }

    /// As `wake(at:picture:linkDeadline:linkStreaming:localTime:)`, appending the actions to `actions`: a
    /// caller that empties and keeps one array allocates nothing for them.
    public mutating func wake(
        at now: Duration, picture: PictureOutlook, linkDeadline: Duration?, linkStreaming: Bool,
        localTime: WallTime?, into actions: inout [Action]
    ) {
        let tick = grid.floor(now)
        lastTick = tick
        catchUp(at: now, tick: tick, linkStreaming: linkStreaming, localTime: localTime, into: &actions)
        let drawn = drawIfDue(at: now, tick: tick, picture: picture, into: &actions)
        if drawn != nil || linkDeadline.map({ tick >= $0 }) == true {
            actions.append(.serviceLink(at: drawn ?? tick))
        }
        tellWhatIsDue(at: now, tick: tick, quiet: picture.isQuiet, into: &actions)
    }

    /// What time did at a wake-up at `now` (grid instant `tick`), before the drawing: the renderer hears of the
    /// demo's start, the link's streaming counts as a change, a stale feed and the minute of feed problems are
    /// reported, the demo starts over at its end, and the idle clock turns to a new second or minute.
    private mutating func catchUp(
        at now: Duration, tick: Duration, linkStreaming: Bool, localTime: WallTime?,
        into actions: inout [Action]
    ) {
        if let start = demo.announcement() { actions.append(.observe(at: start)) }
        if linkStreaming != self.linkStreaming {
            self.linkStreaming = linkStreaming
            status.changed()
            files.snapshotChanged()
        }
        let problems = intake.problems
        intake.catchUp(at: now, into: &actions)
        if intake.problems != problems { status.changed() }
        if configuration.demo, demo.startOver(&state, at: tick) {
            actions.append(.observe(at: tick))
            drawSoon(at: tick)
        }
        // The clock turns at the grid instant this wake-up was armed for: drawn now, not a frame later.
        if configuration.idleClock, let localTime, clock.update(localTime: localTime, at: now) {
            drawSoon(at: tick)
        }
    }

    /// Asks for a drawing when one is due at a wake-up at `now` (grid instant `tick`), and answers its instant.
    /// New input is shown at once, at this wake-up's own instant; the picture's own changes wait for the grid.
    private mutating func drawIfDue(
        at now: Duration, tick: Duration, picture: PictureOutlook, into actions: inout [Action]
    ) -> Duration? {
        var drawn: Duration?
        if inputToShow {
            drawn = now
        } else if let due = renderDue(picture), tick >= due {
            drawn = tick
        }
        guard let drawn else { return nil }
        // The renderer knows when the picture changes after this drawing.
        actions.append(.render(at: drawn))
        inputToShow = false
        drawOwed = nil
        drawnSinceStatus = true
        if configuration.terminalInterval != nil { terminal.changed() }
        return drawn
    }

    /// Tells the terminal, systemd, the state file and the kept state what is due at a wake-up at `now` (grid
    /// instant `tick`), each at its own cadence; `quiet` as in `PictureOutlook`.
    private mutating func tellWhatIsDue(at now: Duration, tick: Duration, quiet: Bool, into actions: inout [Action]) {
        if let due = terminalDue, tick >= due {
            actions.append(.drawTerminal)
            terminal.done(at: tick)
        }
        if let due = watchdogDue, now >= due {
            actions.append(.petWatchdog)
            watchdog.done(at: now)
        }
        if drawnSinceStatus, status.last.map({ tick >= $0 + configuration.statusInterval }) ?? true {
            status.changed()
        }
        if let due = statusDue, now >= due {
            actions.append(.sendStatus)
            drawnSinceStatus = false
            // Counted from the grid instant, so that the next one falls on a wake-up of the grid, not just after.
            status.done(at: tick)
        }
        let filesDue = files.due(from: lastTick, state, quiet: quiet, configuration)
        files.write(
            at: now, filesDue, state, panel: linkStreaming, brightness: brightnessPercent, quiet: quiet, into: &actions)
    }

    /// Whether `wake(at:…)` at `now` needs the time of day: for the idle clock, at start and once its second or
    /// minute has run out (reading the local time costs more than a frame).
    public func wantsTimeOfDay(at now: Duration) -> Bool {
        configuration.idleClock && clock.wantsTimeOfDay(at: now)
    }

    /// The idle clock's text, for the renderer.
    public var clockText: String { clock.text }

    /// The brightness in force, in percent: the feed's, else the schedule's, else the configured one.
    public var brightnessPercent: Int { state.brightness ?? scheduledBrightness ?? configuration.brightness }

    /// The brightness schedule's level at `now` (nil: no schedule). At a scheduled change (`replacingFeed`),
    /// a brightness the feed set gives way to it.
    public mutating func schedule(brightness percent: Int?, replacingFeed: Bool, at now: Duration) {
        let changed = percent != scheduledBrightness
        scheduledBrightness = percent
        if replacingFeed, state.brightness != nil {
            state.apply(.brightnessAuto, at: now)
            files.stateChanged()
        } else if changed {
            files.snapshotChanged()
        }
    }

    // MARK: Sleeping

    /// The grid instant to wake at next, after a `wake(at:…)` at `now` and its actions: the earliest of the
    /// picture's next change (`picture`, the renderer's outlook after it drew), a drawing owed, the link's
    /// deadline (`linkDeadline`, asked again after the link acted), the watchdog, the status update, the state
    /// file, the kept state, the terminal, a feed check, the summary of feed problems, the demo's end and the
    /// clock's next change. Always a grid instant after `now`.
    public func nextWake(after now: Duration, picture: PictureOutlook, linkDeadline: Duration?) -> Duration {
        var earliest = renderDue(picture)
        func consider(_ instant: Duration?) { earliest = .sooner(earliest, instant) }
        consider(linkDeadline)
        consider(watchdogDue)
        consider(statusDue)
        let filesDue = files.due(from: lastTick, state, quiet: picture.isQuiet, configuration)
        consider(filesDue.snapshot)
        consider(filesDue.keep)
        consider(terminalDue)
        consider(intake.due)
        if configuration.demo { consider(demo.end(of: state, after: now)) }
        if configuration.idleClock { consider(clock.nextChange) }
        // With nothing at all to wait for, wake once a minute anyway (the status and watchdog normally come first).
        return grid.instant(atOrAfter: earliest ?? now + configuration.quietStatusInterval, after: now)
    }

    /// When the picture must be drawn: when the renderer expects it to change, or sooner when a drawing is owed.
    private func renderDue(_ picture: PictureOutlook) -> Duration? {
        .sooner(picture.nextChange, drawOwed)
    }

    /// Every half of systemd's watchdog interval.
    private var watchdogDue: Duration? {
        configuration.watchdogInterval.flatMap { watchdog.due(from: lastTick, interval: $0 / 2, refresh: $0 / 2) }
    }

    /// At most once per `statusInterval` while something changes, else once per `quietStatusInterval`.
    private var statusDue: Duration? {
        status.due(
            from: lastTick, interval: configuration.statusInterval, refresh: configuration.quietStatusInterval)
    }

    /// When the terminal is drawn again: after a drawing, at most once per `terminalInterval`.
    private var terminalDue: Duration? {
        configuration.terminalInterval.flatMap { terminal.due(from: lastTick, interval: $0, refresh: nil) }
    }

    // MARK: The kept state

    /// Rebuilds the state from a kept state (`KeptState.restoration`) at `now`: its commands as received
    /// `age` ago. The renderer observes it at `now`; the frame that shows it is drawn on the next instant of
    /// the grid.
    public mutating func restore(_ commands: [FeedCommand], receivedAgo age: Duration, at now: Duration) -> [Action] {
        state.restore(commands, at: now - age, now: now)
        drawSoon(at: now)
        files.snapshotChanged()
        return [.observe(at: now)]
    }

    /// What to write as the daemon stops at `now`, with the renderer's `picture` outlook: the kept state,
    /// unless it already says all there is (a change is owed, or a track stays up and the file's time should
    /// be the stop's); and a last snapshot saying that the daemon stopped.
    public mutating func finish(at now: Duration, picture: PictureOutlook) -> [Action] {
        files.finish(at: now, state, brightness: brightnessPercent, quiet: picture.isQuiet, configuration)
    }

    // MARK: Helpers

    /// The state, the look or the clock's text changed at `now`: the next instant of the grid draws.
    private mutating func drawSoon(at now: Duration) {
        let instant = grid.ceiling(now)
        if let owed = drawOwed, owed <= instant { return }
        drawOwed = instant
    }
}
