import TickerCore

/// The brightness the daemon's sink shows: the schedule (`[brightness]`) read against the local clock at
/// start and whenever its next entry is due, told to the machine (which weighs the feed's brightness over it
/// and lets it go at a scheduled change), and the fade from one brightness in force to the next. It says when
/// the sink's brightness next changes: every step of a fade, else the schedule's next entry, so that the loop
/// sleeps in between. The wall clock is also read again every `recheck`, so that a clock set while the daemon
/// runs (a Raspberry Pi without a real-time clock sets it from NTP after boot) moves the schedule with it.
struct DaemonBrightness {
    private var schedule = BrightnessSchedule()
    private var fade = BrightnessFade(percent: 100, length: .zero)
    /// When the schedule's next entry is due, as read last (nil without a schedule).
    private var entryAt: Duration?
    /// The schedule's level at the last reading.
    private var scheduled: Int?
    /// When to read the wall clock again: the next entry, or sooner, `recheck` after the last reading.
    private var nextReading: Duration?

    /// The longest time between two readings of the wall clock while a schedule is set.
    static let recheck: Duration = .seconds(15 * 60)

    /// Takes `settings` at `now`, at start (the level is then set at once, with no fade) or on a reload
    /// (`reloaded`: the level fades from where it is to the new one), and reads the schedule.
    mutating func take(_ settings: Config.Brightness, _ machine: inout DaemonMachine, at now: Duration, reloaded: Bool)
    {
        schedule = settings.schedule
        entryAt = nil
        nextReading = nil
        read(&machine, at: now, due: false)
        let level = fade.percent(at: now)
        fade = BrightnessFade(
            percent: reloaded ? Int(level.rounded()) : machine.brightnessPercent, length: settings.fade)
        fade.aim(at: machine.brightnessPercent, at: now)
    }

    /// At a wake-up at `now`: the schedule is read when its next entry is due (a brightness the feed set gives
    /// way to it), and the fade aims at the brightness in force.
    mutating func update(_ machine: inout DaemonMachine, at now: Duration) {
        if let due = nextReading, now >= due { read(&machine, at: now, due: true) }
        fade.aim(at: machine.brightnessPercent, at: now)
    }

    /// The sink's brightness at `now`, 0–255.
    func level(at now: Duration) -> UInt8 { fade.level(at: now) }

    /// When the link must act for the brightness, as planned after the last wake-up: a step of the fade or the
    /// schedule's next reading. It stays until the next `plan(after:fading:)`, as the link's own deadline does
    /// until the link acts.
    private(set) var due: Duration?

    /// Plans, after a wake-up at `now`, when the sink's brightness next changes (`fading`: counting the fade's
    /// steps, which only a device needs) or the schedule must be read again.
    mutating func plan(after now: Duration, fading: Bool) {
        due = .sooner(fading ? fade.nextChange(after: now) : nil, nextReading)
    }

    /// Reads the schedule against the wall clock at `now`. At a wake-up (`due`), a brightness the feed set gives
    /// way when an entry has come: the one expected, or another because the wall clock was set.
    private mutating func read(_ machine: inout DaemonMachine, at now: Duration, due: Bool) {
        let reading = LocalClock.reading(of: schedule)
        let entryCame = entryAt.map { now >= $0 } == true || reading?.percent != scheduled
        machine.schedule(brightness: reading?.percent, replacingFeed: due && entryCame, at: now)
        scheduled = reading?.percent
        // A reading a hair early (the wall clock slewed) is read again a moment later.
        entryAt = reading.map { now + max($0.untilNext, .milliseconds(1)) }
        nextReading = entryAt.map { min($0, now + Self.recheck) }
    }
}
