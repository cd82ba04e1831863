import Glibc
import TickerIO

/// Follows shairport-sync through its metadata pipe: parses the items, keeps the player snapshot and
/// writes every change to the feed. Waits (with backoff) for the pipe to appear.
package struct ShairportFollower: Sendable {
    /// shairport-sync's metadata FIFO (its `metadata.pipe_name`).
    package var pipePath: String
    /// The feed FIFO to write to.
    package var feedPath: String
    /// Where lyrics are looked up (`Artist - Title.lrc` in a lyrics directory).
    package var lyrics: LyricsLibrary
    /// Where lyrics found nowhere else are looked up online; nil for never.
    package var online: OnlineLyricsSettings?

    /// A follower with the given settings.
    package init(
        pipePath: String = "/tmp/shairport-sync-metadata", feedPath: String, lyrics: LyricsLibrary = LyricsLibrary(),
        online: OnlineLyricsSettings? = nil
    ) {
        self.online = online
        self.pipePath = pipePath
        self.feedPath = feedPath
        self.lyrics = lyrics
    }

    /// Runs until SIGTERM or SIGINT arrives from `signals`.
    package func run(signals: SignalSource, log: Logger) {
        let publisher = FeedPublisher(feedPath: feedPath, lyrics: lyrics, online: online, log: log)
        var retry = Retry()
        // The track outlives a reopened pipe: shairport-sync closing it is not the end of what plays.
        var translator = ShairportTranslator()
        publisher.publish(translator.snapshot, reason: .change)
        while !signals.stopRequested {
            let fd: Int32
            switch openPipe() {
            case .success(let opened):
                fd = opened
            case .failure(let failure):
                let (delay, isNew) = retry.failed(failure.text)
                if isNew {
                    log.warning("\(failure.text); retrying (every \(retry.backoff.maximum.logDescription) at most)")
                }
                if publisher.wait(for: 0, on: nil, signals: signals, timeout: delay) == .stopped { return }
                continue
            }
            retry.succeeded()
            log.info("reading shairport-sync metadata from '\(pipePath)'")
            follow(fd, translator: &translator, publisher: publisher, signals: signals, log: log)
            Posix.close(fd)
        }
    }

    private struct OpenProblem: Error {
        var text: String
    }

    private func openPipe() -> Result<Int32, OpenProblem> {
        // O_RDWR: holding a write end ourselves, the pipe never reports EOF between shairport-sync's
        // sessions, so poll() does not spin on POLLHUP. Where only reading is allowed (shairport-sync makes the
        // pipe under its own user, 0644 by the usual umask), a read-only descriptor is reopened at each EOF.
        let fd: Int32
        do {
            do {
                fd = try Posix.open(pipePath, O_RDWR | O_NONBLOCK | O_NOFOLLOW)
            } catch  where error.code == Errno(rawValue: EACCES) {
                fd = try Posix.open(pipePath, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
            }
        } catch {
            if error.code == .noSuchFileOrDirectory {
                return .failure(
                    OpenProblem(
                        text:
                            "metadata pipe '\(pipePath)' does not exist yet (is shairport-sync running with metadata enabled?)"
                    ))
            }
            return .failure(OpenProblem(text: error.description))
        }
        guard let info = try? Posix.fstat(fd, what: pipePath), info.st_mode & S_IFMT == S_IFIFO else {
            Posix.close(fd)
            return .failure(
                OpenProblem(text: "open '\(pipePath)': not a named pipe (expected shairport-sync's metadata pipe)"))
        }
        return .success(fd)
    }

    private func follow(
        _ fd: Int32, translator: inout ShairportTranslator, publisher: FeedPublisher, signals: SignalSource, log: Logger
    ) {
        var parser = ShairportMetadataParser()
        var dropped = 0
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            // The feed's retry, or the clock of a session whose audio never said it started.
            let wake = translator.deadline.map { Duration.seconds(max($0 - Clock.now.inSeconds, 0)) }
            switch publisher.wait(
                for: Posix.readable, on: fd, signals: signals, timeout: earliest(publisher.timeUntilFeedRetry(), wake))
            {
            case .stopped:
                return
            case .timeout:
                let changed = translator.expire(now: Clock.now.inSeconds)
                publisher.publish(translator.snapshot, reason: changed ? .change : .tick)
                continue
            case .ready:
                break
            }
            let result = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) -> Posix.Transfer in try Posix.read(fd, into: raw, what: pipePath) }
            }
            let count: Int
            switch result {
            case .success(.done(let read)): count = read
            case .success(.wouldBlock): continue
            case .failure(let error):
                log.warning("\(error); reopening")
                return
            }
            // End of file on a read-only descriptor: shairport-sync closed the pipe; a fresh descriptor waits
            // for its next session without reporting POLLHUP.
            if count == 0 { return }
            parser.append(chunk[0..<count])
            let now = Clock.now.inSeconds
            // Item by item: a read can hold a whole session, and each of its changes is news.
            while let item = parser.next() {
                if translator.apply(item, now: now) { publisher.publish(translator.snapshot, reason: .change) }
            }
            if parser.droppedItems != dropped {
                dropped = parser.droppedItems
                log.warning("skipped a garbled or oversized metadata item in '\(pipePath)' (\(dropped) so far)")
            }
        }
    }
}
