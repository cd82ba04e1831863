import TickerFollow
import TickerIO

/// `tickerctl follow …`: follows a music player until SIGTERM or SIGINT; 0 on a clean stop, 2 on a usage
/// error, 1 when the signals cannot be set up or the MQTT broker refuses the bridge's login.
func runFollow(_ arguments: [String]) -> Int32 {
    var environment: [String: String] = [:]
    for name in ["MPD_HOST", "MPD_PORT", "CREDENTIALS_DIRECTORY"] {
        if let value = Posix.environment(name) { environment[name] = value }
    }
    let command: FollowCommand
    do {
        command = try FollowCommand.parse(arguments, environment: environment)
    } catch {
        Logger(program: "tickerctl").error("follow: \(error)")
        try? Posix.writeAll(2, Array((FollowCommand.usage + "\n").utf8), what: "stderr")
        return 2
    }
    if command == .help {
        print(FollowCommand.usage)
        return 0
    }
    if case .librespot(let feedPath, let lyrics, let fetchLyrics) = command {
        let log = Logger(program: "tickerctl follow librespot")
        let hook = LibrespotHook(feedPath: feedPath, lyrics: lyrics.library, online: lyrics.online(log: log))
        return runLibrespotHook(hook, arguments: arguments, fetchLyrics: fetchLyrics, log: log)
    }
    let signals: SignalSource
    do { signals = try SignalSource() } catch { fail(error.description, status: 1) }
    let log = Logger(program: "tickerctl follow")
    let status = command.run(signals: signals, log: log)
    log.info("stopped")
    return status
}

/// `tickerctl follow librespot`: passes on the one event in the environment and exits; 0 when it was written
/// (or changes nothing), 1 when the feed could not take it or a value was unreadable, 2 without an event.
/// Lyrics to be asked of a server are left to a copy of this program started with `--fetch-lyrics` (the
/// same arguments and environment), which librespot does not wait for.
func runLibrespotHook(_ hook: LibrespotHook, arguments: [String], fetchLyrics: Bool, log: Logger) -> Int32 {
    var environment: [String: String] = [:]
    for name in LibrespotHook.variables {
        if let value = Posix.environment(name) { environment[name] = value }
    }
    do {
        if fetchLyrics {
            try hook.fetchLyrics(environment: environment, log: log)
            return 0
        }
        let outcome = try hook.run(environment: environment, log: log)
        if let track = outcome.lyricsToFetch {
            do {
                let program = try Posix.realpath("/proc/self/exe")
                try ChildProcess.spawnDetached(
                    program, arguments: ["follow"] + arguments + [LibrespotHook.fetchLyricsOption])
            } catch {
                log.warning("cannot ask for the lyrics of '\(track.title)': \(error)")
            }
        }
        return 0
    } catch .event(.missingEvent) {
        log.error(LibrespotEventError.missingEvent.description)
        return 2
    } catch {
        log.error(error.description)
        return 1
    }
}
