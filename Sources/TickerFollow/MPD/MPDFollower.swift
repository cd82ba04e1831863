import TickerIO

/// Follows an MPD server (or Mopidy's MPD frontend): reads `currentsong` and `status`, waits in `idle` for
/// the subsystems that change them, and writes every change (track, lyrics, play/pause/stop, position) to the
/// feed, with a fresh position every `positionIntervalSeconds` while playing. Reconnects with backoff when
/// MPD goes away.
package struct MPDFollower: Sendable {
    /// Where MPD listens.
    package var endpoint: MPDEndpoint
    /// MPD's password, when it requires one.
    package var password: String?
    /// The feed FIFO to write to.
    package var feedPath: String
    /// Where lyrics are looked up (sidecars relative to MPD's music directory, and a lyrics directory).
    package var lyrics: LyricsLibrary
    /// How often a fresh `position` is sent while playing, in seconds.
    package var positionIntervalSeconds: Double
    /// Where lyrics found nowhere else are looked up online; nil for never.
    package var online: OnlineLyricsSettings?

    /// A follower with the given settings.
    package init(
        endpoint: MPDEndpoint,
        password: String? = nil,
        feedPath: String,
        lyrics: LyricsLibrary = LyricsLibrary(),
        positionIntervalSeconds: Double = 5,
        online: OnlineLyricsSettings? = nil
    ) {
        self.online = online
        self.endpoint = endpoint
        self.password = password
        self.feedPath = feedPath
        self.lyrics = lyrics
        self.positionIntervalSeconds = positionIntervalSeconds
    }

    /// Runs until SIGTERM or SIGINT arrives from `signals`. Never returns early: MPD and the feed are retried
    /// forever, with one log line per change of trouble.
    package func run(signals: SignalSource, log: Logger) {
        let publisher = FeedPublisher(feedPath: feedPath, lyrics: lyrics, online: online, log: log)
        var retry = Retry()
        while !signals.stopRequested {
            let connection: MPDConnection
            do {
                connection = try MPDConnection.open(endpoint, password: password, signals: signals)
            } catch .stopped {
                break
            } catch {
                let (delay, isNew) = retry.failed(error.description)
                if isNew { log.warning("\(error); retrying (every \(retry.backoff.maximum.logDescription) at most)") }
                let timeout = earliest(delay, publisher.timeUntilFeedRetry())
                if publisher.wait(for: 0, on: nil, signals: signals, timeout: timeout) == .stopped {
                    break
                }
                if let last = publisher.last { publisher.publish(last, reason: .tick) }
                continue
            }
            retry.succeeded()
            log.info("connected to MPD \(connection.version) at '\(endpoint)'")
            do {
                try follow(connection, publisher: publisher, signals: signals)
            } catch .stopped {
                break
            } catch {
                log.warning("lost MPD: \(error); reconnecting")
                // The player's state is unknown now; a stopped clock is the honest picture.
                if var last = publisher.last, last.state != .stop {
                    last.state = .stop
                    publisher.publish(last, reason: .change)
                }
            }
        }
    }

    /// What changes the current song or where it plays: `player` (play, pause, seek, next, stop), and
    /// `playlist`, the only event of a queue cleared (or its current song deleted) while stopped, and of a
    /// stream's new title in Mopidy.
    static let idleCommand = "idle player playlist"

    private func follow(_ connection: MPDConnection, publisher: FeedPublisher, signals: SignalSource)
        throws(MPDConnectionError)
    {
        publisher.resend()
        var snapshot = try refresh(connection)
        publisher.publish(snapshot, reason: .change)
        let interval = Duration.milliseconds(Int64(max(positionIntervalSeconds, 0.05) * 1000))
        while true {
            try connection.send(Self.idleCommand)
            let timeout = earliest(snapshot.state == .play ? interval : nil, publisher.timeUntilFeedRetry())
            let reason: FeedPlanner.Reason
            let reply: MPDReply
            switch publisher.wait(for: Posix.readable, on: connection.fd, signals: signals, timeout: timeout) {
            case .stopped:
                throw .stopped
            case .timeout:
                try connection.send("noidle")
                reply = try connection.reply(waitingFor: "noidle")
                reason = reply.value("changed") == nil ? .tick : .change
            case .ready:
                reply = try connection.reply(waitingFor: Self.idleCommand)
                reason = .change
            }
            if case .ack(let ack) = reply {
                throw .refused(endpoint: endpoint.description, command: ack.command, message: ack.message)
            }
            snapshot = try refresh(connection)
            publisher.publish(snapshot, reason: reason)
        }
    }

    private func refresh(_ connection: MPDConnection) throws(MPDConnectionError) -> PlayerSnapshot {
        let status = try connection.command("status")
        let song = try connection.command("currentsong")
        return MPDSnapshot.make(
            status: status, currentSong: song, musicDirectory: lyrics.musicDirectory, now: Clock.now.inSeconds)
    }
}
