import TickerCore
import TickerIO

/// Follows MPRIS players (browsers, Spotify, VLC, …) on the session bus through `playerctl --follow`:
/// parses its records, and writes every change (track, lyrics, play/pause/stop, a seek) to the feed,
/// with a fresh position every `refreshSeconds` while playing. Restarts playerctl with backoff when it
/// exits, and ends it when the follower stops.
package struct MPRISFollower: Sendable {
    /// The player to follow (playerctl's `--player`: a name such as `spotify`, or a comma-separated list in
    /// the order preferred), or `nil` for the one that plays (`MPRISPlayerChoice`).
    package var player: String?
    /// The feed FIFO to write to.
    package var feedPath: String
    /// Where lyrics are looked up: sidecars of `file://` tracks inside the music directory, and a lyrics
    /// directory of `Artist - Title.lrc` files.
    package var lyrics: LyricsLibrary
    /// The playerctl program: a path, or a name looked up in `PATH`.
    package var playerctl: String
    /// How often a fresh `position` is sent while playing, in seconds.
    package var refreshSeconds: Double
    /// Where lyrics found nowhere else are looked up online; nil for never.
    package var online: OnlineLyricsSettings?

    /// A follower with the given settings.
    package init(
        player: String? = nil,
        feedPath: String,
        lyrics: LyricsLibrary = LyricsLibrary(),
        playerctl: String = "playerctl",
        refreshSeconds: Double = 5,
        online: OnlineLyricsSettings? = nil
    ) {
        self.online = online
        self.player = player
        self.feedPath = feedPath
        self.lyrics = lyrics
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

    /// Runs until SIGTERM or SIGINT arrives from `signals`. Never returns early: playerctl and the feed are
    /// retried forever, with one log line per change of trouble.
    package func run(signals: SignalSource, log: Logger) {
        let publisher = FeedPublisher(feedPath: feedPath, lyrics: lyrics, online: online, log: log)
        var trouble = Trouble()
        log.info("following MPRIS players through '\(playerctl)'" + (player.map { " (player '\($0)')" } ?? ""))
        // What the feed was told before a playerctl came along may be stale, except after a restart of our own.
        var resend = true
        var stuckRestartAt = -Double.infinity
        while !signals.stopRequested {
            var problem: String
            do {
                let child = try ChildProcess.spawn(playerctl, arguments: playerctlArguments)
                // At most every 30 s, so that a player that always contradicts itself cannot make a loop.
                let restartsWhenStuck = Clock.now.inSeconds - stuckRestartAt >= 30
                var session = Session(
                    follower: self, child: child, publisher: publisher, log: log, restartsWhenStuck: restartsWhenStuck)
                if resend { publisher.resend() }
                resend = true
                switch session.follow(signals: signals, trouble: &trouble) {
                case .stopRequested:
                    child.terminate()
                    return
                case .stuck:
                    log.info("'\(playerctl)' keeps reporting a state its players have left; starting it again")
                    stuckRestartAt = Clock.now.inSeconds
                    child.terminate()
                    resend = false
                    continue
                case .ended:
                    break
                }
                session.settle()
                problem = "'\(playerctl)' exited (\(child.terminate().map(\.description) ?? "already reaped"))"
            } catch {
                problem = error.description
            }
            let (delay, isNew) = trouble.retry.failed(problem)
            if isNew { log.warning("\(problem); restarting it in \(delay.logDescription)") }
            // Nothing reports the player's state any more; a stopped clock is the honest picture.
            if var last = publisher.last, last.state != .stop {
                last.state = .stop
                publisher.publish(last, reason: .change)
            }
            if publisher.wait(for: 0, on: nil, signals: signals, timeout: delay) == .stopped { break }
        }
    }

    /// What keeps the log to one line per change of trouble across restarts of playerctl.
    fileprivate struct Trouble {
        /// Restarts of playerctl, and why it last ended until it reports again.
        var retry = Retry()
        /// The last line playerctl wrote to its standard error.
        var lastMessage: String?
    }
}

/// One run of `playerctl --follow`: its reports, the choice of the player shown, and the runs that ask every
/// player once when the choice needs it.
private struct Session {
    let follower: MPRISFollower
    let child: ChildProcess
    let publisher: FeedPublisher
    let log: Logger
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
    /// When the last ask started (monotonic seconds).
    var askedAt = -Double.infinity
    /// The player last named in the log.
    var announced: String?
    /// Why the last ask failed, logged once until one succeeds.
    var askProblem: String?
    /// How long an ask may take before it is given up (seconds).
    static let askTimeout = 5.0
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    /// A run of `playerctl --all-players … metadata`, read to its end.
    struct Ask {
        let child: ChildProcess
        let since: Int
        var parser = PlayerctlOutputParser()
    }

    init(follower: MPRISFollower, child: ChildProcess, publisher: FeedPublisher, log: Logger, restartsWhenStuck: Bool) {
        self.restartsWhenStuck = restartsWhenStuck
        self.follower = follower
        self.child = child
        self.publisher = publisher
        self.log = log
        choice = MPRISPlayerChoice(prefersPlaying: follower.player == nil)
        filter = MPRISUpdateFilter(refreshSeconds: follower.refreshSeconds)
    }

    /// How a run of `playerctl --follow` ended.
    enum End {
        /// SIGTERM or SIGINT arrived.
        case stopRequested
        /// playerctl exited (or its output could not be read).
        case ended
        /// Its reports are stuck on a state its players have left (`MPRISPlayerChoice.Outcome.stuck`).
        case stuck
    }

    /// Reads playerctl until it ends or a stop is requested.
    mutating func follow(signals: SignalSource, trouble: inout MPRISFollower.Trouble) -> End {
        while true {
            var entries = [
                Posix.PollEntry(signals.fileDescriptor, Posix.readable),
                Posix.PollEntry(child.standardOutput, Posix.readable),
                Posix.PollEntry(child.standardError, Posix.readable),
                // Lyrics found online; -1 (ignored by poll) without online lookups.
                Posix.PollEntry(publisher.lyricsWakeDescriptor ?? -1, Posix.readable),
                Posix.PollEntry(ask?.child.standardOutput ?? -1, Posix.readable),
            ]
            let count: Int
            do {
                count = try Posix.poll(&entries, timeoutMilliseconds: timeout()?.pollMilliseconds ?? -1)
            } catch {
                return .ended
            }
            if entries[0].revents != 0, signals.stopRequested { return .stopRequested }
            if entries[3].revents != 0 { publisher.deliverLyrics() }
            if entries[4].revents != 0 { readAsk() }
            if entries[2].revents != 0 { readErrors(&trouble) }
            if entries[1].revents != 0 {
                switch readReports(&trouble) {
                case .ended: return .ended
                case .stuck: return .stuck
                case .stopRequested, nil: break
                }
            }
            let now = Clock.now.inSeconds
            if let released = filter.release(now: now) { publisher.publish(released.snapshot, reason: released.reason) }
            if let running = ask, now >= askedAt + Self.askTimeout {
                ask = nil
                running.child.terminate()
                askFailed("'\(follower.playerctl)' did not answer within \(Self.askTimeout) s")
            }
            if choice.needsWatching, now >= askedAt + follower.refreshSeconds { startAsk(now: now) }
            // The feed's retry time: only `publish` reopens it.
            if count == 0, publisher.timeUntilFeedRetry() != nil, let last = publisher.last {
                publisher.publish(last, reason: .tick)
            }
        }
    }

    /// How long poll may wait: until the feed is retried, a placeholder is due, or the followed player is to
    /// be asked about again.
    private func timeout() -> Duration? {
        let now = Clock.now.inSeconds
        var wake = filter.heldUntil
        if ask != nil {
            wake = min(wake ?? .infinity, askedAt + Self.askTimeout)
        } else if choice.needsWatching {
            wake = min(wake ?? .infinity, askedAt + follower.refreshSeconds)
        }
        let due = wake.map { Duration.milliseconds(Int64((max($0 - now, 0) * 1000).rounded(.up))) }
        return earliest(publisher.timeUntilFeedRetry(), due)
    }

    private mutating func read(_ fd: Int32) -> Posix.Transfer? {
        let what = child.program
        return chunk.withUnsafeMutableBytes { raw in try? Posix.read(fd, into: raw, what: what) }
    }

    private mutating func readErrors(_ trouble: inout MPRISFollower.Trouble) {
        switch read(child.standardError) {
        case .done(let read) where read > 0:
            errors.append(chunk[0..<read])
            while let line = errors.next() {
                if line == trouble.lastMessage { continue }
                log.warning("\(follower.playerctl): \(line)")
                trouble.lastMessage = line
            }
        case .wouldBlock: break
        default: child.closeStandardError()
        }
    }

    /// Reads what `--follow` printed and acts on every whole report; how the run ends, if it does.
    private mutating func readReports(_ trouble: inout MPRISFollower.Trouble) -> End? {
        switch read(child.standardOutput) {
        case .wouldBlock: return nil
        case .done(let count) where count > 0: parser.append(chunk[0..<count])
        default: return .ended
        }
        let now = Clock.now.inSeconds
        while let report = parser.next() {
            if trouble.retry.succeeded() {
                log.info("'\(follower.playerctl)' reports again")
                trouble.lastMessage = nil
            }
            let outcome: MPRISPlayerChoice.Outcome
            switch report {
            case .noPlayer: outcome = choice.noPlayers()
            case .player(let record): outcome = choice.reported(record.player, snapshot(of: record, now: now), now: now)
            }
            if outcome.stuck {
                if restartsWhenStuck { return .stuck }
                continue
            }
            apply(outcome, now: now)
        }
        if parser.droppedRecords >= reportDropsAt {
            log.warning(
                "skipped a garbled or oversized record from '\(follower.playerctl)' (\(parser.droppedRecords) so far)")
            while reportDropsAt <= parser.droppedRecords { reportDropsAt *= 10 }
        }
        return nil
    }

    private func snapshot(of record: PlayerctlRecord, now: Double) -> PlayerSnapshot {
        MPRISSnapshot.make(.player(record), musicDirectory: follower.lyrics.musicDirectory, now: now)
    }

    private mutating func apply(_ outcome: MPRISPlayerChoice.Outcome, now: Double) {
        if outcome.switched { filter.reset() }
        if let snapshot = outcome.snapshot {
            if follower.player == nil, choice.followed != announced {
                announced = choice.followed
                if let player = announced { log.info("following player '\(player)'") }
            }
            if let reason = filter.reason(for: snapshot, now: now) { publisher.publish(snapshot, reason: reason) }
        }
        if outcome.ask { startAsk(now: now) }
    }

    /// Passes on what is known of the followed player when no answer will come to settle the choice (the ask
    /// failed, or playerctl ended while it ran).
    mutating func settle() {
        let now = Clock.now.inSeconds
        if let snapshot = choice.followedSnapshot, let reason = filter.reason(for: snapshot, now: now) {
            publisher.publish(snapshot, reason: reason)
        }
    }

    private mutating func startAsk(now: Double) {
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
        let now = Clock.now.inSeconds
        var answer: [(player: String, snapshot: PlayerSnapshot)] = []
        while let report = running.parser.next() {
            if case .player(let record) = report { answer.append((record.player, snapshot(of: record, now: now))) }
        }
        // Exit status 1 also ends a run that could not reach a player after printing the ones before it: only
        // "No players found" and "No player could handle this command" mean that none has a track.
        let none = answer.isEmpty && ["No players found", "No player could handle"].contains { complaint.contains($0) }
        if status == .exited(0) || (status == .exited(1) && none) {
            askProblem = nil
            apply(choice.answered(answer, since: running.since, now: now), now: now)
        } else {
            let said = String(FeedText.oneLine(complaint).prefix(300))
            askFailed(
                "'\(follower.playerctl)' ended with \(status.map(\.description) ?? "an unknown status")"
                    + (said.isEmpty ? "" : ": \(said)"))
        }
        if askAgain { startAsk(now: Clock.now.inSeconds) }
    }

    /// Logs why an ask failed (once until one succeeds) and goes on with what is known.
    private mutating func askFailed(_ problem: String) {
        if problem != askProblem { log.warning("asking the players for their state failed: \(problem)") }
        askProblem = problem
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
