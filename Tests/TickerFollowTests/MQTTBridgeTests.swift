import Foundation
import Glibc
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

@testable import TickerFollow

/// The bridge against a real Mosquitto with a password file and an ACL: what arrives on its topics reaches the
/// feed FIFO (checked first), what it publishes is retained and valid, and it copes with the broker going away,
/// with being killed, and with a wrong password.
@Suite(.serialized) struct MQTTBridgeTests {
    static let prefix = "tickerd/test"

    static func bridge(
        _ broker: MosquittoBroker, feed: String, state: String, discovery: String = "homeassistant",
        password: String = MosquittoBroker.bridgePassword
    ) throws -> MQTTBridge {
        var bridge = MQTTBridge(
            server: MQTTServer(host: "127.0.0.1", port: broker.port, username: "bridge", password: password),
            topics: try MQTTTopics(prefix: prefix, discoveryPrefix: discovery), feedPath: feed, statePath: state)
        bridge.backoff = Backoff(initial: .milliseconds(100), maximum: .milliseconds(400))
        return bridge
    }

    static func start(_ bridge: MQTTBridge) throws -> FollowerThread {
        let thread = try FollowerThread { signals, log in _ = bridge.run(signals: signals, log: log) }
        try thread.waitForLog("the connection") { $0.contains("connected to the MQTT broker") }
        return thread
    }

    /// `tickerctl follow mqtt` as a process, logging in as the bridge with the password in a file.
    static func tickerctl(
        _ broker: MosquittoBroker, directory: TemporaryDirectory, password: String, extra: [String] = []
    ) throws -> Child {
        let passwordFile = try directory.write("password-\(password)", password + "\n")
        return try Child(
            name: "tickerctl follow mqtt", executable: try BuiltProducts.tickerctl(),
            arguments: [
                "follow", "mqtt", "--host", "127.0.0.1", "--port", String(broker.port), "--username", "bridge",
                "--password-file", passwordFile, "--topic-prefix", prefix, "--feed", directory.file("feed"),
                "--state", directory.file("state.json"),
            ] + extra)
    }

    @Test func forwardsCheckedFeedLinesMessagesAndBrightnessToTheFIFO() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try Self.start(try Self.bridge(broker, feed: tap.path, state: directory.file("state.json")))
        defer { thread.finish() }

        try broker.publish("\(Self.prefix)/feed", "title Night Run\nbogus line\nartist The Echoes\nposition 12.5")
        try broker.publish("\(Self.prefix)/message", #"{"text": "Doorbell", "for": 10, "priority": "high"}"#)
        try broker.publish("\(Self.prefix)/message", "Tea is ready")
        try broker.publish("\(Self.prefix)/brightness", "40.0")
        try broker.publish("\(Self.prefix)/brightness", "150")
        // The button of Home Assistant's discovery gives the brightness back to the schedule.
        try broker.publish("\(Self.prefix)/brightness", "auto")
        let lines = try tap.waitFor(line: "brightness auto")
        #expect(
            lines == [
                "title Night Run", "artist The Echoes", "position 12.5", "message --for 10 --priority high Doorbell",
                "message Tea is ready", "brightness 40", "brightness auto",
            ])
        try thread.waitForLog("the bad line reported") { $0.contains("unknown command 'bogus'") }
        try thread.waitForLog("the bad brightness reported") { $0.contains("brightness '150'") }
        // Nothing after the good brightness: the bad one was not forwarded.
        try broker.publish("\(Self.prefix)/feed", "play")
        #expect(try tap.waitFor(line: "play") == ["play"])
    }

    /// Home Assistant's doorbell: the picture through the feed topic, then a message naming it.
    @Test func forwardsAPictureBlockAndAMessageWithItsIcon() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try Self.start(try Self.bridge(broker, feed: tap.path, state: directory.file("state.json")))
        defer { thread.finish() }

        try broker.publish("\(Self.prefix)/feed", "picture begin doorbell 2x1\nffb000ffffff\npicture end")
        try broker.publish("\(Self.prefix)/feed", "picture begin bad 2x1\nffb000\npicture end")
        try broker.publish("\(Self.prefix)/message", #"{"text": "Ding dong", "icon": "doorbell"}"#)
        let lines = try tap.waitFor(line: "message --icon doorbell Ding dong")
        #expect(
            lines == ["picture begin doorbell 2x1", "ffb000ffffff", "picture end", "message --icon doorbell Ding dong"])
        try thread.waitForLog("the bad block reported") { $0.contains("a row of 6 characters") }
    }

    @Test func publishesRetainedDiscoveryConfigsAvailabilityAndTheState() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let state = directory.file("state.json")
        try StateFile.write(
            StateSnapshot(
                state: "playing", title: "Night Run", artist: "The Echoes", position: 3, panel: true,
                brightness: 70), to: state)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try Self.start(try Self.bridge(broker, feed: tap.path, state: state))
        defer { thread.finish() }

        let watcher = try broker.subscribe(["homeassistant/#", "\(Self.prefix)/state", "\(Self.prefix)/availability"])
        defer { watcher.kill() }
        var seen: [String: String] = [:]
        try watcher.wait("six configs, the state and the availability") {
            for line in watcher.outputLines {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                if parts.count == 2 { seen[parts[0]] = parts[1] }
            }
            return seen.count >= 8
        }
        #expect(seen["\(Self.prefix)/availability"] == "online")
        let stateJSON = try #require(seen["\(Self.prefix)/state"])
        let published = try StateSnapshot(json: Array(stateJSON.utf8))
        #expect(published.title == "Night Run" && published.panel && published.brightness == 70)
        let components = [
            "notify": "message", "text": "message_text", "number": "brightness", "button": "brightness_auto",
            "sensor": "now_playing", "binary_sensor": "panel",
        ]
        for (component, object) in components {
            let topic = "homeassistant/\(component)/tickerd_test/\(object)/config"
            let text = try #require(seen[topic], "no config on \(topic)")
            let config = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(config["unique_id"] as? String == "tickerd_test_\(object)")
            #expect(config["availability_topic"] as? String == "\(Self.prefix)/availability")
            let device = try #require(config["device"] as? [String: Any])
            #expect(device["identifiers"] as? [String] == ["tickerd_test"])
        }
        // Retained: a subscriber arriving later gets them too.
        let retained = try broker.retained(["homeassistant/#"])
        #expect(retained.count == 6, "retained: \(retained)")

        // A new state file is published within a poll or two.
        try StateFile.write(StateSnapshot(state: "paused", title: "Other", panel: true, brightness: 70), to: state)
        _ = try watcher.nextOutputLine("the new state") {
            $0.hasPrefix("\(Self.prefix)/state ") && $0.contains("Other")
        }

        // The daemon stops (systemd removes the file with its directory): stopped, no panel.
        unlink(state)
        let gone = try watcher.nextOutputLine("the state without a daemon") {
            $0.hasPrefix("\(Self.prefix)/state ") && $0.contains(#""panel":false"#)
        }
        #expect(gone.contains(#""state":"stopped""#) && gone.contains("Other"))
    }

    @Test func theLastWillSaysOfflineWhenTheBridgeIsKilled() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        _ = tap
        let bridge = try Self.tickerctl(broker, directory: directory, password: MosquittoBroker.bridgePassword)
        defer { bridge.kill() }
        try bridge.wait("the connection") { bridge.lines.contains { $0.contains("connected to the MQTT broker") } }
        let watcher = try broker.subscribe(["\(Self.prefix)/availability"])
        defer { watcher.kill() }
        try watcher.nextOutputLine("online") { $0 == "\(Self.prefix)/availability online" }
        bridge.kill()
        try watcher.nextOutputLine("the last will") { $0 == "\(Self.prefix)/availability offline" }
    }

    @Test func aCleanStopSaysOfflineToo() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let bridge = try Self.tickerctl(broker, directory: directory, password: MosquittoBroker.bridgePassword)
        try bridge.wait("the connection") { bridge.lines.contains { $0.contains("connected to the MQTT broker") } }
        #expect(try bridge.stop() == .exited(0))
        #expect(try broker.retained(["\(Self.prefix)/availability"]) == ["\(Self.prefix)/availability offline"])
    }

    @Test func survivesTheBrokerRestartingAndResubscribes() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try Self.start(try Self.bridge(broker, feed: tap.path, state: directory.file("state.json")))
        defer { thread.finish() }
        try broker.publish("\(Self.prefix)/feed", "title Before")
        try tap.waitFor(line: "title Before")

        try broker.stop()
        try thread.waitForLog("the lost connection") { $0.contains("lost the MQTT broker") }
        try broker.start()
        try thread.waitForLog("the new connection") {
            $0.contains("connected to the MQTT broker") && $0.contains("again")
        }
        // No persistence: the subscriptions are the bridge's own, made again.
        try broker.publish("\(Self.prefix)/feed", "title After")
        try tap.waitFor(line: "title After")
        #expect(try broker.retained(["\(Self.prefix)/availability"]) == ["\(Self.prefix)/availability online"])
    }

    @Test func keepsWhatItTookUntilTheFeedOpens() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let feed = directory.file("feed")
        let thread = try Self.start(try Self.bridge(broker, feed: feed, state: directory.file("state.json")))
        defer { thread.finish() }
        for line in ["title One", "artist Two", "play"] { try broker.publish("\(Self.prefix)/feed", line) }
        try thread.waitForLog("the missing feed") { $0.contains("does not exist") }
        let tap = try FeedTap(path: feed)
        #expect(try tap.waitFor(line: "play") == ["title One", "artist Two", "play"])
    }

    @Test func aWrongPasswordIsAClearErrorAndExitStatusOne() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let bridge = try Self.tickerctl(broker, directory: directory, password: "wrong")
        try bridge.wait("the exit") { bridge.termination != nil }
        #expect(bridge.termination == .exited(1))
        #expect(
            bridge.lines.contains {
                $0.contains("the MQTT broker at '127.0.0.1:\(broker.port)' refused the user 'bridge'")
            }, "\(bridge.errors)")
    }

    @Test func anotherDiscoveryPrefixOrForgetClearsTheConfigs() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        let state = directory.file("state.json")
        let first = try Self.start(try Self.bridge(broker, feed: tap.path, state: state, discovery: "ha1"))
        first.finish()
        #expect(try broker.retained(["ha1/#"]).count == 6)

        let second = try Self.start(try Self.bridge(broker, feed: tap.path, state: state, discovery: "ha2"))
        try second.waitForLog("the old configs cleared") { $0.contains("previous discovery prefix 'ha1'") }
        second.finish()
        #expect(try broker.retained(["ha1/#"]) == [])
        #expect(try broker.retained(["ha2/#"]).count == 6)

        // The marker names ha2: forgetting with discovery off still clears the configs there.
        let forget = try Self.tickerctl(
            broker, directory: directory, password: MosquittoBroker.bridgePassword,
            extra: ["--discovery-prefix", "", "--forget"])
        try forget.wait("the exit") { forget.termination != nil }
        #expect(forget.termination == .exited(0), "\(forget.errors)")
        #expect(try broker.retained(["ha2/#", "\(Self.prefix)/#"]) == [])
    }

    /// The whole loop: a line published on `<prefix>/feed` goes through the bridge into the FIFO of a real
    /// `tickerd`, which writes its state file, which the bridge publishes on `<prefix>/state`.
    @Test func aTitlePublishedComesBackAsTheDaemonsState() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let feed = directory.file("feed")
        let state = directory.file("state.json")
        let daemon = try Child(
            name: "tickerd", executable: try BuiltProducts.tickerd(),
            arguments: ["--feed", feed, "--no-terminal", "--set", "feed.state=\(state)", "--log-level", "info"])
        defer { daemon.kill() }
        try daemon.wait("the daemon to start") { daemon.lines.contains { $0.contains("started:") } }
        let watcher = try broker.subscribe(["\(Self.prefix)/state"])
        defer { watcher.kill() }
        let thread = try Self.start(try Self.bridge(broker, feed: feed, state: state))
        defer { thread.finish() }

        try broker.publish("\(Self.prefix)/feed", "title Loop\nartist The Ring\nduration 200\nposition 5\nplay")
        let line = try watcher.nextOutputLine("the daemon's state") { $0.contains("Loop") && $0.contains("playing") }
        let snapshot = try StateSnapshot(json: Array(line.dropFirst("\(Self.prefix)/state ".count).utf8))
        #expect(snapshot.title == "Loop" && snapshot.artist == "The Ring" && snapshot.duration == 200)
        #expect(snapshot.position >= 5 && snapshot.position < 200)
        #expect(!snapshot.panel && snapshot.brightness == 100)

        try broker.publish("\(Self.prefix)/brightness", "25")
        try watcher.nextOutputLine("the new brightness") { $0.contains(#""brightness":25"#) }

        // A daemon stopped by hand leaves its file, which says it stopped: so does the bridge.
        daemon.send(SIGTERM)
        let stopped = try watcher.nextOutputLine("the stopped daemon's state") { $0.contains(#""running":false"#) }
        let last = try StateSnapshot(json: Array(stopped.dropFirst("\(Self.prefix)/state ".count).utf8))
        #expect(last.state == "stopped" && !last.playing && !last.panel && last.title == "Loop")
    }

    /// 300 titles of 500 bytes (150 KB: more than the pipe's 64 KiB and the bridge's 64 KiB queue together)
    /// published at once while nobody reads the FIFO: the bridge stops taking them when its queue is full, the
    /// broker holds the rest, and once the FIFO is read every title arrives, in order.
    @Test func aFloodWaitsOnTheBrokerAndNothingIsLost() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try Self.start(try Self.bridge(broker, feed: tap.path, state: directory.file("state.json")))
        defer { thread.finish() }
        let titles = (1...300).map { "title \($0) " + String(repeating: "x", count: 490) }
        let file = try directory.write("flood", titles.joined(separator: "\n") + "\n")
        try broker.publishLines("\(Self.prefix)/feed", from: file)
        // The pipe fills up, then the bridge's queue: it stops reading from the broker.
        try thread.waitForLog("the full pipe", timeout: 20) { $0.contains("is full (is tickerd stuck?)") }
        try thread.waitForLog("the full queue", timeout: 20) { $0.contains("its queue is full") }
        let lines = try tap.waitFor("the last title", timeout: .seconds(30)) { $0.hasPrefix("title 300 ") }
        #expect(lines == titles)
    }

    /// Over TLS, with the broker's certificate as the CA file: the bridge checks the broker and works as in
    /// the clear; with the system's CAs instead, which do not know the broker, it does not connect and says why.
    @Test func speaksTLSCheckingTheBrokerAgainstTheCAFile() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory, tls: true)
        let tap = try FeedTap(path: directory.file("feed"))
        var bridge = try Self.bridge(broker, feed: tap.path, state: directory.file("state.json"))
        bridge.server.tls = true
        bridge.server.caFile = broker.certificate
        let thread = try Self.start(bridge)
        try broker.publish("\(Self.prefix)/feed", "title Secret")
        try tap.waitFor(line: "title Secret")
        thread.finish()

        bridge.server.caFile = nil
        let systemCAs = bridge
        let untrusting = try FollowerThread { signals, log in _ = systemCAs.run(signals: signals, log: log) }
        defer { untrusting.finish() }
        try untrusting.waitForLog("the refused certificate") {
            $0.contains("lost the MQTT broker at '127.0.0.1:\(broker.port)'") && $0.contains("retrying")
        }
        #expect(!untrusting.log.contains { $0.contains("connected to the MQTT broker") })
    }
}
