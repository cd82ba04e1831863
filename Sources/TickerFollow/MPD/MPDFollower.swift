import TickerIO
import TickerPictures

/// Follows an MPD server (or Mopidy's MPD frontend): reads `currentsong` and `status`, waits in `idle` for
/// the subsystems that change them, and writes every change (track, lyrics, play/pause/stop, position) to the
/// feed, with a fresh position every `positionIntervalSeconds` while playing, and the album cover MPD has for
/// a new song (`readpicture`, the picture in the file's tags, else `albumart`, a `cover.*` in its folder).
/// Reconnects with backoff when MPD goes away.
package struct MPDFollower: Sendable {
    /// Where MPD listens.
    package var endpoint: MPDEndpoint
    /// MPD's password, when it requires one.
    package var password: String?
    /// The feed, where lyrics are looked up (sidecars relative to MPD's music directory, a lyrics directory, a
    /// lyrics server), and the covers.
    package var feed: FeedSettings
    /// How often a fresh `position` is sent while playing, in seconds.
    package var positionIntervalSeconds: Double

    /// A follower with the given settings.
    package init(
        endpoint: MPDEndpoint,
        password: String? = nil,
        feedPaths: [String],
        lyrics: LyricsLibrary = LyricsLibrary(),
        positionIntervalSeconds: Double = 5,
        online: OnlineLyricsSettings? = nil,
        covers: CoverSettings? = nil
    ) {
        self.endpoint = endpoint
        self.password = password
        feed = FeedSettings(paths: feedPaths, lyrics: lyrics, online: online, covers: covers)
        self.positionIntervalSeconds = positionIntervalSeconds
    }

    /// Runs until SIGTERM or SIGINT arrives from `signals`, reading the time from `clock`. Never returns early:
    /// MPD and the feed are retried forever, with one log line per change of trouble.
    package func run(signals: SignalSource, log: Logger, clock: FollowerClock = .monotonic) {
        var follower = self
        FollowerRunner(feed: feed, signals: signals, log: log, clock: clock).run(&follower)
    }

    /// What changes the current song or where it plays: `player` (play, pause, seek, next, stop), and
    /// `playlist`, the only event of a queue cleared (or its current song deleted) while stopped, and of a
    /// stream's new title in Mopidy.
    static let idleCommand = "idle player playlist"

    private func refresh(_ connection: MPDConnection, at now: Duration) throws(MPDConnectionError) -> PlayerSnapshot {
        let status = try connection.command("status")
        let song = try connection.command("currentsong")
        var snapshot = MPDSnapshot.make(
            status: status, currentSong: song, musicDirectory: feed.lyrics.musicDirectory, now: now)
        // A song of the database (or a file:// one, for Mopidy); MPD would open a stream to look in it.
        if feed.covers != nil, let uri = song.first(where: { $0.key == "file" })?.value,
            !uri.contains("://") || uri.hasPrefix("file://")
        {
            snapshot.track?.cover = .mpd(uri)
        }
        return snapshot
    }

    /// The largest piece of a cover asked of MPD at once (`binarylimit`; MPD sends 8 KiB pieces by default).
    static let coverChunkBytes = 256 * 1024

    /// The cover MPD has for the song `uri`: the picture in its tags (`readpicture`), else a `cover.*` in its
    /// folder (`albumart`), read piece by piece; nil when it has none, or one larger than
    /// `CoverImage.maxFileBytes` (logged). MPD's refusals (no such file, a command it does not know) count as
    /// no cover; the connection's failures are thrown.
    static func coverFile(of uri: String, connection: MPDConnection, log: Logger) throws(MPDConnectionError)
        -> [UInt8]?
    {
        for command in ["readpicture", "albumart"] {
            var file: [UInt8] = []
            while true {
                let (reply, piece) = try connection.binaryCommand(
                    "\(command) \(MPDConnection.quoted(uri)) \(file.count)", limit: coverChunkBytes)
                // An ACK, or an empty OK (readpicture of a file without a picture): none here.
                guard let size = reply.value("size").flatMap({ Int($0) }), size > 0, let piece, !piece.isEmpty else {
                    break
                }
                guard size <= CoverImage.maxFileBytes else {
                    log.warning(
                        "the cover of '\(uri)' (\(command)) is \(size) bytes, more than \(CoverImage.maxFileBytes); "
                            + "not shown")
                    return nil
                }
                guard file.count + piece.count <= size else { break }
                file += piece
                if file.count == size { return file }
            }
        }
        return nil
    }
}

extension MPDFollower: Follower {
    /// One connection to MPD, and the snapshot last read from it.
    struct Session {
        let connection: MPDConnection
        var snapshot = PlayerSnapshot(track: nil, state: .stop)
        /// Whether MPD was asked for larger pieces of covers.
        var askedBinaryLimit = false
    }

    mutating func connect(_ runner: FollowerRunner) throws(FollowerEnd) -> Session {
        do {
            let connection = try MPDConnection.open(endpoint, password: password, signals: runner.signals)
            runner.log.info("connected to MPD \(connection.version) at '\(endpoint)'")
            return Session(connection: connection)
        } catch .stopped {
            throw .stopped
        } catch {
            throw .failed(error.description)
        }
    }

    mutating func start(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) {
        runner.publisher.resend()
        session.snapshot = try talking { () throws(MPDConnectionError) in
            try refresh(session.connection, at: runner.now)
        }
        runner.publisher.publish(session.snapshot, reason: .change)
        try readCover(&session, runner)
    }

    /// Reads the cover the publisher asks for, after the title lines were written.
    private func readCover(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) {
        guard let source = runner.publisher.takePlayerCoverRequest(), case .mpd(let uri) = source else { return }
        let connection = session.connection
        if !session.askedBinaryLimit {
            session.askedBinaryLimit = true
            // MPD before 0.22.4 does not know it, and keeps to its 8 KiB.
            do {
                _ = try connection.command("binarylimit \(Self.coverChunkBytes)")
            } catch .refused {
            } catch {
                runner.publisher.abandonPlayerCoverRequest(source)
                throw lost(error)
            }
        }
        do {
            let file = try Self.coverFile(of: uri, connection: connection, log: runner.log)
            runner.publisher.playerCoverRead(file, for: source)
        } catch {
            runner.publisher.abandonPlayerCoverRequest(source)
            throw lost(error)
        }
    }

    /// Waits in `idle`, and while playing for the next fresh position.
    mutating func poll(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) -> FollowerWait {
        try talking { () throws(MPDConnectionError) in try session.connection.send(Self.idleCommand) }
        let interval = Duration.milliseconds(Int64(max(positionIntervalSeconds, 0.05) * 1000))
        let tick = session.snapshot.state == .play ? runner.now + interval : nil
        return FollowerWait([Posix.PollEntry(session.connection.fd, Posix.readable)], until: tick)
    }

    /// Ends the `idle` (answered, or cut short with `noidle` at the tick) and reads the player again.
    mutating func ready(_ readiness: FollowerReadiness, in session: inout Session, _ runner: FollowerRunner)
        throws(FollowerEnd)
    {
        let connection = session.connection
        let reason: FeedPlanner.Reason
        let reply: MPDReply
        switch readiness {
        case .timeout:
            (reply, reason) = try talking { () throws(MPDConnectionError) in
                try connection.send("noidle")
                let reply = try connection.reply(waitingFor: "noidle")
                return (reply, reply.value("changed") == nil ? .tick : .change)
            }
        case .ready:
            reply = try talking { () throws(MPDConnectionError) in try connection.reply(waitingFor: Self.idleCommand) }
            reason = .change
        }
        if case .ack(let ack) = reply {
            throw lost(.refused(server: endpoint.description, command: ack.command, message: ack.message))
        }
        session.snapshot = try talking { () throws(MPDConnectionError) in try refresh(connection, at: runner.now) }
        runner.publisher.publish(session.snapshot, reason: reason)
        try readCover(&session, runner)
    }

    /// Runs `body`, taking MPD's failures for the end of the connection.
    private func talking<T>(_ body: () throws(MPDConnectionError) -> T) throws(FollowerEnd) -> T {
        do {
            return try body()
        } catch {
            throw lost(error)
        }
    }

    private func lost(_ error: MPDConnectionError) -> FollowerEnd {
        if case .stopped = error { return .stopped }
        // The player's state is unknown now; a stopped clock is the honest picture.
        return .reconnect(warning: "lost MPD: \(error); reconnecting", stopsClock: true)
    }
}
