import Glibc
import TickerIO
import TickerPictures

/// Follows shairport-sync through its metadata pipe: parses the items, keeps the player snapshot and
/// writes every change to the feed, with the cover art it sends (`PICT`, with `include_cover_art = "yes"`).
/// Waits (with backoff) for the pipe to appear.
package struct ShairportFollower: Sendable {
    /// shairport-sync's metadata FIFO (its `metadata.pipe_name`).
    package var pipePath: String
    /// The feed, and where lyrics are looked up (`Artist - Title.lrc` in a lyrics directory, a lyrics server).
    package var feed: FeedSettings
    /// The track outlives a reopened pipe: shairport-sync closing it is not the end of what plays.
    private var translator = ShairportTranslator()

    /// A follower with the given settings.
    package init(
        pipePath: String = "/tmp/shairport-sync-metadata", feedPaths: [String], lyrics: LyricsLibrary = LyricsLibrary(),
        online: OnlineLyricsSettings? = nil, covers: CoverSettings? = nil
    ) {
        self.pipePath = pipePath
        feed = FeedSettings(paths: feedPaths, lyrics: lyrics, online: online, covers: covers)
    }

    /// Runs until SIGTERM or SIGINT arrives from `signals`, reading the time from `clock`.
    package func run(signals: SignalSource, log: Logger, clock: FollowerClock = .monotonic) {
        var follower = self
        FollowerRunner(feed: feed, signals: signals, log: log, clock: clock).run(&follower)
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

}

extension ShairportFollower: Follower {
    /// One open descriptor of the pipe, and the items read from it so far.
    struct Session {
        let fd: Int32
        var parser = ShairportMetadataParser()
        var dropped = 0
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    }

    static var lostStopsClock: Bool { false }

    mutating func begin(_ runner: FollowerRunner) {
        runner.publisher.publish(translator.snapshot, reason: .change)
    }

    mutating func connect(_ runner: FollowerRunner) throws(FollowerEnd) -> Session {
        switch openPipe() {
        case .success(let fd):
            runner.log.info("reading shairport-sync metadata from '\(pipePath)'")
            // The cover art (`PICT`) is kept only when covers are sent.
            let maxPicture = feed.covers == nil ? nil : CoverImage.maxFileBytes
            return Session(fd: fd, parser: ShairportMetadataParser(maxPictureBytes: maxPicture))
        case .failure(let failure):
            throw .failed(failure.text)
        }
    }

    /// The pipe, until the feed's retry or the clock of a session whose audio never said it started.
    mutating func poll(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) -> FollowerWait {
        let wake = translator.deadline
        return FollowerWait([Posix.PollEntry(session.fd, Posix.readable)], until: wake)
    }

    mutating func ready(_ readiness: FollowerReadiness, in session: inout Session, _ runner: FollowerRunner)
        throws(FollowerEnd)
    {
        guard readiness != .timeout else {
            let changed = translator.expire(now: runner.now)
            runner.publisher.publish(translator.snapshot, reason: changed ? .change : .tick)
            return
        }
        let fd = session.fd
        let result = session.chunk.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) -> Posix.Transfer in try Posix.read(fd, into: raw, what: pipePath) }
        }
        let count: Int
        switch result {
        case .success(.done(let read)): count = read
        case .success(.wouldBlock): return
        case .failure(let error): throw .reconnect(warning: "\(error); reopening", stopsClock: false)
        }
        // End of file on a read-only descriptor: shairport-sync closed the pipe; a fresh descriptor waits for
        // its next session without reporting POLLHUP.
        if count == 0 { throw .reconnect(warning: nil, stopsClock: false) }
        session.parser.append(session.chunk[0..<count])
        let now = runner.now
        // Item by item: a read can hold a whole session, and each of its changes is news.
        while let item = session.parser.next() {
            if translator.apply(item, now: now) { runner.publisher.publish(translator.snapshot, reason: .change) }
        }
        if session.parser.droppedItems != session.dropped {
            session.dropped = session.parser.droppedItems
            runner.log.warning(
                "skipped a garbled or oversized metadata item in '\(pipePath)' (\(session.dropped) so far)")
        }
    }

    mutating func close(_ session: inout Session, _ runner: FollowerRunner) {
        Posix.close(session.fd)
    }
}
