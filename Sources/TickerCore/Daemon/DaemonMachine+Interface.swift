/// What the machine is configured with, the signals it hears and the actions it asks the shell for.
extension DaemonMachine {
    /// What the machine needs to know that does not come from the feed.
    public struct Configuration: Sendable, Equatable {
        /// Frames per second: the grid's pitch.
        public var framesPerSecond: Int
        /// The panel's brightness in percent when the feed has not set one.
        public var brightness = 100
        /// systemd's watchdog interval (`WATCHDOG_USEC`), or nil when it expects no pings; pinged every half.
        public var watchdogInterval: Duration?
        /// The least time between two drawings in a terminal, or nil when there is no terminal.
        public var terminalInterval: Duration?
        /// The least time between two `STATUS=` updates while something changes.
        public var statusInterval: Duration = .seconds(1)
        /// Between two `STATUS=` updates while nothing changes.
        public var quietStatusInterval: Duration = .seconds(60)
        /// Feed problems logged per minute; the rest are counted and summed up.
        public var feedProblemsPerMinute = 10
        /// Play the built-in demo track over and over instead of reading the feed.
        public var demo: Bool
        /// The least time between two state snapshots, or nil when none is written (`[feed] state` empty).
        public var snapshotInterval: Duration?
        /// Whether the idle screen is the clock (`SceneStyle.idle`): then the machine reads the time of day.
        public var idleClock = false
        /// How the idle clock writes the time.
        public var clockFormat: ClockFormat = .standard
        /// Whose names of days and months the idle clock uses.
        public var clockLanguage: ClockLanguage = .en
        /// The least time between two writes of the kept state, or nil when none is kept (`[feed] keep` empty).
        public var keepInterval: Duration?
        /// How often the kept state is written again while its track stays up and nothing changes.
        public var keepRefresh: Duration = .seconds(60)

        /// A configuration of `framesPerSecond`, playing the demo or not; the rest is set field by field. The
        /// defaults send a status at most once a second while something changes and once a minute otherwise,
        /// and log at most 10 feed problems a minute.
        public init(framesPerSecond: Int, demo: Bool = false) {
            self.framesPerSecond = framesPerSecond
            self.demo = demo
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
        /// The player state changed at this instant (feed input, a restore, the demo starting over): the renderer
        /// takes note of it (`Renderer.observe(_:at:)`), at this very instant.
        case observe(at: Duration)
        /// Draw the state at this instant (`Renderer.render(_:at:clock:)`, with the idle clock's `clockText`): a
        /// grid instant, or the instant of a wake-up that follows feed input.
        case render(at: Duration)
        /// Hand the picture to the link (it opens, says hello, sends what changed or a keepalive), with
        /// the brightness in force (`brightnessPercent`, faded by the shell).
        case serviceLink(at: Duration)
        /// Draw the picture in the terminal.
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
        case log(Config.LogLevel, String)
        /// Reread the configuration and hand the result to `reload(configuration:at:)` (and the renderer).
        case reload
        /// Blank the panel and exit; the reason is for the log.
        case stop(String)
    }
}
