import Glibc

/// Follows shairport-sync through its metadata pipe: parses the items, keeps the player snapshot and
/// writes every change to the feed. Waits (with backoff) for the pipe to appear.
public struct ShairportFollower: Sendable {
    /// shairport-sync's metadata FIFO (its `metadata.pipe_name`).
    public var pipePath: String
    /// The feed FIFO to write to.
    public var feedPath: String
    /// Where lyrics are looked up (`Artist - Title.lrc` in a lyrics directory).
    public var lyrics: LyricsLibrary

    /// A follower with the given settings.
    public init(pipePath: String = "/tmp/shairport-sync-metadata", feedPath: String, lyrics: LyricsLibrary = LyricsLibrary()) {
        self.pipePath = pipePath
        self.feedPath = feedPath
        self.lyrics = lyrics
    }

    /// Runs until `stop` is requested.
    public func run(stop: StopSignal, log: FollowLog) {
        let publisher = FeedPublisher(feedPath: feedPath, lyrics: lyrics, log: log)
        var backoff = Backoff()
        var lastProblem: String?
        // The track outlives a reopened pipe: shairport-sync closing it is not the end of what plays.
        var translator = ShairportTranslator()
        publisher.publish(translator.snapshot, reason: .change)
        while !stop.isRequested {
            let fd: Int32
            switch openPipe() {
            case .success(let opened):
                fd = opened
            case .failure(let failure):
                let problem = failure.text
                if problem != lastProblem {
                    log(.warning, "\(problem); retrying (every \(FeedScript.seconds(backoff.maximum)) s at most)")
                    lastProblem = problem
                }
                if stop.wait(for: 0, on: -1, timeoutMillis: Int32(backoff.take() * 1000)) == .stopped { return }
                continue
            }
            backoff.reset()
            lastProblem = nil
            log(.info, "reading shairport-sync metadata from '\(pipePath)'")
            follow(fd, translator: &translator, publisher: publisher, stop: stop, log: log)
            close(fd)
        }
    }

    private struct OpenProblem: Error {
        var text: String
    }

    private func openPipe() -> Result<Int32, OpenProblem> {
        // O_RDWR: holding a write end ourselves, the pipe never reports EOF between shairport-sync's
        // sessions, so poll() does not spin on POLLHUP. Where only reading is allowed (shairport-sync makes the
        // pipe under its own user, 0644 by the usual umask), a read-only descriptor is reopened at each EOF.
        var fd = open(pipePath, O_RDWR | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0, errno == EACCES { fd = open(pipePath, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT {
                return .failure(OpenProblem(text: "metadata pipe '\(pipePath)' does not exist yet (is shairport-sync running with metadata enabled?)"))
            }
            return .failure(OpenProblem(text: "open '\(pipePath)': \(String(cString: strerror(code)))"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else {
            close(fd)
            return .failure(OpenProblem(text: "open '\(pipePath)': not a named pipe (expected shairport-sync's metadata pipe)"))
        }
        return .success(fd)
    }

    private func follow(
        _ fd: Int32, translator: inout ShairportTranslator, publisher: FeedPublisher, stop: StopSignal, log: FollowLog
    ) {
        var parser = ShairportMetadataParser()
        var dropped = 0
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            switch stop.wait(for: Int16(POLLIN), on: fd, timeoutMillis: earliest(-1, publisher.millisUntilFeedRetry())) {
            case .stopped:
                return
            case .timeout:
                publisher.publish(translator.snapshot, reason: .tick)
                continue
            case .ready:
                break
            }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                log(.warning, "read '\(pipePath)': \(String(cString: strerror(errno))); reopening")
                return
            }
            // End of file on a read-only descriptor: shairport-sync closed the pipe; a fresh descriptor waits
            // for its next session without reporting POLLHUP.
            if count == 0 { return }
            parser.append(chunk[0..<count])
            var changed = false
            let now = MonotonicClock.now()
            while let item = parser.next() {
                if translator.apply(item, now: now) { changed = true }
            }
            if parser.droppedItems != dropped {
                dropped = parser.droppedItems
                log(.warning, "skipped a garbled or oversized metadata item in '\(pipePath)' (\(dropped) so far)")
            }
            if changed {
                publisher.publish(translator.snapshot, reason: .change)
            }
        }
    }
}
