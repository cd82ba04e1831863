import TickerCore
import TickerIO

/// One run of `MQTTBridge` (or of its `--forget`): libmosquitto, the feed and the state file, driven by what
/// `MQTTSessionMachine` decides; it carries out the machine's actions and reports the events back.
struct MQTTBridgeSession {
    /// The settings: broker, topics, feed and state file.
    let bridge: MQTTBridge
    /// libmosquitto, on this thread.
    let client: MQTTClient
    /// Where the trouble and the news go.
    let log: Logger
    /// The time, read once per turn of the loop.
    let clock: FollowerClock
    /// The daemon's feed; a full pipe holds the lines rather than failing.
    let feed: FeedOutput
    /// What to do when, from the first connection to the exit.
    var machine: MQTTSessionMachine
    /// Commands taken from the broker and not yet written to the feed.
    var queue: MQTTFeedQueue
    /// The problems with what arrives on each topic, logged five times and then summed up once a minute.
    var problems = ProblemLogLimiter<String>(firstLogged: 5, summaryInterval: .seconds(60))
    /// The daemon's state file, looked at by its metadata.
    var stateWatch: StateWatch
    /// What was last published on the broker.
    var published = Published()

    /// What the bridge last published, so that it publishes only what changed.
    struct Published {
        /// The last state published.
        var state: StateSnapshot?
        /// The daemon's state file as last read, and when it was written (real time since the epoch); nil
        /// while there is none.
        var daemonState: (snapshot: StateSnapshot, written: Duration)?
        /// The payload last published on `<prefix>/now_playing` (nil: to publish).
        var nowPlaying: String?
        /// The text of the last message sent to the feed in this run, and whether it is yet to be published.
        var lastMessage = ""
        var lastMessageIsNew = true
    }

    /// A session of `bridge` on `client`; `forgetTimeout` set, one that clears what the bridge left (`--forget`).
    init(bridge: MQTTBridge, client: MQTTClient, log: Logger, clock: FollowerClock, forgetTimeout: Duration? = nil) {
        self.bridge = bridge
        self.client = client
        self.log = log
        self.clock = clock
        // A full pipe never blocks the loop: the commands stay queued and are tried again shortly.
        feed = FeedOutput(path: bridge.feedPath, log: log, fullPipeTimeoutMillis: 0, holdsWhenFull: true)
        var policy = MQTTSessionMachine.Policy()
        policy.statePollInterval = bridge.statePollInterval
        policy.backoff = bridge.backoff
        policy.forgetTimeout = forgetTimeout ?? policy.forgetTimeout
        machine = MQTTSessionMachine(
            server: bridge.server.name, policy: policy,
            forgetting: forgetTimeout.map { _ in (bridge.topics.prefix, bridge.topics.discoveryPrefix) })
        queue = MQTTFeedQueue(limitBytes: bridge.queueLimitBytes)
        stateWatch = StateWatch(path: bridge.statePath)
    }

    /// Runs until the machine says the session is over; returns the exit status.
    mutating func run(signals: SignalSource) -> Int32 {
        while true {
            let now = clock.now
            drainQueue(at: now)
            if let status = execute(machine.actions(at: now), at: now) { return status }
            if wait(signals: signals, at: now) {
                _ = execute(machine.stop(at: now), at: now)
                continue
            }
            var failure: MQTTError?
            if client.socket >= 0 {
                do {
                    try client.service(read: !queue.isFull)
                } catch {
                    failure = error
                }
            }
            // The callbacks first: a refused login says more than the closed connection that follows it.
            for event in client.takeEvents() { handle(event) }
            if let failure { lost(failure.description, at: clock.now) }
        }
    }

    /// Carries out what the machine decided; returns the exit status once it says the session is over.
    private mutating func execute(_ actions: [MQTTSessionMachine.Action], at now: Duration) -> Int32? {
        let topics = bridge.topics
        for action in actions {
            switch action {
            case .connect(let first):
                do {
                    try client.connect(keepAliveSeconds: bridge.keepAliveSeconds, first: first)
                } catch {
                    lost(error.description, at: now)
                }
            case .abandon(let problem):
                client.disconnect()
                _ = client.takeEvents()
                lost(problem, at: now)
            case .publishState: publishState()
            case .announce(let again):
                let how = again ? "again" : "as '\(bridge.clientID)'"
                log.notice("connected to the MQTT broker at '\(bridge.server.name)' \(how)")
                announce()
            case .askForMarker:
                do {
                    // The marker comes (retained) after the subscription, and this empty message behind it.
                    try client.subscribe(topics.discovery)
                    try client.publish(topics.discovery, "", retain: false)
                } catch {
                    lost(error.description, at: now)
                }
            case .clearConfigs(let prefixes): publishAwaited(prefixes.flatMap(topics.discoveryTopics), "", at: now)
            case .clearTopics: publishAwaited(topics.retainedTopics, "", at: now)
            case .sayOffline: publishAwaited([topics.availability], "offline", at: now)
            case .disconnect:
                client.disconnect()
                try? client.service(read: false)
            case .finish(let status, let line):
                if let line { status == 0 ? log.notice(line) : log.error(line) }
                return status
            }
        }
        return nil
    }

    /// Publishes `payload` on each of `topics` (retained) for the machine to wait for the broker to take them.
    private mutating func publishAwaited(_ topics: [String], _ payload: String, at now: Duration) {
        do {
            for topic in topics { machine.sent(try client.publish(topic, payload, retain: true)) }
        } catch {
            lost(error.description, at: now)
        }
    }

    /// Sleeps on the signals and the broker's socket, as long as the machine and the feed allow; returns
    /// whether a stop was requested. A failing `poll` is backed off, never spun on.
    private mutating func wait(signals: SignalSource, at now: Duration) -> Bool {
        var entries = [Posix.PollEntry(signals.fileDescriptor, Posix.readable)]
        let socket = client.socket
        if socket >= 0, machine.pollsSocket(at: now) {
            let events = (queue.isFull ? 0 : Posix.readable) | (client.wantsWrite ? Posix.writable : 0)
            entries.append(Posix.PollEntry(socket, events))
        }
        var timeout = machine.timeout(at: now)
        if !queue.isEmpty, let retry = feed.timeUntilRetry(at: now) {
            timeout = min(timeout, max(retry, .milliseconds(20)))
        }
        // A full pipe is looked at again 20 times a second until the daemon reads.
        if !queue.isEmpty, feed.isFull { timeout = min(timeout, .milliseconds(50)) }
        do {
            _ = try Posix.poll(&entries, timeoutMilliseconds: timeout.pollMilliseconds)
            if machine.polled() { log.info("poll works again") }
        } catch {
            if let line = machine.pollFailed(error.description, at: now) { log.warning(line) }
            // Not even the signals can be polled: sleep out the back-off, so that the loop does not spin.
            if entries.count == 1 { Clock.pause(milliseconds: Int(machine.timeout(at: now).pollMilliseconds)) }
            return signals.stopRequested
        }
        return entries[0].revents != 0 && signals.stopRequested
    }

    /// The connection is gone (or never came): try again after the back-off.
    private mutating func lost(_ problem: String, at now: Duration) {
        if let line = machine.lost(problem, at: now) { log.warning(line) }
    }

    private mutating func handle(_ event: MQTTEvent) {
        let now = clock.now
        switch event {
        case .connected(let code) where code == 4 || code == 5:
            // CONNACK 4: bad user name or password; 5: not authorised (MQTT 3.1.1). Retrying would not help.
            let server = bridge.server
            let reason = MQTTClient.connackReason(code)
            machine.failed(MQTTError.refused(server: server.name, user: server.username, reason: reason).description)
        case .connected(let code) where code != 0:
            let reason = MQTTClient.connackReason(code)
            lost(MQTTError.rejected(server: bridge.server.name, reason: reason).description, at: now)
        case .connected:
            _ = execute(machine.accepted(), at: now)
        case .disconnected(let code):
            if code != 0 || machine.isConnected {
                lost(MQTTError.lost(server: bridge.server.name, reason: MQTTClient.reason(code)).description, at: now)
            }
        case .message(let topic, let payload, _) where machine.isForgetting:
            if topic == bridge.topics.discovery { _ = execute(machine.markerArrived(payload), at: now) }
        case .message(let topic, let payload, let retained):
            receive(topic: topic, payload: payload, retained: retained)
        case .published(let id):
            _ = execute(machine.acknowledged(id), at: now)
        }
    }

    /// After each connection: (re)subscribe, say online, publish the discovery configs and the state.
    private mutating func announce() {
        let topics = bridge.topics
        do {
            for topic in [topics.feed, topics.message, topics.brightness, topics.pageSetFilter, topics.discovery]
                + topics.awtrixFilters
            {
                try client.subscribe(topic)
            }
            try client.publish(topics.availability, "online", retain: true)
            for config in topics.discoveryConfigs(version: TickerVersion.current) {
                try client.publish(config.topic, config.payload, retain: true)
            }
            // Retained after the subscription, so the previous value (if another) arrives first: see `receive`.
            try client.publish(topics.discovery, topics.discoveryPrefix, retain: true)
        } catch {
            log.warning(error.description)
        }
        stateWatch.forget()
        published.nowPlaying = nil
        published.lastMessageIsNew = true
        publishState()
        publishLastMessage()
    }

    private mutating func receive(topic: String, payload: [UInt8], retained: Bool) {
        let topics = bridge.topics
        let now = clock.now
        if topic == topics.discovery {
            let previous = String(decoding: payload, as: UTF8.self)
            guard !previous.isEmpty, previous != topics.discoveryPrefix, payload.count <= 256 else { return }
            for stale in topics.discoveryTopics(under: previous) {
                do { try client.publish(stale, "", retain: true) } catch { log.warning(error.description) }
            }
            log.notice("cleared the Home Assistant configs under the previous discovery prefix '\(previous)'")
            return
        }
        // A retained command would come back at every reconnect: commands are for the moment they are sent.
        if retained {
            report("'\(topic)': a retained message is not a command (publish without --retain); ignored", kind: topic)
            return
        }
        var commands: [FeedCommand] = []
        do {
            if topic == topics.feed {
                let read = try MQTTPayload.feed(payload)
                commands = read.commands
                for problem in read.problems { report("'\(topic)': \(problem); not forwarded", kind: topic) }
            } else if topic == topics.message {
                commands = [try MQTTPayload.message(payload)]
            } else if topic == topics.brightness {
                commands = [try MQTTPayload.brightness(payload)]
            } else if let name = topics.pageName(ofSetTopic: topic) {
                commands = [try MQTTPayload.page(named: name, payload)]
            } else if let awtrix = try topics.awtrixCommands(topic: topic, payload: payload) {
                commands = awtrix
            } else {
                report("'\(topic)': not a page's topic (expected page names of letters, digits, - and _)", kind: topic)
            }
        } catch {
            report("'\(topic)': \(error); not forwarded", kind: topic)
        }
        for command in commands { queue.append(command) }
        drainQueue(at: now)
        if queue.reportsFull() {
            log.warning(
                "\(queue.bytes) bytes wait for the feed, its queue is full: taking no more from the broker until "
                    + "the feed takes them")
        }
    }

    private mutating func report(_ problem: String, kind: String) {
        let now = clock.now
        switch problems.record(kind, at: now) {
        case .log(let isLast):
            log.warning(problem + (isLast ? " (further problems on this topic are summed up once a minute)" : ""))
        case .summary(let suppressed, let since):
            log.warning("\(suppressed) more problems on '\(kind)' in the last \((now - since).logDescription)")
        case .quiet:
            break
        }
    }

    /// Writes the queued commands to the feed, oldest first, one at a time so that a failure loses none.
    private mutating func drainQueue(at now: Duration) {
        guard !queue.isEmpty else { return }
        _ = feed.openIfDue(at: now)
        var sent = false
        while let command = queue.first, feed.send([command], at: now) {
            queue.removeFirst()
            publishPage(after: command)
            if case .message(let text, _, _, _, _) = command {
                published.lastMessage = MQTTNowPlaying.cut(text, toScalars: MQTTNowPlaying.maxStateScalars)
                published.lastMessageIsNew = true
            }
            sent = true
        }
        if sent, machine.isConnected { publishLastMessage() }
        if queue.reportsDrained() { log.info("the feed took every queued line; reading from the broker again") }
    }

    private mutating func publishState() {
        switch stateWatch.poll() {
        case .unchanged:
            break
        case .snapshot(let snapshot, let written):
            published.daemonState = (snapshot, written)
            publish(snapshot)
        case .missing(let isNew):
            published.daemonState = nil
            guard isNew else { break }
            log.info("no state file '\(bridge.statePath)' (yet); the state is published once there is")
            // The file goes when systemd stops the daemon (with its directory): say what the daemon's own last
            // snapshot says.
            if let last = published.state { publish(last.daemonStopped) }
        case .failed(let problem, let isNew):
            if isNew { log.warning("state file: \(problem)") }
        }
        publishNowPlaying()
    }

    /// Publishes what is playing when it changed: also without a new state, as a track that ended long ago is
    /// no longer playing.
    private mutating func publishNowPlaying() {
        let daemonState = published.daemonState
        let age = daemonState.map { Clock.wallNow - $0.written } ?? .zero
        let payload = MQTTNowPlaying(daemonState?.snapshot, age: age).json
        guard payload != published.nowPlaying else { return }
        do {
            try client.publish(bridge.topics.nowPlaying, payload, retain: true)
            published.nowPlaying = payload
        } catch {
            log.warning(error.description)
        }
    }

    private mutating func publishLastMessage() {
        guard published.lastMessageIsNew else { return }
        do {
            let payload = JSONValue.object(["text": .string(published.lastMessage)]).encoded
            try client.publish(bridge.topics.lastMessage, payload, retain: true)
            published.lastMessageIsNew = false
        } catch {
            log.warning(error.description)
        }
    }

    private mutating func publish(_ snapshot: StateSnapshot) {
        var json = snapshot.json
        if json.hasSuffix("\n") { json.removeLast() }
        do {
            try client.publish(bridge.topics.state, json, retain: true)
            published.state = snapshot
        } catch {
            log.warning(error.description)
            stateWatch.forget()
        }
    }
}
