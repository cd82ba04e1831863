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
        var session = MQTTBridgeSession(bridge: self, client: client, log: log, clock: clock)
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
                        log.error(MQTTBridgeSession.refusal(code, server: server).description)
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
