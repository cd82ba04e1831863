import TickerCore
import TickerIO

/// Follows MPRIS players (browsers, Spotify, VLC, …) on the session bus through `playerctl --follow`:
/// parses its records, and writes every change (track, lyrics, play/pause/stop, a seek) to the feed,
/// with a fresh position every `refreshSeconds` while playing. Restarts playerctl with backoff when it
/// exits, and ends it when the follower stops.
package struct MPRISFollower: Sendable {
    /// The player to follow (playerctl's `--player`: a name such as `spotify`, or a comma-separated list),
    /// or `nil` for whichever player playerctl picks.
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
        (player.map { ["--player=" + $0] } ?? []) + ["--follow", "metadata", "--format", PlayerctlOutputParser.format]
    }

    /// Runs until SIGTERM or SIGINT arrives from `signals`. Never returns early: playerctl and the feed are
    /// retried forever, with one log line per change of trouble.
    package func run(signals: SignalSource, log: Logger) {
        let publisher = FeedPublisher(feedPath: feedPath, lyrics: lyrics, online: online, log: log)
        var trouble = Trouble()
        log.info("following MPRIS players through '\(playerctl)'" + (player.map { " (player '\($0)')" } ?? ""))
        while !signals.stopRequested {
            var problem: String
            do {
                let child = try ChildProcess.spawn(playerctl, arguments: playerctlArguments)
                if follow(child, publisher: publisher, signals: signals, log: log, trouble: &trouble) {
                    child.terminate()
                    break
                }
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
    private struct Trouble {
        /// Restarts of playerctl, and why it last ended until it reports again.
        var retry = Retry()
        /// The last line playerctl wrote to its standard error.
        var lastMessage: String?
    }

    /// Reads `child` until it ends (returns `false`) or a stop is requested (returns `true`).
    private func follow(
        _ child: ChildProcess,
        publisher: FeedPublisher,
        signals: SignalSource,
        log: Logger,
        trouble: inout Trouble
    ) -> Bool {
        var parser = PlayerctlOutputParser()
        var filter = MPRISUpdateFilter(refreshSeconds: refreshSeconds)
        var errors = LineCollector(limit: 512)
        // A player whose title holds a separator repeats the bad record every second; log 1, 10, 100, …
        var reportDropsAt = 1
        // Whatever the feed was told before this playerctl came along may be stale.
        publisher.resend()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        func readChunk(_ fd: Int32) -> Posix.Transfer? {
            chunk.withUnsafeMutableBytes { raw in try? Posix.read(fd, into: raw, what: child.program) }
        }
        while true {
            var entries = [
                Posix.PollEntry(signals.fileDescriptor, Posix.readable),
                Posix.PollEntry(child.standardOutput, Posix.readable),
                Posix.PollEntry(child.standardError, Posix.readable),
                // Lyrics found online; -1 (ignored by poll) without online lookups.
                Posix.PollEntry(publisher.lyricsWakeDescriptor ?? -1, Posix.readable),
            ]
            let count: Int
            do {
                count = try Posix.poll(
                    &entries, timeoutMilliseconds: publisher.timeUntilFeedRetry()?.pollMilliseconds ?? -1)
            } catch {
                return false
            }
            if entries[0].revents != 0, signals.stopRequested { return true }
            if entries[3].revents != 0 { publisher.deliverLyrics() }
            if count == 0, let last = publisher.last {
                publisher.publish(last, reason: .tick)
                continue
            }
            if entries[2].revents != 0 {
                switch readChunk(child.standardError) {
                case .done(let read) where read > 0:
                    errors.append(chunk[0..<read])
                    while let line = errors.next() {
                        if line == trouble.lastMessage { continue }
                        log.warning("\(playerctl): \(line)")
                        trouble.lastMessage = line
                    }
                case .wouldBlock: break
                default: child.closeStandardError()
                }
            }
            guard entries[1].revents != 0 else { continue }
            let read: Int
            switch readChunk(child.standardOutput) {
            case .wouldBlock: continue
            case .done(let count) where count > 0: read = count
            default: return false
            }
            parser.append(chunk[0..<read])
            let now = Clock.now.inSeconds
            while let report = parser.next() {
                if trouble.retry.succeeded() {
                    log.info("'\(playerctl)' reports again")
                    trouble.lastMessage = nil
                }
                let snapshot = MPRISSnapshot.make(report, musicDirectory: lyrics.musicDirectory, now: now)
                if let reason = filter.reason(for: snapshot, now: now) {
                    publisher.publish(snapshot, reason: reason)
                }
            }
            if parser.droppedRecords >= reportDropsAt {
                log.warning(
                    "skipped a garbled or oversized record from '\(playerctl)' (\(parser.droppedRecords) so far)")
                while reportDropsAt <= parser.droppedRecords { reportDropsAt *= 10 }
            }
        }
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
