import TickerIO

/// Follows one player of a Lyrion (Logitech) Media Server through its command-line interface: lists the
/// players (`players 0 100`), picks the one asked for (or the first playing one), subscribes to the
/// notifications that change what it plays, asks `status - 1 tags:adlu` after each, and writes the track,
/// lyrics, play/pause/stop and position to the feed, with a fresh position every `positionIntervalSeconds`
/// while playing; lyrics come from the lyrics chain (a lyrics directory, sidecars and tags when the server's
/// paths are local, then a lyrics server when one is set). Reconnects with back-off when the server goes away or talks nonsense.
package struct LMSFollower: Sendable {
    /// The server's host name or address.
    package var host: String
    /// The CLI port (9090 by default).
    package var port: UInt16
    /// The player to follow: its id (MAC address) or its name; `nil` for the first playing one.
    package var player: String?
    /// The feed FIFO to write to.
    package var feedPath: String
    /// Where lyrics are looked up (a lyrics directory; sidecars when the server's paths are local).
    package var lyrics: LyricsLibrary
    /// How often a fresh `position` is sent while playing, in seconds.
    package var positionIntervalSeconds: Double
    /// How long a player list without the player waits before it is asked for again, in seconds.
    package var playerRetrySeconds: Double
    /// Where lyrics found nowhere else are looked up online; nil for never.
    package var online: OnlineLyricsSettings?

    /// The notifications subscribed to.
    static let notifications = "playlist,pause,play,stop,time,mode,client,power"
    /// The status query's tags: artist, duration, album, url.
    static let statusTags = "tags:adlu"

    /// A follower with the given settings.
    package init(
        host: String,
        port: UInt16 = 9090,
        player: String? = nil,
        feedPath: String,
        lyrics: LyricsLibrary = LyricsLibrary(),
        positionIntervalSeconds: Double = 5,
        playerRetrySeconds: Double = 5,
        online: OnlineLyricsSettings? = nil
    ) {
        self.online = online
        self.host = host
        self.port = port
        self.player = player
        self.feedPath = feedPath
        self.lyrics = lyrics
        self.positionIntervalSeconds = positionIntervalSeconds
        self.playerRetrySeconds = playerRetrySeconds
    }

    /// Runs until SIGTERM or SIGINT arrives from `signals`; the server and the feed are retried forever,
    /// with one log line per change of trouble.
    package func run(signals: SignalSource, log: Logger) {
        let publisher = FeedPublisher(feedPath: feedPath, lyrics: lyrics, online: online, log: log)
        var retry = Retry()
        while !signals.stopRequested {
            let connection: LMSConnection
            do {
                connection = try LMSConnection.open(host: host, port: port, signals: signals)
            } catch .stopped {
                break
            } catch {
                if wait(after: error.description, retry: &retry, publisher: publisher, signals: signals, log: log) {
                    break
                }
                continue
            }
            do {
                try follow(connection, retry: &retry, publisher: publisher, signals: signals, log: log)
            } catch .stopped {
                break
            } catch {
                // The player's state is unknown now; a stopped clock is the honest picture.
                if var last = publisher.last, last.state != .stop {
                    last.state = .stop
                    publisher.publish(last, reason: .change)
                }
                if wait(after: error.description, retry: &retry, publisher: publisher, signals: signals, log: log) {
                    break
                }
            }
        }
    }

    /// Logs `problem` when it is new and waits out the back-off; returns whether a stop was requested.
    private func wait(
        after problem: String, retry: inout Retry, publisher: FeedPublisher, signals: SignalSource, log: Logger
    ) -> Bool {
        let (delay, isNew) = retry.failed(problem)
        if isNew { log.warning("\(problem); retrying (every \(retry.backoff.maximum.logDescription) at most)") }
        let timeout = earliest(delay, publisher.timeUntilFeedRetry())
        if publisher.wait(for: 0, on: nil, signals: signals, timeout: timeout) == .stopped {
            return true
        }
        if let last = publisher.last { publisher.publish(last, reason: .tick) }
        return false
    }

    private func follow(
        _ connection: LMSConnection, retry: inout Retry, publisher: FeedPublisher, signals: SignalSource, log: Logger
    ) throws(LMSConnectionError) {
        connection.publisher = publisher
        let chosen = try choosePlayer(connection, signals: signals, log: log)
        retry.succeeded()
        log.info("following player '\(chosen.name)' (\(chosen.id)) on the media server at '\(connection.server)'")
        try connection.send(["subscribe", Self.notifications])
        publisher.resend()
        let status = [chosen.id, "status", "-", "1", Self.statusTags]
        try connection.send(status)
        var snapshot = PlayerSnapshot(track: nil, state: .stop)
        // When the status asked for must have come (nil: none is pending).
        var answerDue: Duration? = Clock.now + .seconds(3)
        var reason = FeedPlanner.Reason.change
        let interval = Duration.milliseconds(Int64(max(positionIntervalSeconds, 0.05) * 1000))
        var nextTick = Clock.now + interval
        func ask(_ why: FeedPlanner.Reason) throws(LMSConnectionError) {
            try connection.send(status)
            answerDue = Clock.now + .seconds(3)
            reason = why
        }
        while true {
            let now = Clock.now
            let untilTick = snapshot.state == .play && answerDue == nil ? max(nextTick - now, .zero) : nil
            let untilAnswer = answerDue.map { max($0 - now, .zero) }
            let timeout = earliest(earliest(untilTick, untilAnswer), publisher.timeUntilFeedRetry())
            guard let tokens = try connection.nextLine(timeout: timeout) else {
                if let answerDue, Clock.now >= answerDue {
                    throw .timeout(server: connection.server, waitingFor: status.joined(separator: " "))
                }
                if answerDue == nil, snapshot.state == .play, Clock.now >= nextTick {
                    try ask(.tick)
                } else if let last = publisher.last {
                    publisher.publish(last, reason: .tick)
                }
                continue
            }
            if LMSStatus.isStatus(tokens, of: chosen.id) {
                snapshot = LMSStatus.snapshot(tokens, now: Clock.now.inSeconds)
                publisher.publish(snapshot, reason: reason)
                answerDue = nil
                nextTick = Clock.now + interval
            } else if LMSStatus.isChange(tokens, of: chosen.id) {
                // Even when an answer is on its way, it may predate this change: ask (again).
                try ask(.change)
            }
        }
    }

    /// Asks for the player list until the player is there (every `playerRetrySeconds`).
    private func choosePlayer(_ connection: LMSConnection, signals: SignalSource, log: Logger)
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
            let deadline = Clock.now + wait
            while Clock.now < deadline {
                _ = try connection.nextLine(timeout: deadline - Clock.now)
            }
        }
    }
}
