import TickerFollow
import TickerIO

/// `tickerctl follow …`: follows a music player until SIGTERM or SIGINT; 0 on a clean stop, 2 on a usage
/// error, 1 when the signals cannot be set up.
func runFollow(_ arguments: [String]) -> Int32 {
    var environment: [String: String] = [:]
    for name in ["MPD_HOST", "MPD_PORT"] {
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
    let signals: SignalSource
    do { signals = try SignalSource() } catch { fail(error.description, status: 1) }
    let log = Logger(program: "tickerctl follow")
    command.run(signals: signals, log: log)
    log.info("stopped")
    return 0
}
