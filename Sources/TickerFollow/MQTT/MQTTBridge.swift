import Glibc
import TickerCore
import TickerIO

/// `tickerctl follow mqtt`: bridges an MQTT broker and the panel. Forwards what arrives on `<prefix>/feed`,
/// `<prefix>/message` and `<prefix>/brightness` to the feed (each payload checked by the daemon's own decoder
/// first), publishes the daemon's state file on `<prefix>/state`, what is playing on `<prefix>/now_playing`, the
/// last message it sent on `<prefix>/last_message` and its own presence on `<prefix>/availability`, and announces
/// itself to Home Assistant. One thread: libmosquitto's socket, the signals and the timers share one `poll`.
///
/// Nothing acknowledged is lost: messages are taken with QoS 1 on a persistent session (the broker keeps what
/// arrives while the bridge is away), and once taken they wait in a bounded queue until the feed accepts them;
/// while the queue is full the bridge stops reading, so a flood waits on the broker instead of in memory.
package struct MQTTBridge: Sendable {
    /// The broker.
    package var server: MQTTServer
    /// The topics.
    package var topics: MQTTTopics
    /// The feed FIFO.
    package var feedPath: String
    /// The daemon's state file (`[feed] state`).
    package var statePath: String
    /// MQTT keep-alive, in seconds.
    package var keepAliveSeconds: Int32 = 30
    /// How often the state file's metadata is looked at.
    package var statePollInterval: Duration = .milliseconds(250)
    /// The most bytes of feed lines waiting for the feed: a pipe's buffer (64 KiB), as much as the pipe itself
    /// would hold for a stuck reader.
    package var queueLimitBytes = 65_536
    /// The delays between two connection attempts.
    package var backoff = Backoff(initial: .milliseconds(500), maximum: .seconds(30))

    /// A bridge with the given settings.
    package init(server: MQTTServer, topics: MQTTTopics, feedPath: String, statePath: String) {
        self.server = server
        self.topics = topics
        self.feedPath = feedPath
        self.statePath = statePath
    }

    /// The MQTT client id: stable, so that the broker keeps the session (and the messages) across restarts.
    package var clientID: String { "tickerd-" + topics.node }

    /// Runs until SIGTERM or SIGINT (exit status 0), or until the broker refuses the login (1; retrying would
    /// not help), reading the time from `clock`. The broker and the feed are retried forever, with one log line
    /// per change of trouble.
    package func run(signals: SignalSource, log: Logger, clock: FollowerClock = .monotonic) -> Int32 {
        let client: MQTTClient
        do {
            client = try MQTTClient(
                server: server, clientID: clientID, cleanSession: false, will: (topics.availability, "offline"))
        } catch {
            log.error(error.description)
            return 1
        }
        var session = Session(bridge: self, client: client, log: log, clock: clock)
        return session.run(signals: signals)
    }

    /// Clears what the bridge leaves on the broker (its discovery configs under the discovery prefix and under
    /// the one its marker names, then the topics the entities read and the marker, all retained) and returns: 0
    /// when the broker acknowledged every removal, 1 otherwise. The configs go first, and the rest only once the
    /// broker has taken them, so that Home Assistant removes the entities before their topics empty.
    package func forget(
        signals: SignalSource, log: Logger, timeout: Duration = .seconds(10), clock: FollowerClock = .monotonic
    ) -> Int32 {
        let client: MQTTClient
        do {
            client = try MQTTClient(server: server, clientID: clientID + "-forget", cleanSession: true, will: nil)
            try client.connect(keepAliveSeconds: keepAliveSeconds, first: true)
        } catch {
            log.error(error.description)
            return 1
        }
        let deadline = clock.now + timeout
        var pending: Set<Int32> = []
        var clearing = false
        // The topics to clear once the configs are gone.
        var afterConfigs: [String] = []
        // The discovery prefix the bridge last published under (its retained marker), if another.
        var previous: String?
        while clock.now < deadline {
            var entries = [Posix.PollEntry(signals.fileDescriptor, Posix.readable)]
            if client.socket >= 0 {
                entries.append(
                    Posix.PollEntry(client.socket, Posix.readable | (client.wantsWrite ? Posix.writable : 0)))
            }
            do {
                _ = try Posix.poll(&entries, timeoutMilliseconds: 100)
            } catch {
                // Bounded as the wait is, a failing poll would spin until the deadline.
                log.error(error.description)
                return 1
            }
            if entries[0].revents != 0, signals.stopRequested { return 1 }
            do throws(MQTTError) {
                try client.service(read: true)
                for event in client.takeEvents() {
                    switch event {
                    case .connected(let code) where code != 0:
                        log.error(Session.refusal(code, server: server).description)
                        return 1
                    case .connected:
                        // The marker comes (retained) after the subscription; an empty message sent after it
                        // comes back behind it, which says that the marker, if any, has arrived.
                        try client.subscribe(topics.discovery)
                        try client.publish(topics.discovery, "", retain: false)
                    case .message(let topic, let payload, _) where topic == topics.discovery && !clearing:
                        if !payload.isEmpty, payload.count <= 256 {
                            previous = String(decoding: payload, as: UTF8.self)
                            continue
                        }
                        clearing = true
                        var configs = topics.discoveryTopics(under: topics.discoveryPrefix)
                        if let previous, previous != topics.discoveryPrefix {
                            configs += topics.discoveryTopics(under: previous)
                        }
                        afterConfigs = topics.retainedTopics
                        for topic in configs { pending.insert(try client.publish(topic, "", retain: true)) }
                    case .published(let id):
                        pending.remove(id)
                    case .disconnected(let code) where code != 0:
                        throw MQTTError.lost(server: server.name, reason: MQTTClient.reason(code))
                    default: break
                    }
                }
                if clearing, pending.isEmpty, !afterConfigs.isEmpty {
                    for topic in afterConfigs { pending.insert(try client.publish(topic, "", retain: true)) }
                    afterConfigs = []
                } else if clearing, pending.isEmpty {
                    let prefixes = Set([topics.discoveryPrefix, previous ?? ""]).filter { !$0.isEmpty }
                    log.notice(
                        "cleared what '\(topics.prefix)' left on the MQTT broker at '\(server.name)'"
                            + (prefixes.isEmpty
                                ? ""
                                : " and its Home Assistant configs under '"
                                    + prefixes.sorted().joined(separator: "' and '") + "'"))
                    client.disconnect()
                    return 0
                }
            } catch {
                log.error(error.description)
                return 1
            }
        }
        log.error("the MQTT broker at '\(server.name)' did not acknowledge the removals in \(timeout.logDescription)")
        return 1
    }
}

/// One run of the bridge: libmosquitto, the feed and the state file, driven by what `MQTTSessionMachine`
/// decides.
private struct Session {
    let bridge: MQTTBridge
    let client: MQTTClient
    let log: Logger
    let clock: FollowerClock
    let feed: FeedOutput
    /// When to connect, poll the state file and sleep.
    var machine: MQTTSessionMachine
    /// Commands taken from the broker and not yet written to the feed.
    var queue: MQTTFeedQueue
    var problems = ProblemLogLimiter<String>(firstLogged: 5, summaryInterval: .seconds(60))
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

    init(bridge: MQTTBridge, client: MQTTClient, log: Logger, clock: FollowerClock) {
        self.bridge = bridge
        self.client = client
        self.log = log
        self.clock = clock
        // A full pipe never blocks the loop: the commands stay queued and are tried again shortly.
        feed = FeedOutput(path: bridge.feedPath, log: log, fullPipeTimeoutMillis: 0, holdsWhenFull: true)
        var policy = MQTTSessionMachine.Policy()
        policy.statePollInterval = bridge.statePollInterval
        policy.backoff = bridge.backoff
        machine = MQTTSessionMachine(server: bridge.server.name, policy: policy)
        queue = MQTTFeedQueue(limitBytes: bridge.queueLimitBytes)
        stateWatch = StateWatch(path: bridge.statePath)
    }

    static func refusal(_ code: Int32, server: MQTTServer) -> MQTTError {
        // CONNACK 4: bad user name or password; 5: not authorised (MQTT 3.1.1).
        if code == 4 || code == 5 {
            return .refused(server: server.name, user: server.username, reason: MQTTClient.connackReason(code))
        }
        return .rejected(server: server.name, reason: MQTTClient.connackReason(code))
    }

    mutating func run(signals: SignalSource) -> Int32 {
        while true {
            let now = clock.now
            let actions = machine.actions(at: now)
            for action in actions {
                switch action {
                case .connect(let first): connect(first: first, at: now)
                case .abandon(let problem):
                    client.disconnect()
                    _ = client.takeEvents()
                    lost(problem, at: now)
                case .publishState: break
                }
            }
            drainQueue(at: now)
            if actions.contains(.publishState) { publishState() }
            if wait(signals: signals, at: now) { break }
            var failure: MQTTError?
            if client.socket >= 0 {
                do {
                    try client.service(read: !queue.isFull)
                } catch {
                    failure = error
                }
            }
            // The callbacks first: a refused login says more than the closed connection that follows it.
            for event in client.takeEvents() {
                if let status = handle(event) { return status }
            }
            if let failure { lost(failure.description, at: clock.now) }
        }
        shutDown()
        return 0
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

    private mutating func connect(first: Bool, at now: Duration) {
        do {
            try client.connect(keepAliveSeconds: bridge.keepAliveSeconds, first: first)
        } catch {
            lost(error.description, at: now)
        }
    }

    /// The connection is gone (or never came): try again after the back-off.
    private mutating func lost(_ problem: String, at now: Duration) {
        if let line = machine.lost(problem, at: now) { log.warning(line) }
    }

    /// Returns an exit status when the bridge must stop.
    private mutating func handle(_ event: MQTTEvent) -> Int32? {
        switch event {
        case .connected(let code) where code != 0:
            let error = Self.refusal(code, server: bridge.server)
            if case .refused = error {
                log.error(error.description)
                return 1
            }
            lost(error.description, at: clock.now)
        case .connected:
            if machine.connected() {
                log.notice("connected to the MQTT broker at '\(bridge.server.name)' again")
            } else {
                log.notice("connected to the MQTT broker at '\(bridge.server.name)' as '\(bridge.clientID)'")
            }
            announce()
        case .disconnected(let code):
            if code != 0 || machine.isConnected {
                lost(
                    MQTTError.lost(server: bridge.server.name, reason: MQTTClient.reason(code)).description,
                    at: clock.now)
            }
        case .message(let topic, let payload, let retained):
            receive(topic: topic, payload: payload, retained: retained)
        case .published:
            break
        }
        return nil
    }

    /// After each connection: (re)subscribe, say online, publish the discovery configs and the state.
    private mutating func announce() {
        let topics = bridge.topics
        do {
            for topic in [topics.feed, topics.message, topics.brightness, topics.discovery] {
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
            if case .message(let text, _, _) = command {
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

    /// Says offline (the last will is for vanishing) and disconnects, waiting up to a second for the broker.
    private mutating func shutDown() {
        guard machine.isConnected else { return }
        guard let id = try? client.publish(bridge.topics.availability, "offline", retain: true) else { return }
        let deadline = clock.now + .seconds(1)
        var acknowledged = false
        while !acknowledged, clock.now < deadline, client.socket >= 0 {
            var entries = [
                Posix.PollEntry(client.socket, Posix.readable | (client.wantsWrite ? Posix.writable : 0))
            ]
            // A failing poll ends the wait: the goodbye is not worth a spin.
            guard (try? Posix.poll(&entries, timeoutMilliseconds: (deadline - clock.now).pollMilliseconds)) != nil
            else { break }
            do { try client.service(read: true) } catch { return }
            acknowledged = client.takeEvents().contains(.published(id: id))
        }
        client.disconnect()
        try? client.service(read: false)
        log.notice("disconnected from the MQTT broker at '\(bridge.server.name)'")
    }
}

/// Watches the daemon's state file by its metadata. A poll of `lstat`, not inotify: the daemon replaces the file
/// by renaming (a new inode each time) and systemd removes and recreates its directory when the daemon restarts,
/// both of which end an inotify watch; the daemon writes at most four times a second, so a poll at that rate
/// sees every change for the price of one `lstat`.
struct StateWatch {
    enum Outcome: Equatable {
        case unchanged
        /// The file's contents, and when it was written (its modification time, real time since the epoch).
        case snapshot(StateSnapshot, written: Duration)
        case missing(isNew: Bool)
        case failed(String, isNew: Bool)
    }

    let path: String
    private var seen: (inode: UInt, seconds: Int, nanoseconds: Int, size: Int)?
    private var wasMissing = false
    private var problem = ProblemOnce()

    init(path: String) { self.path = path }

    /// Makes the next poll read the file whatever its metadata.
    mutating func forget() { seen = nil }

    mutating func poll() -> Outcome {
        let info: stat?
        do {
            info = try Posix.lstat(path)
        } catch {
            return failure(error.description)
        }
        guard let info else {
            seen = nil
            defer { wasMissing = true }
            return .missing(isNew: !wasMissing)
        }
        wasMissing = false
        let key = (UInt(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_size))
        if let seen, seen == key { return .unchanged }
        seen = key
        do {
            guard let snapshot = try StateFile.read(path) else { return .missing(isNew: true) }
            _ = problem.recovered()
            return .snapshot(snapshot, written: .seconds(info.st_mtim.tv_sec) + .nanoseconds(info.st_mtim.tv_nsec))
        } catch {
            return failure(error.description)
        }
    }

    private mutating func failure(_ problem: String) -> Outcome {
        .failed(problem, isNew: self.problem.failed(problem))
    }
}
