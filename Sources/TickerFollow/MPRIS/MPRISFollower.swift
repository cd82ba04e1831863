import TickerCore
import TickerIO

/// Follows MPRIS players (browsers, Spotify, VLC, …) on the session bus through `playerctl --follow`:
/// parses its records, and writes every change (track, lyrics, cover, play/pause/stop, a seek) to the feed,
/// with a fresh position every `refreshSeconds` while playing. Restarts playerctl with backoff when it
/// exits, and ends it when the follower stops.
package struct MPRISFollower: Sendable {
    /// The player to follow (playerctl's `--player`: a name such as `spotify`, or a comma-separated list in
    /// the order preferred), or `nil` for the one that plays (`MPRISPlayerChoice`).
    package var player: String?
    /// The feed, and where lyrics are looked up: sidecars of `file://` tracks inside the music directory, a
    /// lyrics directory of `Artist - Title.lrc` files, a lyrics server.
    package var feed: FeedSettings
    /// The playerctl program: a path, or a name looked up in `PATH`.
    package var playerctl: String
    /// How often a fresh `position` is sent while playing, in seconds.
    package var refreshSeconds: Double
    /// What outlives one run of playerctl.
    private var restarts = Restarts()

    /// A follower with the given settings.
    package init(
        player: String? = nil,
        feedPaths: [String],
        lyrics: LyricsLibrary = LyricsLibrary(),
        playerctl: String = "playerctl",
        refreshSeconds: Double = 5,
        online: OnlineLyricsSettings? = nil,
        covers: CoverSettings? = nil
    ) {
        self.player = player
        feed = FeedSettings(paths: feedPaths, lyrics: lyrics, online: online, covers: covers)
        self.playerctl = playerctl
        self.refreshSeconds = refreshSeconds
    }

    /// The arguments playerctl runs with.
    package var playerctlArguments: [String] {
        playerArgument + ["--follow", "metadata", "--format", PlayerctlOutputParser.format]
    }

    /// The arguments of the playerctl run that asks every player for its state once.
    package var askArguments: [String] {
        playerArgument + ["--all-players", "--format", PlayerctlOutputParser.format, "metadata"]
    }

    private var playerArgument: [String] { player.map { ["--player=" + $0] } ?? [] }

    /// Runs until SIGTERM or SIGINT arrives from `signals`, reading the time from `clock`. Never returns early:
    /// playerctl and the feed are retried forever, with one log line per change of trouble.
    package func run(signals: SignalSource, log: Logger, clock: FollowerClock = .monotonic) {
        var follower = self
        FollowerRunner(feed: feed, signals: signals, log: log, clock: clock).run(&follower)
    }

    /// What keeps the log to one line per change of trouble, and the feed in step, across runs of playerctl.
    fileprivate struct Restarts: Sendable {
        /// Whether the next run sends the whole state: what the feed was told before a playerctl came along
        /// may be stale, except after a restart of our own.
        var resend = true
        /// When a run stuck on a stale state was last started again.
        var stuckRestartAt: Duration?
        /// The last line playerctl wrote to its standard error.
        var lastMessage: String?
    }
}

extension MPRISFollower: Follower {
    /// Playerctl is known to work once it reports.
    static var connectingRecovers: Bool { false }

    func retryLine(for problem: String, delay: Duration, retry: Retry) -> String {
        "\(problem); restarting it in \(delay.logDescription)"
    }

    mutating func begin(_ runner: FollowerRunner) {
        runner.log.info("following MPRIS players through '\(playerctl)'" + (player.map { " (player '\($0)')" } ?? ""))
    }

    mutating func connect(_ runner: FollowerRunner) throws(FollowerEnd) -> MPRISSession {
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(playerctl, arguments: playerctlArguments)
        } catch {
            throw .failed(error.description)
        }
        // At most every 30 s, so that a player that always contradicts itself cannot make a loop.
        let restartsWhenStuck = restarts.stuckRestartAt.map { runner.now - $0 >= .seconds(30) } ?? true
        let session = MPRISSession(follower: self, child: child, runner: runner, restartsWhenStuck: restartsWhenStuck)
        if restarts.resend { runner.publisher.resend() }
        restarts.resend = true
        return session
    }

    mutating func poll(_ session: inout MPRISSession, _ runner: FollowerRunner) throws(FollowerEnd) -> FollowerWait {
        session.wait()
    }

    mutating func ready(_ readiness: FollowerReadiness, in session: inout MPRISSession, _ runner: FollowerRunner)
        throws(FollowerEnd)
    {
        switch session.handle(readiness, lastMessage: &restarts.lastMessage) {
        case .ended:
            session.settle()
            throw .failed("'\(playerctl)' exited (\(session.child.terminate().map(\.description) ?? "already reaped"))")
        case .stuck:
            runner.log.info("'\(playerctl)' keeps reporting a state its players have left; starting it again")
            restarts.stuckRestartAt = runner.now
            session.child.terminate()
            restarts.resend = false
            throw .reconnect(warning: nil, stopsClock: false)
        case nil:
            break
        }
    }

    mutating func close(_ session: inout MPRISSession, _ runner: FollowerRunner) {
        session.child.terminate()
    }
}

/// One run of `playerctl --follow`: its reports, the choice of the player shown, and the runs that ask every
/// player once when the choice needs it.
struct MPRISSession {
    let follower: MPRISFollower
    let child: ChildProcess
    let runner: FollowerRunner
    /// Whether a run whose reports are stuck ends (to be started again) rather than has them ignored.
    let restartsWhenStuck: Bool
    var parser = PlayerctlOutputParser()
    var choice: MPRISPlayerChoice
    var filter: MPRISUpdateFilter
    var errors = LineCollector(limit: 512)
    /// A player whose title holds a separator repeats the bad record every second; log 1, 10, 100, …
    var reportDropsAt = 1
    var ask: Ask?
    /// Whether another ask is wanted once the running one answered.
    var askAgain = false
    /// When the last ask started; nil before the first.
    var askedAt: Duration?
    /// The player last named in the log.
    var announced: String?
    /// Why the last ask failed, logged once until one succeeds.
    var askProblem = ProblemOnce()
    /// How long an ask may take before it is given up.
    static let askTimeout = Duration.seconds(5)
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    /// A run of `playerctl --all-players … metadata`, read to its end.
    struct Ask {
        let child: ChildProcess
        let since: Int
        var parser = PlayerctlOutputParser()
    }

    init(follower: MPRISFollower, child: ChildProcess, runner: FollowerRunner, restartsWhenStuck: Bool) {
        self.restartsWhenStuck = restartsWhenStuck
        self.follower = follower
        self.child = child
        self.runner = runner
        choice = MPRISPlayerChoice(prefersPlaying: follower.player == nil)
        filter = MPRISUpdateFilter(refreshSeconds: follower.refreshSeconds)
    }

    private var publisher: FeedPublisher { runner.publisher }
    private var log: Logger { runner.log }

    /// How a run of `playerctl --follow` ended.
    enum End {
        /// playerctl exited (or its output could not be read).
        case ended
        /// Its reports are stuck on a state its players have left (`MPRISPlayerChoice.Outcome.stuck`).
        case stuck
    }

    /// What to poll: playerctl's output and errors, and the ask's output (-1, ignored by poll, without one),
    /// until a placeholder is due, or the followed player is to be asked about again.
    func wait() -> FollowerWait {
        var wake = filter.heldUntil
        if ask != nil {
            wake = earliest(wake, (askedAt ?? .zero) + Self.askTimeout)
        } else if choice.needsWatching {
            wake = earliest(wake, askedAt.map { $0 + refresh } ?? .zero)
        }
        let entries = [
            Posix.PollEntry(child.standardOutput, Posix.readable),
            Posix.PollEntry(child.standardError, Posix.readable),
            Posix.PollEntry(ask?.child.standardOutput ?? -1, Posix.readable),
        ]
        return FollowerWait(entries, until: wake)
    }

    private var refresh: Duration { .milliseconds(Int64((follower.refreshSeconds * 1000).rounded(.up))) }

    /// Acts on what the wait gave; how the run ends, if it does.
    mutating func handle(_ readiness: FollowerReadiness, lastMessage: inout String?) -> End? {
        if case .ready(let revents) = readiness {
            if revents[2] != 0 { readAsk() }
            if revents[1] != 0 { readErrors(&lastMessage) }
            if revents[0] != 0, let end = readReports(&lastMessage) { return end }
        }
        let now = runner.now
        if let released = filter.release(now: now) {
            publisher.publish(released.snapshot, reason: released.reason)
        }
        if let running = ask, now >= (askedAt ?? .zero) + Self.askTimeout {
            ask = nil
            running.child.terminate()
            askFailed("'\(follower.playerctl)' did not answer within \(Self.askTimeout.inSeconds) s")
        }
        if choice.needsWatching, now >= askedAt.map({ $0 + refresh }) ?? .zero { startAsk(now: now) }
        // The feed's retry time: only `publish` reopens it.
        if readiness == .timeout, publisher.timeUntilFeedRetry() != nil, let last = publisher.last {
            publisher.publish(last, reason: .tick)
        }
        return nil
    }

    private mutating func read(_ fd: Int32) -> Posix.Transfer? {
        let what = child.program
        return chunk.withUnsafeMutableBytes { raw in try? Posix.read(fd, into: raw, what: what) }
    }

    private mutating func readErrors(_ lastMessage: inout String?) {
        switch read(child.standardError) {
        case .done(let read) where read > 0:
            errors.append(chunk[0..<read])
            while let line = errors.next() {
                if line == lastMessage { continue }
                log.warning("\(follower.playerctl): \(line)")
                lastMessage = line
            }
        case .wouldBlock: break
        default: child.closeStandardError()
        }
    }

    /// Reads what `--follow` printed and acts on every whole report; how the run ends, if it does.
    private mutating func readReports(_ lastMessage: inout String?) -> End? {
        switch read(child.standardOutput) {
        case .wouldBlock: return nil
        case .done(let count) where count > 0: parser.append(chunk[0..<count])
        default: return .ended
        }
        let now = runner.now
        while let report = parser.next() {
            if runner.recovered() {
                log.info("'\(follower.playerctl)' reports again")
                lastMessage = nil
            }
            let outcome: MPRISPlayerChoice.Outcome
            switch report {
            case .noPlayer: outcome = choice.noPlayers()
            case .player(let record):
                outcome = choice.reported(record.player, snapshot(of: record, at: now), now: now)
            }
            if outcome.stuck {
                if restartsWhenStuck { return .stuck }
                continue
            }
            apply(outcome, at: now)
        }
        if parser.droppedRecords >= reportDropsAt {
            log.warning(
                "skipped a garbled or oversized record from '\(follower.playerctl)' (\(parser.droppedRecords) so far)")
            while reportDropsAt <= parser.droppedRecords { reportDropsAt *= 10 }
        }
        return nil
    }

    private func snapshot(of record: PlayerctlRecord, at now: Duration) -> PlayerSnapshot {
        MPRISSnapshot.make(.player(record), musicDirectory: follower.feed.lyrics.musicDirectory, now: now)
    }

    private mutating func apply(_ outcome: MPRISPlayerChoice.Outcome, at now: Duration) {
        if outcome.switched { filter.reset() }
        if let snapshot = outcome.snapshot {
            if follower.player == nil, choice.followed != announced {
                announced = choice.followed
                if let player = announced { log.info("following player '\(player)'") }
            }
            if let reason = filter.reason(for: snapshot, now: now) {
                publisher.publish(snapshot, reason: reason)
            }
        }
        if outcome.ask { startAsk(now: now) }
    }

    /// Passes on what is known of the followed player when no answer will come to settle the choice (the ask
    /// failed, or playerctl ended while it ran).
    mutating func settle() {
        let now = runner.now
        if let snapshot = choice.followedSnapshot, let reason = filter.reason(for: snapshot, now: now) {
            publisher.publish(snapshot, reason: reason)
        }
    }

    private mutating func startAsk(now: Duration) {
        guard ask == nil else {
            askAgain = true
            return
        }
        askAgain = false
        askedAt = now
        do {
            let child = try ChildProcess.spawn(follower.playerctl, arguments: follower.askArguments)
            ask = Ask(child: child, since: choice.askSequence)
        } catch {
            askFailed(error.description)
        }
    }

    /// Reads the ask's output; at its end, hands the answer to the choice.
    private mutating func readAsk() {
        guard var running = ask else { return }
        switch read(running.child.standardOutput) {
        case .wouldBlock: return
        case .done(let count) where count > 0:
            running.parser.append(chunk[0..<count])
            ask = running
            return
        default: break
        }
        ask = nil
        // The output ended with the process, so whatever it said on stderr is in the pipe.
        var complaint = ""
        if case .done(let count) = read(running.child.standardError) {
            complaint = String(decoding: chunk[0..<count], as: UTF8.self)
        }
        let status = running.child.terminate()
        let now = runner.now
        var answer: [(player: String, snapshot: PlayerSnapshot)] = []
        while let report = running.parser.next() {
            if case .player(let record) = report { answer.append((record.player, snapshot(of: record, at: now))) }
        }
        // Exit status 1 also ends a run that could not reach a player after printing the ones before it: only
        // "No players found" and "No player could handle this command" mean that none has a track.
        let none = answer.isEmpty && ["No players found", "No player could handle"].contains { complaint.contains($0) }
        if status == .exited(0) || (status == .exited(1) && none) {
            _ = askProblem.recovered()
            apply(choice.answered(answer, since: running.since, now: now), at: now)
        } else {
            let said = String(FeedText.oneLine(complaint).prefix(300))
            askFailed(
                "'\(follower.playerctl)' ended with \(status.map(\.description) ?? "an unknown status")"
                    + (said.isEmpty ? "" : ": \(said)"))
        }
        if askAgain { startAsk(now: runner.now) }
    }

    /// Logs why an ask failed (once until one succeeds) and goes on with what is known.
    private mutating func askFailed(_ problem: String) {
        if askProblem.failed(problem) { log.warning("asking the players for their state failed: \(problem)") }
        settle()
    }
}

/// Cuts a byte stream into lines of at most `limit` bytes (longer ones are cut), for logging what a
/// child writes to its standard error.
struct LineCollector {
    let limit: Int
    private var buffer: [UInt8] = []
    private var lines: [String] = []

    init(limit: Int) {
        self.limit = limit
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes {
            if byte == 0x0A {
                flush()
            } else if buffer.count < limit {
                buffer.append(byte)
            }
        }
    }

    mutating func next() -> String? {
        lines.isEmpty ? nil : lines.removeFirst()
    }

    private mutating func flush() {
        let line = FeedText.oneLine(String(decoding: buffer, as: UTF8.self))
        buffer.removeAll(keepingCapacity: true)
        if !line.isEmpty { lines.append(line) }
    }
}
