import TickerIO

/// Follows one player of a Lyrion (Logitech) Media Server through its command-line interface: lists the
/// players (`players 0 100`), picks the one asked for (or the first playing one), subscribes to the
/// notifications that change what it plays, asks `status - 1 tags:acdlKu` after each, and writes the track,
/// lyrics, cover (from the server's web interface), play/pause/stop and position to the feed, with a fresh position every `positionIntervalSeconds`
/// while playing; lyrics come from the lyrics chain (a lyrics directory, sidecars and tags when the server's
/// paths are local, then a lyrics server when one is set). Reconnects with back-off when the server goes away or talks nonsense.
package struct LMSFollower: Sendable {
    /// The server's host name or address.
    package var host: String
    /// The CLI port (9090 by default).
    package var port: UInt16
    /// The player to follow: its id (MAC address) or its name; `nil` for the first playing one.
    package var player: String?
    /// The feed, and where lyrics are looked up (a lyrics directory; sidecars when the server's paths are
    /// local; a lyrics server).
    package var feed: FeedSettings
    /// How often a fresh `position` is sent while playing, in seconds.
    package var positionIntervalSeconds: Double
    /// How long a player list without the player waits before it is asked for again, in seconds.
    package var playerRetrySeconds: Double

    /// The notifications subscribed to.
    static let notifications = "playlist,pause,play,stop,time,mode,client,power"
    /// The status query's tags: artist, cover id, duration, album, artwork URL, url.
    static let statusTags = "tags:acdlKu"
    /// The port of the server's web interface, where its covers are (9000 by default).
    package var httpPort: UInt16

    /// A follower with the given settings.
    package init(
        host: String,
        port: UInt16 = 9090,
        player: String? = nil,
        feedPaths: [String],
        lyrics: LyricsLibrary = LyricsLibrary(),
        positionIntervalSeconds: Double = 5,
        playerRetrySeconds: Double = 5,
        online: OnlineLyricsSettings? = nil,
        covers: CoverSettings? = nil,
        httpPort: UInt16 = 9000
    ) {
        self.host = host
        self.port = port
        self.player = player
        self.httpPort = httpPort
        feed = FeedSettings(paths: feedPaths, lyrics: lyrics, online: online, covers: covers)
        self.positionIntervalSeconds = positionIntervalSeconds
        self.playerRetrySeconds = playerRetrySeconds
    }

    /// Runs until SIGTERM or SIGINT arrives from `signals`, reading the time from `clock`; the server and the
    /// feed are retried forever, with one log line per change of trouble.
    package func run(signals: SignalSource, log: Logger, clock: FollowerClock = .monotonic) {
        var follower = self
        FollowerRunner(feed: feed, signals: signals, log: log, clock: clock).run(&follower)
    }

    /// Asks for the player list until the player is there (every `playerRetrySeconds`).
    private func choosePlayer(_ connection: LMSConnection, log: Logger, clock: FollowerClock)
        throws(LMSConnectionError) -> LMSPlayer
    {
        var reported = false
        while true {
            try connection.send(["players", "0", "100"])
            let answer = try connection.line(waitingFor: "players 0 100") { LMSStatus.players($0) != nil }
            let players = LMSStatus.players(answer) ?? []
            if let chosen = LMSStatus.choose(player, from: players) { return chosen }
            if !reported {
                let names = players.map { "'\($0.name)' (\($0.id))" }.joined(separator: ", ")
                if let player {
                    log.warning(
                        "no player '\(player)' on the media server at '\(connection.server)' (it has: \(names.isEmpty ? "none" : names)); waiting for it"
                    )
                } else {
                    log.warning("no player on the media server at '\(connection.server)'; waiting for one")
                }
                reported = true
            }
            let wait = Duration.milliseconds(Int64(max(playerRetrySeconds, 0.05) * 1000))
            // Lines arriving meanwhile (notifications) are read and dropped; the connection stays checked.
            let deadline = clock.now + wait
            while clock.now < deadline {
                _ = try connection.nextLine(timeout: deadline - clock.now)
            }
        }
    }
}

extension LMSFollower: Follower {
    /// One connection to the server, following one player.
    struct Session {
        let connection: LMSConnection
        let player: LMSPlayer
        var snapshot = PlayerSnapshot(track: nil, state: .stop)
        /// When the status asked for must have come (nil: none is pending).
        var answerDue: Duration?
        /// Why the status pending was asked for.
        var reason = FeedPlanner.Reason.change
        /// When a fresh position is due while playing.
        var nextTick = Duration.zero
        /// Lines read and not yet acted on.
        var lines: [[String]] = []

        /// The status query of the player followed.
        var status: [String] { [player.id, "status", "-", "1", LMSFollower.statusTags] }
    }

    /// Connects and chooses the player (waiting for it to appear).
    mutating func connect(_ runner: FollowerRunner) throws(FollowerEnd) -> Session {
        let server = try talking { () throws(LMSConnectionError) in
            try LMSConnection.open(host: host, port: port, runner: runner)
        }
        let chosen = try talking { () throws(LMSConnectionError) in
            try choosePlayer(server, log: runner.log, clock: runner.clock)
        }
        return Session(connection: server, player: chosen)
    }

    /// Subscribes to the player's changes and asks for its status.
    mutating func start(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) {
        let chosen = session.player
        runner.log.info(
            "following player '\(chosen.name)' (\(chosen.id)) on the media server at '\(session.connection.server)'")
        try talking { () throws(LMSConnectionError) in
            try session.connection.send(["subscribe", Self.notifications])
        }
        runner.publisher.resend()
        try ask(.change, &session, runner)
        session.nextTick = runner.now + interval
    }

    /// The socket, until the answer asked for is overdue or, while playing, a fresh position is due.
    mutating func poll(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) -> FollowerWait {
        try talking { () throws(LMSConnectionError) in
            while let tokens = try session.connection.take() { session.lines.append(tokens) }
        }
        let tick = session.snapshot.state == .play && session.answerDue == nil ? session.nextTick : nil
        // Lines already read are acted on at once.
        let wake = session.lines.isEmpty ? earliest(tick, session.answerDue) : .zero
        return FollowerWait([Posix.PollEntry(session.connection.fd, Posix.readable)], until: wake)
    }

    mutating func ready(_ readiness: FollowerReadiness, in session: inout Session, _ runner: FollowerRunner)
        throws(FollowerEnd)
    {
        if readiness != .timeout {
            try talking { () throws(LMSConnectionError) in
                try session.connection.receive()
                while let tokens = try session.connection.take() { session.lines.append(tokens) }
            }
        }
        guard session.lines.isEmpty else {
            let lines = session.lines
            session.lines = []
            for tokens in lines { try read(tokens, &session, runner) }
            return
        }
        guard readiness == .timeout else { return }
        let now = runner.now
        if let answerDue = session.answerDue, now >= answerDue {
            throw .failed(
                LMSConnectionError.timeout(
                    server: session.connection.server, waitingFor: session.status.joined(separator: " ")
                ).description)
        }
        if session.answerDue == nil, session.snapshot.state == .play, now >= session.nextTick {
            try ask(.tick, &session, runner)
        } else if let last = runner.publisher.last {
            runner.publisher.publish(last, reason: .tick)
        }
    }

    /// Acts on one line from the server: the status asked for, or a change of the player's.
    private func read(_ tokens: [String], _ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) {
        if LMSStatus.isStatus(tokens, of: session.player.id) {
            session.snapshot = LMSStatus.snapshot(tokens, now: runner.now)
            if feed.covers != nil {
                let server = host.contains(":") ? "[\(host)]" : host
                session.snapshot.track?.cover = LMSStatus.cover(tokens, base: "http://\(server):\(httpPort)")
            }
            runner.publisher.publish(session.snapshot, reason: session.reason)
            session.answerDue = nil
            session.nextTick = runner.now + interval
        } else if LMSStatus.isChange(tokens, of: session.player.id) {
            // Even when an answer is on its way, it may predate this change: ask (again).
            try ask(.change, &session, runner)
        }
    }

    /// Asks for the player's status, to come within 3 s.
    private func ask(_ why: FeedPlanner.Reason, _ session: inout Session, _ runner: FollowerRunner)
        throws(FollowerEnd)
    {
        let status = session.status
        try talking { () throws(LMSConnectionError) in try session.connection.send(status) }
        session.answerDue = runner.now + .seconds(3)
        session.reason = why
    }

    private var interval: Duration { .milliseconds(Int64(max(positionIntervalSeconds, 0.05) * 1000)) }

    /// Runs `body`, taking the server's failures for a try that failed.
    private func talking<T>(_ body: () throws(LMSConnectionError) -> T) throws(FollowerEnd) -> T {
        do {
            return try body()
        } catch .stopped {
            throw .stopped
        } catch {
            throw .failed(error.description)
        }
    }
}
