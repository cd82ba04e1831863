import Foundation
import Glibc
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

@testable import TickerFollow

/// The bridge as Home Assistant sees it, against a real Mosquitto: the entities its discovery configs describe,
/// and what each shows for what the bridge publishes, its templates rendered by Jinja2 as Home Assistant renders
/// them (`HomeAssistantStandIn`).
@Suite(.serialized) struct HomeAssistantTests {
    static let prefix = MQTTBridgeTests.prefix

    /// One MQTT message as `mosquitto_sub -F '%t %l %p'` prints it, so that an empty payload reads as one.
    struct Message: Equatable {
        let topic: String
        let payload: String

        init?(_ line: String) {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let length = Int(parts[1]) else { return nil }
            topic = parts[0]
            payload = length == 0 ? "" : parts[2]
        }
    }

    /// A watcher printing each message as a `Message` line.
    static func watch(_ broker: MosquittoBroker, _ topics: [String]) throws -> Child {
        try broker.subscribe(topics, extra: ["-F", "%t %l %p"])
    }

    static func messages(_ watcher: Child) -> [Message] { watcher.outputLines.compactMap(Message.init) }

    /// The last payload on `topic`, if any came.
    static func latest(_ watcher: Child, on topic: String) -> String? {
        messages(watcher).last { $0.topic == topic }?.payload
    }

    /// The discovery configs the bridge publishes, by component.
    static func discovery(_ broker: MosquittoBroker, count: Int = 6) throws -> [String: [String: Any]] {
        let watcher = try watch(broker, ["homeassistant/#"])
        defer { watcher.kill() }
        var configs: [String: [String: Any]] = [:]
        try watcher.wait("\(count) discovery configs") {
            for message in messages(watcher) where !message.payload.isEmpty {
                let component = message.topic.split(separator: "/")[1]
                configs[String(component)] =
                    try JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any]
            }
            return configs.count >= count
        }
        return configs
    }

    /// Waits until the entity of `config` shows `expected` for the last payload on its state topic.
    static func waitForState(
        _ expected: HomeAssistantStandIn.Rendering, of config: [String: Any], watcher: Child,
        standIn: HomeAssistantStandIn
    ) throws {
        let topic = try #require(config["state_topic"] as? String)
        var rendered: (payload: String, state: HomeAssistantStandIn.Rendering)?
        do {
            try watcher.wait("the state \(expected) on \(topic)") {
                guard let payload = latest(watcher, on: topic) else { return false }
                if rendered?.payload != payload { rendered = (payload, try standIn.state(config, payload: payload)) }
                return rendered?.state == expected
            }
        } catch {
            throw TestFailure("\(error)\nlast shown: \(rendered.map { "\($0.state) for \($0.payload)" } ?? "nothing")")
        }
    }

    /// How Home Assistant makes an entity id of a name with has_entity_name (what MQTT entities always have):
    /// `<component>.<device name> <entity name>`, lower case, each run of other characters one `_` (its
    /// `slugify`, for the ASCII names here).
    static func entityID(component: String, device: String, name: String) -> String {
        var slug = ""
        for scalar in (device + " " + name).lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("_") {
                slug += "_"
            }
        }
        return component + "." + slug
    }

    @Test func entitiesAreNamedAfterThePanelTheWayHomeAssistantNamesThem() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try MQTTBridgeTests.start(
            try MQTTBridgeTests.bridge(broker, feed: tap.path, state: directory.file("state.json")))
        defer { thread.finish() }

        let configs = try Self.discovery(broker)
        var ids: [String] = []
        for (component, config) in configs {
            let device = try #require(config["device"] as? [String: Any])
            let deviceName = try #require(device["name"] as? String)
            let name = try #require(config["name"] as? String)
            #expect(deviceName == "test", "the device is the panel, named by the prefix's last level")
            #expect(!name.lowercased().contains("tickerd") && !name.contains("test"), "\(component): '\(name)'")
            ids.append(Self.entityID(component: component, device: deviceName, name: name))
        }
        #expect(
            ids.sorted() == [
                "binary_sensor.test_panel", "button.test_brightness_by_schedule", "notify.test_message",
                "number.test_brightness", "sensor.test_now_playing", "text.test_message",
            ])
        let uniqueIDs = configs.values.compactMap { $0["unique_id"] as? String }
        #expect(Set(uniqueIDs).count == 6, "\(uniqueIDs)")
        // The button gives the brightness back to the schedule, on the number's command topic.
        let button = try #require(configs["button"])
        #expect(button["command_topic"] as? String == "\(Self.prefix)/brightness")
        #expect(button["payload_press"] as? String == "auto")

        // Before 2024.5 Home Assistant has no MQTT notify: the text entity sends messages there.
        let text = try #require(configs["text"])
        #expect(text["command_topic"] as? String == "\(Self.prefix)/message")
        #expect(text["max"] as? Int == 255)
        #expect(text["state_topic"] as? String == "\(Self.prefix)/last_message")
    }

    @Test func theTextEntitySendsItsValueToThePanelAndShowsTheLastMessage() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let standIn = try HomeAssistantStandIn(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try MQTTBridgeTests.start(
            try MQTTBridgeTests.bridge(broker, feed: tap.path, state: directory.file("state.json")))
        defer { thread.finish() }
        let text = try #require(try Self.discovery(broker)["text"])
        let command = try #require(text["command_topic"] as? String)
        let watcher = try Self.watch(broker, [try #require(text["state_topic"] as? String)])
        defer { watcher.kill() }

        // Nothing sent yet: empty, not unknown.
        try Self.waitForState(.text(""), of: text, watcher: watcher, standIn: standIn)
        // What Home Assistant publishes when a dashboard sets the text.
        try broker.publish(command, "Tea is ready")
        #expect(try tap.waitFor(line: "message Tea is ready") == ["message Tea is ready"])
        try Self.waitForState(.text("Tea is ready"), of: text, watcher: watcher, standIn: standIn)
        // A message from elsewhere (an automation, the notify entity) shows too.
        try broker.publish("\(Self.prefix)/message", #"{"text": "Doorbell", "for": 3}"#)
        try tap.waitFor(line: "message --for 3 Doorbell")
        try Self.waitForState(.text("Doorbell"), of: text, watcher: watcher, standIn: standIn)
        // The text entity holds at most 255 characters.
        let long = String(repeating: "ab ", count: 100)
        try broker.publish("\(Self.prefix)/message", long)
        try tap.waitFor("the long message") { $0.hasPrefix("message ab ab") }
        let cut = String(repeating: "ab ", count: 84) + "ab…"
        #expect(cut.unicodeScalars.count == 255)
        try Self.waitForState(.text(cut), of: text, watcher: watcher, standIn: standIn)
    }

    @Test func aLongTitleStaysWithinHomeAssistantsLimitWithTheWholeTitleAsAnAttribute() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let standIn = try HomeAssistantStandIn(directory: directory)
        let state = directory.file("state.json")
        // 150 letters of two scalars each ("e" and a combining acute accent): 300 scalars.
        let title = String(repeating: "e\u{301}", count: 150)
        try StateFile.write(
            StateSnapshot(state: "playing", title: title, artist: "The Echoes", duration: 200, panel: true), to: state)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try MQTTBridgeTests.start(try MQTTBridgeTests.bridge(broker, feed: tap.path, state: state))
        defer { thread.finish() }
        let sensor = try #require(try Self.discovery(broker)["sensor"])
        let topic = try #require(sensor["state_topic"] as? String)
        let watcher = try Self.watch(broker, [topic, try #require(sensor["json_attributes_topic"] as? String)])
        defer { watcher.kill() }
        try watcher.wait("the sensor's payload") { Self.latest(watcher, on: topic) != nil }
        let payload = try #require(Self.latest(watcher, on: topic))

        let rendering = try standIn.state(sensor, payload: payload)
        guard case .text(let shown) = rendering else {
            Issue.record("the sensor shows \(rendering)")
            return
        }
        let line = Array(("The Echoes — " + title).unicodeScalars)
        #expect(shown.unicodeScalars.count <= 255, "\(shown.unicodeScalars.count) characters")
        #expect(shown.hasSuffix("…"))
        // Cut between two letters, not between a letter and its accent.
        let kept = Array(shown.unicodeScalars.dropLast())
        #expect(kept.count > 200 && line.starts(with: kept) && kept.last == "\u{301}")

        let attributesTopic = try #require(sensor["json_attributes_topic"] as? String)
        let attributes = try standIn.attributes(
            sensor, payload: try #require(Self.latest(watcher, on: attributesTopic)))
        #expect((attributes["title"] as? String)?.unicodeScalars.elementsEqual(title.unicodeScalars) == true)
        #expect(attributes["playback"] as? String == "playing")
        #expect(attributes["artist"] as? String == "The Echoes")
        let dropped = Set(attributes.keys).intersection(HomeAssistantStandIn.blockedAttributes)
        #expect(dropped.isEmpty, "Home Assistant drops \(dropped.sorted())")
    }

    @Test func nowPlayingIsIdleOnceTheDaemonStopsOrItsStateIsStale() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let standIn = try HomeAssistantStandIn(directory: directory)
        let state = directory.file("state.json")
        let playing = StateSnapshot(
            state: "playing", title: "Night Run", artist: "The Echoes", position: 5, duration: 300, panel: true)
        try StateFile.write(playing, to: state)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try MQTTBridgeTests.start(try MQTTBridgeTests.bridge(broker, feed: tap.path, state: state))
        defer { thread.finish() }
        let sensor = try #require(try Self.discovery(broker)["sensor"])
        let watcher = try Self.watch(broker, [try #require(sensor["state_topic"] as? String)])
        defer { watcher.kill() }
        let line = HomeAssistantStandIn.Rendering.text("The Echoes — Night Run")
        try Self.waitForState(line, of: sensor, watcher: watcher, standIn: standIn)

        // The daemon's last word when it stops cleanly: stopped, the track kept.
        try StateFile.write(
            StateSnapshot(state: "stopped", title: "Night Run", artist: "The Echoes", panel: false), to: state)
        try Self.waitForState(.text("idle"), of: sensor, watcher: watcher, standIn: standIn)
        let topic = try #require(sensor["json_attributes_topic"] as? String)
        let attributes = try standIn.attributes(sensor, payload: try #require(Self.latest(watcher, on: topic)))
        #expect(attributes["title"] as? String == "" && attributes["playback"] as? String == "stopped")

        // Under systemd the state file goes with the daemon.
        try StateFile.write(playing, to: state)
        try Self.waitForState(line, of: sensor, watcher: watcher, standIn: standIn)
        unlink(state)
        try Self.waitForState(.text("idle"), of: sensor, watcher: watcher, standIn: standIn)

        // A daemon killed by hand leaves its state behind: written two minutes ago, 20 s into a 30 s track.
        try StateFile.write(playing, to: state)
        try Self.waitForState(line, of: sensor, watcher: watcher, standIn: standIn)
        let old = directory.file("old.json")
        var ended = playing
        ended.position = 20
        ended.duration = 30
        try StateFile.write(ended, to: old)
        var times = [timespec](repeating: timespec(tv_sec: time(nil) - 120, tv_nsec: 0), count: 2)
        #expect(utimensat(AT_FDCWD, old, &times, 0) == 0)
        #expect(rename(old, state) == 0)
        try Self.waitForState(.text("idle"), of: sensor, watcher: watcher, standIn: standIn)
    }

    @Test func forgetRemovesTheEntitiesBeforeEmptyingTheTopicsTheyRead() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let standIn = try HomeAssistantStandIn(directory: directory)
        let state = directory.file("state.json")
        try StateFile.write(StateSnapshot(state: "playing", title: "Night Run", panel: true), to: state)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try MQTTBridgeTests.start(try MQTTBridgeTests.bridge(broker, feed: tap.path, state: state))
        let configs = try Self.discovery(broker)
        let configTopics = Set(configs.keys.map { "homeassistant/\($0)/tickerd_test/" })
        let ownTopics = ["discovery", "state", "now_playing", "last_message", "availability"].map {
            "\(Self.prefix)/\($0)"
        }
        let watcher = try Self.watch(broker, ["homeassistant/#", "\(Self.prefix)/#"])
        defer { watcher.kill() }
        try watcher.wait("the retained configs and topics") {
            Set(Self.messages(watcher).map(\.topic)).count == configs.count + ownTopics.count
        }
        thread.finish()

        let forget = try MQTTBridgeTests.tickerctl(
            broker, directory: directory, password: MosquittoBroker.bridgePassword, extra: ["--forget"])
        try forget.wait("the exit") { forget.termination != nil }
        #expect(forget.termination == .exited(0), "\(forget.errors)")
        var cleared: [String] = []
        try watcher.wait("every topic emptied") {
            cleared = Self.messages(watcher).filter { $0.payload.isEmpty }.map(\.topic)
            return Set(cleared).count == configs.count + ownTopics.count
        }
        let isConfig = { (topic: String) in configTopics.contains { topic.hasPrefix($0) } }
        #expect(Set(cleared.filter { !isConfig($0) }) == Set(ownTopics))
        // The topics the entities read (not the marker, which also carries forget's own empty probe).
        let read = Set(
            configs.values.flatMap { config in
                ["state_topic", "json_attributes_topic", "availability_topic"].compactMap { config[$0] as? String }
            })
        #expect(read == Set(ownTopics.filter { !$0.hasSuffix("/discovery") }))
        let lastConfig = try #require(cleared.lastIndex(where: isConfig))
        let firstRead = try #require(cleared.firstIndex(where: read.contains))
        #expect(lastConfig < firstRead, "cleared in the order \(cleared)")
        #expect(try broker.retained(["homeassistant/#", "\(Self.prefix)/#"]) == [])

        // Should an emptied topic still reach an entity, its templates render nothing, which it ignores.
        for (component, config) in configs {
            #expect(try standIn.state(config, payload: "") == .text(""), "\(component)")
            if config["json_attributes_template"] != nil {
                #expect(try standIn.attributes(config, payload: "").isEmpty, "\(component)")
            }
        }
    }
}
