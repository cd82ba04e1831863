import TickerCore

/// The daemon's decisions as a pure state machine, like `LinkMachine`: what the feed changed, when to draw,
/// when to let the link act, when to tell systemd, when to log a feed problem, and when to wake up next. The
/// shell (`Daemon`) polls, reads, writes and carries out the actions; time is passed in, so tests drive the
/// machine on a manual clock.
///
/// Every wake-up it asks for lands on the frame grid: instants `origin + k / fps`, so motion stays evenly paced
/// whatever woke the loop before. Between two changes of the picture the loop sleeps; feed input wakes it at
/// once, and the frame showing it is drawn then, at the instant of that wake-up, off the grid; the frames after
/// it are drawn on the grid again.
public struct DaemonMachine: Sendable {
    /// What the machine needs to know that does not come from the feed.
    public struct Configuration: Sendable, Equatable {
        /// Frames per second: the grid's pitch.
        public var framesPerSecond: Int
        /// The panel's brightness in percent when the feed has not set one.
        public var brightness: Int
        /// systemd's watchdog interval (`WATCHDOG_USEC`), or nil when it expects no pings; pinged every half.
        public var watchdogInterval: Duration?
        /// The least time between two drawings in a terminal, or nil when there is no terminal.
        public var terminalInterval: Duration?
        /// The least time between two `STATUS=` updates while something changes.
        public var statusInterval: Duration
        /// Between two `STATUS=` updates while nothing changes.
        public var quietStatusInterval: Duration
        /// Feed problems logged per minute; the rest are counted and summed up.
        public var feedProblemsPerMinute: Int
        /// Play the built-in demo track over and over instead of reading the feed.
        public var demo: Bool
        /// The least time between two state snapshots, or nil when none is written (`[feed] state` empty).
        public var snapshotInterval: Duration?
        /// How many frames to draw ahead of time at once while nothing changes (see `draw(at:into:)`); 0 draws
        /// each frame when it is due.
        public var framesDrawnAhead: Int
        /// The least time between two writes of the kept state, or nil when none is kept (`[feed] keep` empty).
        public var keepInterval: Duration?
        /// How often the kept state is written again while its track stays up and nothing changes.
        public var keepRefresh: Duration

        /// A configuration; the defaults send a status at most once a second while something changes and once
        /// a minute otherwise, and log at most 10 feed problems a minute.
        public init(
            framesPerSecond: Int, brightness: Int = 100, watchdogInterval: Duration? = nil,
            terminalInterval: Duration? = nil, statusInterval: Duration = .seconds(1),
            quietStatusInterval: Duration = .seconds(60), feedProblemsPerMinute: Int = 10, demo: Bool = false,
            snapshotInterval: Duration? = nil, framesDrawnAhead: Int = 16, keepInterval: Duration? = nil,
            keepRefresh: Duration = .seconds(60)
        ) {
            self.framesPerSecond = framesPerSecond
            self.brightness = brightness
            self.watchdogInterval = watchdogInterval
            self.terminalInterval = terminalInterval
            self.statusInterval = statusInterval
            self.quietStatusInterval = quietStatusInterval
            self.feedProblemsPerMinute = feedProblemsPerMinute
            self.demo = demo
            self.snapshotInterval = snapshotInterval
            self.framesDrawnAhead = framesDrawnAhead
            self.keepInterval = keepInterval
            self.keepRefresh = keepRefresh
        }
    }

    /// A signal the daemon handles.
    public enum Signal: Sendable, Equatable {
        /// SIGHUP: reload the configuration.
        case hangUp
        /// SIGTERM.
        case terminate
        /// SIGINT.
        case interrupt
    }

    /// What the shell should do, in order.
    public enum Action: Sendable, Equatable {
        /// Draw the scene for this instant (`draw(at:into:)`) and show it in the frame buffer: a grid instant, or
        /// the instant of a wake-up that follows feed input.
        case render(at: Duration)
        /// Hand the frame buffer to the link (it opens, says hello, sends what changed or a keepalive), with
        /// the brightness `brightnessLevel`.
        case serviceLink(at: Duration)
        /// Draw the frame buffer in the terminal.
        case drawTerminal
        /// Send `STATUS=` to systemd.
        case sendStatus
        /// Send `WATCHDOG=1` to systemd.
        case petWatchdog
        /// Write the state file (`[feed] state`) with this snapshot.
        case writeSnapshot(StateSnapshot)
        /// Write the kept state (`[feed] keep`): these commands, true now.
        case keepState([FeedCommand])
        /// Write a line to the log.
        case log(LogLevel, String)
        /// Reread the configuration and hand the result to `reload(scene:configuration:at:)`.
        case reload
        /// Blank the panel and exit; the reason is for the log.
        case stop(String)
    }

    /// What the feed has said so far.
    public private(set) var state = PlayerState()
    /// The configuration in force.
    public private(set) var configuration: Configuration
    /// The origin of the frame grid.
    public let origin: Duration
    /// Feed problems seen since start, logged or not.
    public private(set) var feedProblems = 0

    private var scene: Scene
    private var decoder = FeedDecoder()
    /// The grid instant of the last wake-up.
    private var lastTick: Duration
    /// When the picture must next be drawn, or nil until the state changes.
    private var renderDue: Duration?
    /// Feed input changed the state since the last drawing: the next wake-up draws at once, at its own instant.
    private var inputToShow = false
    private var lastWatchdog: Duration?
    private var lastStatus: Duration?
    private var changedSinceStatus = true
    private var lastTerminal: Duration?
    private var terminalOwed = false
    private var linkDeadline: Duration?
    private var linkStreaming = false
    /// When to look again for a stale partial line or an unterminated lyrics block.
    private var feedCheck: Duration?
    private var problemsInWindow = 0
    private var problemWindow: Duration?
    private var clockText = ""
    private var nextClockMinute: Duration?
    /// Whether the state changed since the last snapshot written, when the last was written, and what it said.
    private var snapshotOwed = true
    private var lastSnapshotTime: Duration?
    private var lastSnapshot: StateSnapshot?
    /// Frames drawn ahead of time (see `draw(at:into:)`): the slots, how many hold a frame, and which is shown
    /// next.
    private var ahead: [DrawnAhead] = []
    private var aheadCount = 0
    private var aheadNext = 0
    /// The slot of the frame drawn ahead that was shown last, until a frame is drawn afresh: its paints colour it.
    private var slotShown: Int?
    /// How many frames `draw(at:into:)` copied out from those drawn ahead.
    private(set) var framesShownFromAhead = 0
    /// When the kept state was last written and whether a change is owed.
    private var keeping = WriteCadence()

    /// A machine whose grid starts at `origin`, with nothing drawn yet: the first wake-up draws.
    public init(scene: Scene, configuration: Configuration, at origin: Duration) {
        self.scene = scene
        self.configuration = configuration
        self.origin = origin
        self.lastTick = origin
        self.renderDue = origin
        if configuration.demo { startDemo(at: origin) }
    }

    // MARK: The frame grid

    /// The grid instant number `index`: `origin + index / fps` seconds, to the attosecond (rounded toward
    /// zero, as `Duration`'s division does).
    public func gridInstant(_ index: Int64) -> Duration {
        origin + Duration(attosecondCount: Int128(index) * Self.attosecondsPerSecond / framesPerSecond)
    }

    /// The last grid instant at or before `instant`.
    public func gridFloor(_ instant: Duration) -> Duration {
        gridInstant(gridIndex(atOrBefore: instant))
    }

    /// The first grid instant at or after `instant`.
    public func gridCeiling(_ instant: Duration) -> Duration {
        let index = gridIndex(atOrBefore: instant)
        let floor = gridInstant(index)
        return floor == instant ? floor : gridInstant(index + 1)
    }

    /// The grid's arithmetic is done on whole attoseconds (`Int128`), in a few instructions. It runs several
    /// times on every wake-up; done with `Duration`'s own division and conversion to `Double` (calls into the
    /// runtime), it took a sixth of the daemon's time in user space.
    private func gridIndex(atOrBefore instant: Duration) -> Int64 {
        let offset = (instant - origin).attosecondCount
        let fps = framesPerSecond
        // index × 10¹⁸ / fps ≤ offset: the quotient below, rounded toward minus infinity, then settled against
        // the rounding of `gridInstant`.
        var product = offset * fps
        if product < 0 { product -= Self.attosecondsPerSecond - 1 }
        var index = Int64(clamping: product / Self.attosecondsPerSecond)
        while gridInstant(index) > instant { index -= 1 }
        while gridInstant(index + 1) <= instant { index += 1 }
        return index
    }

    private static let attosecondsPerSecond: Int128 = 1_000_000_000_000_000_000

    private var framesPerSecond: Int128 { Int128(max(configuration.framesPerSecond, 1)) }

    // MARK: Inputs

    /// Bytes read from the feed at `now`: applies the commands (the next wake-up draws the frame that shows
    /// them, at once) and logs the problems, at most `feedProblemsPerMinute` a minute.
    public mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes, at now: Duration) -> [Action] {
        let events = decoder.decode(bytes, now: now)
        var actions: [Action] = []
        var changed = false
        for event in events {
            if case .command(let command, _) = event {
                state.apply(command, at: now)
                changed = true
            }
        }
        report(events, at: now, into: &actions)
        if changed {
            scene.observe(state, at: now)
            drawSoon(at: now)
            inputToShow = true
            snapshotOwed = true
            keeping.changed()
        }
        // A partial line or an open lyrics block goes stale if nothing more comes.
        feedCheck = now + decoder.limits.staleAfter + .milliseconds(1)
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

    /// A reloaded configuration takes effect at `now`: a new scene (the look may have changed) and timing.
    /// The grid keeps its origin; the next frame is drawn at once.
    public mutating func reload(scene: Scene, configuration: Configuration, at now: Duration) {
        // The panel may have another size.
        ahead = []
        aheadCount = 0
        aheadNext = 0
        slotShown = nil
        self.scene = scene
        self.configuration = configuration
        self.scene.observe(state, at: now)
        drawSoon(at: now)
        changedSinceStatus = true
        snapshotOwed = true
    }

    /// The timer fired, or the loop woke for any reason, at `now`. `linkDeadline` is the link's
    /// `nextDeadline` (nil without a device), `linkStreaming` whether it streams to a device, and
    /// `localTimeOfDay` the wall clock's time since midnight (for the idle clock; nil when not needed).
    public mutating func wake(
        at now: Duration, linkDeadline: Duration?, linkStreaming: Bool = false, localTimeOfDay: Duration? = nil
    ) -> [Action] {
        var actions: [Action] = []
        wake(
            at: now, linkDeadline: linkDeadline, linkStreaming: linkStreaming, localTimeOfDay: localTimeOfDay,
            into: &actions)
        return actions
    }

    /// As `wake(at:linkDeadline:linkStreaming:localTimeOfDay:)`, appending the actions to `actions`: a caller
    /// that empties and keeps one array allocates nothing for them.
    public mutating func wake(
        at now: Duration, linkDeadline: Duration?, linkStreaming: Bool, localTimeOfDay: Duration?,
        into actions: inout [Action]
    ) {
        let tick = gridFloor(now)
        lastTick = tick
        self.linkDeadline = linkDeadline
        if linkStreaming != self.linkStreaming {
            self.linkStreaming = linkStreaming
            changedSinceStatus = true
            snapshotOwed = true
        }
        if let check = feedCheck, now >= check {
            report(decoder.flushStale(now: now), at: now, into: &actions)
            feedCheck = decoder.isInLyricsBlock ? now + decoder.limits.staleAfter : nil
        }
        if let end = problemSummaryDue, now >= end { closeProblemWindow(into: &actions) }
        if configuration.demo, state.playbackPosition(at: tick) >= DemoTrack.duration {
            startDemo(at: tick)
            drawSoon(at: tick)
        }
        if scene.style.idle == .clock, let localTimeOfDay { updateClock(localTimeOfDay, at: now) }

        // New input is shown at once, at this wake-up's own instant; the picture's own changes wait for the grid.
        var drawn: Duration?
        if inputToShow {
            drawn = now
        } else if let due = renderDue, tick >= due {
            drawn = tick
        }
        if let drawn {
            actions.append(.render(at: drawn))
            inputToShow = false
            changedSinceStatus = true
            terminalOwed = configuration.terminalInterval != nil
            if let slot = nextDrawnAhead(at: drawn) {
                // `draw(at:into:)` copies it out.
                renderDue = ahead[slot].due
            } else {
                // Late (a frame of the grid was missed), new input, or nothing drawn ahead: the drawing starts
                // afresh here.
                dropFramesAhead()
                renderDue = scene.nextChange(state, after: drawn, clock: clockText).map { max($0, drawn) }
            }
        }
        if drawn != nil || linkDeadline.map({ tick >= $0 }) == true {
            actions.append(.serviceLink(at: drawn ?? tick))
        }
        if terminalOwed, let interval = configuration.terminalInterval,
            lastTerminal.map({ tick - $0 >= interval }) ?? true
        {
            actions.append(.drawTerminal)
            lastTerminal = tick
            terminalOwed = false
        }
        if let interval = configuration.watchdogInterval, lastWatchdog.map({ now - $0 >= interval / 2 }) ?? true {
            actions.append(.petWatchdog)
            lastWatchdog = now
        }
        if let statusDue, now >= statusDue {
            actions.append(.sendStatus)
            lastStatus = now
            changedSinceStatus = false
        }
        if let snapshotDue, now >= snapshotDue {
            snapshotOwed = false
            let snapshot = StateSnapshot(
                state, at: now, panel: self.linkStreaming, brightness: state.brightness ?? configuration.brightness)
            if snapshot != lastSnapshot {
                actions.append(.writeSnapshot(snapshot))
                lastSnapshot = snapshot
                lastSnapshotTime = now
            }
        }
        if let keepDue, now >= keepDue { actions.append(keep(at: now)) }
    }

    /// Whether `wake(at:…)` at `now` needs the time of day: for the idle clock, at start and once its minute
    /// has run out (reading the local time costs more than a frame).
    public func wantsTimeOfDay(at now: Duration) -> Bool {
        scene.style.idle == .clock && nextClockMinute.map { now >= $0 } ?? true
    }

    /// Draws the scene at `instant` (as a `.render` action asked) into `frame`.
    ///
    /// While nothing changes, the next frames are known: the scene is a function of the state and the time. So
    /// a drawing done afresh on the grid goes on to draw the next `framesDrawnAhead` frames at once, at the
    /// instants the loop will ask for them, and the wake-ups that follow copy them out. After a sleep, what a
    /// wake-up costs follows the code and data it touches more than the work it does; drawing in bursts touches
    /// the scene's once per burst, not once per frame. Feed input, a reload, a new minute on the idle clock or
    /// the demo starting over drop what was drawn ahead: the scene draws a function of the state and the time,
    /// so the frames and their instants are exactly those drawn one at a time. A drawing of new input, off
    /// the grid, draws nothing ahead: its frame goes out first, and more input may come before the next frame.
    public mutating func draw(at instant: Duration, into frame: inout Frame) {
        if let drawn = nextDrawnAhead(at: instant) {
            frame.copy(from: ahead[drawn].frame)
            aheadNext = drawn + 1
            slotShown = drawn
            framesShownFromAhead += 1
            return
        }
        dropFramesAhead()
        slotShown = nil
        scene.render(state, at: instant, clock: clockText, into: &frame)
        if gridFloor(instant) == instant { drawAhead(after: instant) }
    }

    /// The colours of `frame` as the scene drew it (the frame last drawn or copied out), into `image`: for
    /// colour panels and terminals.
    public func colorize(_ frame: Frame, into image: inout RGBFrame) {
        if let slot = slotShown {
            scene.colorize(frame, paints: ahead[slot].paints, into: &image)
        } else {
            scene.colorize(frame, into: &image)
        }
    }

    /// The brightness the link should use, 0–255.
    public var brightnessLevel: UInt8 {
        let percent = state.brightness ?? configuration.brightness
        return UInt8(min(max(percent, 0), 100) * 255 / 100)
    }

    // MARK: Sleeping

    /// The grid instant to wake at next, after a `wake(at:…)` at `now` and its actions: the earliest of the
    /// picture's next change, the link's deadline (`linkDeadline`, asked again after the link acted), the
    /// watchdog, the status update, the terminal, a feed check, the demo's end and the clock's next minute.
    /// Always a grid instant after `now`.
    public func nextWake(after now: Duration, linkDeadline: Duration?) -> Duration {
        var earliest = renderDue
        func consider(_ instant: Duration?) {
            guard let instant else { return }
            if let current = earliest, current <= instant { return }
            earliest = instant
        }
        consider(linkDeadline)
        if let interval = configuration.watchdogInterval { consider((lastWatchdog ?? now) + interval / 2) }
        consider(statusDue)
        consider(snapshotDue)
        consider(keepDue)
        if terminalOwed, let interval = configuration.terminalInterval { consider((lastTerminal ?? now) + interval) }
        consider(feedCheck)
        consider(problemSummaryDue)
        if configuration.demo, state.playback == .playing {
            consider(now + (DemoTrack.duration - state.playbackPosition(at: now)))
        }
        if scene.style.idle == .clock { consider(nextClockMinute) }
        // With nothing at all to wait for, wake once a minute anyway (the status and watchdog normally come first).
        return gridInstant(atOrAfter: earliest ?? now + configuration.quietStatusInterval, after: now)
    }

    /// The first grid instant at or after `target` and after the grid instant `now` falls in.
    private func gridInstant(atOrAfter target: Duration, after now: Duration) -> Duration {
        let index = gridIndex(atOrBefore: now)
        let instant = gridCeiling(max(target, now))
        return instant > gridInstant(index) ? instant : gridInstant(index + 1)
    }

    /// When the state file must be written: as soon as the state changed, but not sooner than
    /// `snapshotInterval` after the last time (nil: nothing owed, or no state file).
    private var snapshotDue: Duration? {
        guard snapshotOwed, let interval = configuration.snapshotInterval else { return nil }
        return lastSnapshotTime.map { $0 + interval } ?? lastTick
    }

    private var statusDue: Duration? {
        guard let lastStatus else { return lastTick }
        return lastStatus + (changedSinceStatus ? configuration.statusInterval : configuration.quietStatusInterval)
    }

    // MARK: The kept state

    /// Rebuilds the state from a kept state (`KeptState.restoration`) at `now`: its commands as received
    /// `age` ago. The frame that shows it is drawn on the next instant of the grid.
    public mutating func restore(_ commands: [FeedCommand], receivedAgo age: Duration, at now: Duration) {
        state.restore(commands, at: now - age, now: now)
        scene.observe(state, at: now)
        drawSoon(at: now)
        snapshotOwed = true
    }

    /// What to write as the daemon stops at `now`: the kept state, unless it already says all there is (a
    /// change is owed, or a track stays up and the file's time should be the stop's); and a last snapshot
    /// saying that the daemon stopped.
    public mutating func finish(at now: Duration) -> [Action] {
        var actions: [Action] = []
        if configuration.keepInterval != nil, keeping.owed || keepsTrack { actions.append(keep(at: now)) }
        if configuration.snapshotInterval != nil {
            let last = StateSnapshot(
                state, at: now, panel: false, brightness: state.brightness ?? configuration.brightness)
            actions.append(.writeSnapshot(last.daemonStopped))
        }
        return actions
    }

    /// Whether the kept state holds the track, and is written again while nothing changes: not while the clock
    /// is stopped and the panel counts down to its idle screen or shows it (the player stopped the track, or
    /// there is none).
    private var keepsTrack: Bool { !(scene.isQuiet && state.playback == .stopped) }

    /// When the kept state must be written: soon after a change, at most once per `keepInterval`; while its
    /// track stays up, again every `keepRefresh`, so that after a crash the file's time is at most that long
    /// before the end (nil: no kept state, or nothing due).
    private var keepDue: Duration? {
        guard let interval = configuration.keepInterval else { return nil }
        return keeping.due(from: lastTick, interval: interval, refresh: keepsTrack ? configuration.keepRefresh : nil)
    }

    private mutating func keep(at now: Duration) -> Action {
        keeping.wrote(at: now)
        return .keepState(KeptState.commands(for: state, at: now, keepingTrack: keepsTrack))
    }

    // MARK: Helpers

    /// The state, the scene or the clock's text changed at `now`: the frames drawn ahead no longer hold, and
    /// the next instant of the grid draws.
    private mutating func drawSoon(at now: Duration) {
        dropFramesAhead()
        let instant = gridCeiling(now)
        if let due = renderDue, due <= instant { return }
        renderDue = instant
    }

    /// A frame drawn ahead of time: the instant the loop will draw it at, when the picture changes after it
    /// (what `nextChange` answered there), the frame, and what its pixels were drawn as.
    private struct DrawnAhead {
        var instant: Duration
        var due: Duration?
        var frame: Frame
        var paints = Paints()
    }

    /// Goes on from the frame just drawn at `instant`, while the picture keeps changing: draws the next
    /// `framesDrawnAhead` frames in the order and at the instants the loop would, asking `nextChange` before
    /// each drawing as `wake` does.
    private mutating func drawAhead(after instant: Duration) {
        let capacity = configuration.framesDrawnAhead
        guard capacity > 0, var due = renderDue else { return }
        if ahead.count != capacity {
            let blank = Frame(width: scene.width, height: scene.height, depth: scene.depth)
            ahead = Array(repeating: DrawnAhead(instant: .zero, due: nil, frame: blank), count: capacity)
        }
        var last = instant
        while aheadCount < capacity {
            // Where the loop wakes to draw next (as `nextWake` has it).
            let next = gridInstant(atOrAfter: due, after: last)
            let nextDue = scene.nextChange(state, after: next, clock: clockText).map { max($0, next) }
            // The paints are lent out of their slot, which the frame is drawn into.
            var paints = Paints()
            swap(&paints, &ahead[aheadCount].paints)
            scene.render(state, at: next, clock: clockText, into: &ahead[aheadCount].frame, paints: &paints)
            swap(&paints, &ahead[aheadCount].paints)
            ahead[aheadCount].instant = next
            ahead[aheadCount].due = nextDue
            aheadCount += 1
            guard let nextDue else { break }
            due = nextDue
            last = next
        }
    }

    /// The slot of the frame drawn ahead for grid instant `instant`, when it is the next one to show.
    private func nextDrawnAhead(at instant: Duration) -> Int? {
        aheadNext < aheadCount && ahead[aheadNext].instant == instant ? aheadNext : nil
    }

    /// Forgets the frames drawn ahead and not shown.
    private mutating func dropFramesAhead() {
        aheadCount = 0
        aheadNext = 0
    }

    private mutating func startDemo(at now: Duration) {
        for command in DemoTrack.commands { state.apply(command, at: now) }
        scene.observe(state, at: now)
    }

    private mutating func updateClock(_ timeOfDay: Duration, at now: Duration) {
        let (seconds, attoseconds) = timeOfDay.components
        let minuteOfDay = Int(seconds / 60) % (24 * 60)
        let hours = minuteOfDay / 60
        let minutes = minuteOfDay % 60
        let text = (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
        // The text changes when the next minute begins.
        let intoMinute = Duration.seconds(seconds % 60) + .nanoseconds(attoseconds / 1_000_000_000)
        nextClockMinute = now + (.seconds(60) - intoMinute)
        guard text != clockText else { return }
        clockText = text
        drawSoon(at: now)
    }

    /// Logs feed problems, at most `feedProblemsPerMinute` a minute, and counts them all. The problems not
    /// logged are summed up in one line when their minute ends (`wake` then), whether or not more come.
    private mutating func report(_ events: [FeedEvent], at now: Duration, into actions: inout [Action]) {
        let limit = configuration.feedProblemsPerMinute
        for case .problem(let problem) in events {
            feedProblems += 1
            changedSinceStatus = true
            if problemWindow.map({ now - $0 >= Self.problemWindowLength }) ?? true {
                closeProblemWindow(into: &actions)
                problemWindow = now
            }
            problemsInWindow += 1
            if problemsInWindow <= limit { actions.append(.log(.warning, problem.description)) }
        }
    }

    private static let problemWindowLength = Duration.seconds(60)

    /// When the minute of feed problems ends with some not logged; nil when there is nothing to sum up.
    private var problemSummaryDue: Duration? {
        guard problemsInWindow > configuration.feedProblemsPerMinute, let problemWindow else { return nil }
        return problemWindow + Self.problemWindowLength
    }

    private mutating func closeProblemWindow(into actions: inout [Action]) {
        let limit = configuration.feedProblemsPerMinute
        if problemsInWindow > limit {
            actions.append(
                .log(.warning, "\(problemsInWindow - limit) more feed errors in the last minute were not logged"))
        }
        problemWindow = nil
        problemsInWindow = 0
    }
}
