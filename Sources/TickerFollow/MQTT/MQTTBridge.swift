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
        session(forgetTimeout: nil, signals: signals, log: log, clock: clock)
    }

    /// Clears what the bridge leaves on the broker (its discovery configs under the discovery prefix and under
    /// the one its marker names, then the topics the entities read and the marker, all retained) and returns: 0
    /// when the broker acknowledged every removal within `timeout`, 1 otherwise. The configs go first, and the
    /// rest only once the broker has taken them, so that Home Assistant removes the entities before their topics
    /// empty.
    package func forget(
        signals: SignalSource, log: Logger, timeout: Duration = .seconds(10), clock: FollowerClock = .monotonic
    ) -> Int32 {
        session(forgetTimeout: timeout, signals: signals, log: log, clock: clock)
    }

    /// A session as its own client: the bridge's (a persistent session with a last will), or `--forget`'s.
    private func session(forgetTimeout: Duration?, signals: SignalSource, log: Logger, clock: FollowerClock) -> Int32 {
        let forgets = forgetTimeout != nil
        let client: MQTTClient
        do {
            client = try MQTTClient(
                server: server, clientID: clientID + (forgets ? "-forget" : ""), cleanSession: forgets,
                will: forgets ? nil : (topics.availability, "offline"))
        } catch {
            log.error(error.description)
            return 1
        }
        var session = MQTTBridgeSession(
            bridge: self, client: client, log: log, clock: clock, forgetTimeout: forgetTimeout)
        return session.run(signals: signals)
    }
}
