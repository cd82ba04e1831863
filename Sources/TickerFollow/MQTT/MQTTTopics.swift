import TickerCore
import TickerIO

/// The bridge's topics under its prefix, and its Home Assistant discovery configs (docs/FOLLOW.md).
package struct MQTTTopics: Equatable, Sendable {
    /// The prefix of every topic of this bridge, e.g. `tickerd/kitchen`.
    package let prefix: String
    /// Home Assistant's discovery prefix, or empty when discovery is off.
    package let discoveryPrefix: String
    /// The idle screen's pages Home Assistant gets a text entity for (`--page`; see `MQTTTopics+Pages`).
    package var pages: [String] = []

    /// Topics under `prefix`; throws a sentence when a prefix is not a topic MQTT allows to publish to.
    package init(prefix: String, discoveryPrefix: String) throws(UsageError) {
        try Self.check(prefix, option: "--topic-prefix", mayBeEmpty: false)
        try Self.check(discoveryPrefix, option: "--discovery-prefix", mayBeEmpty: true)
        self.prefix = prefix
        self.discoveryPrefix = discoveryPrefix
    }

    private static func check(_ topic: String, option: String, mayBeEmpty: Bool) throws(UsageError) {
        if topic.isEmpty, mayBeEmpty { return }
        guard !topic.isEmpty, !topic.hasPrefix("/"), !topic.hasSuffix("/"), !topic.contains("//"),
            topic.utf8.count <= 200,
            !topic.unicodeScalars.contains(where: { $0 == "+" || $0 == "#" || $0.value < 0x20 })
        else {
            throw UsageError(
                "invalid \(option) '\(topic)' (expected topic levels separated by '/', without '+', '#' or empty levels)"
            )
        }
    }

    /// Feed lines to forward (subscribed).
    package var feed: String { prefix + "/feed" }
    /// Messages to show (subscribed).
    package var message: String { prefix + "/message" }
    /// The brightness to set (subscribed).
    package var brightness: String { prefix + "/brightness" }
    /// `online`, or `offline` as the last will (published, retained).
    package var availability: String { prefix + "/availability" }
    /// The state snapshot (published, retained).
    package var state: String { prefix + "/state" }
    /// What Home Assistant's Now playing sensor shows (`MQTTNowPlaying`; published, retained).
    package var nowPlaying: String { prefix + "/now_playing" }
    /// The text of the last message the bridge sent to the panel, `{"text": …}` (published, retained), which
    /// Home Assistant's text entity shows.
    package var lastMessage: String { prefix + "/last_message" }
    /// The discovery prefix whose configs are published (retained), so that a bridge restarted with another one
    /// clears the old configs (subscribed and published).
    package var discovery: String { prefix + "/discovery" }
    /// The retained topics the entities read, and the marker: cleared by `--forget` once the entities are gone.
    package var retainedTopics: [String] {
        [discovery, state, nowPlaying, lastMessage, availability] + pages.map(pageState)
    }

    /// The prefix as an identifier Home Assistant accepts in ids and topics: `tickerd/kitchen` → `tickerd_kitchen`.
    package var node: String {
        String(
            prefix.unicodeScalars.map { scalar -> Character in
                let ok =
                    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "-"
                return ok ? Character(scalar) : "_"
            })
    }

    /// The panel's name, which Home Assistant gives the device: the last level of the prefix (`tickerd/kitchen`
    /// → `kitchen`, the host name by default). Home Assistant names each entity "device name + entity name"
    /// (MQTT entities always have `has_entity_name`), so the entity ids read `sensor.kitchen_now_playing`.
    package var deviceName: String { prefix.split(separator: "/").last.map(String.init) ?? prefix }

    /// The entities: component, object id and config (without the shared members). Each name is the entity's
    /// own part only. Every template renders an empty payload (a retained topic being cleared) as nothing,
    /// which Home Assistant ignores, instead of failing on `value_json`.
    private var entities: [(component: String, object: String, config: [String: JSONValue])] {
        [
            // Home Assistant 2024.5 and later; older ones log "Integration notify is not supported" and have the
            // text entity below.
            (
                "notify", "message",
                ["name": .string("Message"), "command_topic": .string(message), "icon": .string("mdi:message-text")]
            ),
            (
                "text", "message_text",
                [
                    "name": .string("Message"), "command_topic": .string(message), "state_topic": .string(lastMessage),
                    "value_template": .string("{{ value_json.text if value_json is defined else '' }}"),
                    "max": .number(Double(MQTTNowPlaying.maxStateScalars)), "icon": .string("mdi:message-text"),
                ]
            ),
            (
                "number", "brightness",
                [
                    "name": .string("Brightness"), "command_topic": .string(brightness), "state_topic": .string(state),
                    "value_template": .string("{{ value_json.brightness if value_json is defined else '' }}"),
                    "min": .number(0), "max": .number(100), "step": .number(1), "unit_of_measurement": .string("%"),
                    "icon": .string("mdi:brightness-6"),
                ]
            ),
            (
                "button", "brightness_auto",
                [
                    "name": .string("Brightness by schedule"), "command_topic": .string(brightness),
                    "payload_press": .string("auto"), "icon": .string("mdi:brightness-auto"),
                ]
            ),
            (
                "sensor", "now_playing",
                [
                    "name": .string("Now playing"), "state_topic": .string(nowPlaying),
                    "value_template": .string("{{ value_json.now_playing if value_json is defined else '' }}"),
                    "json_attributes_topic": .string(nowPlaying),
                    "json_attributes_template": .string(
                        "{{ (value_json.attributes if value_json is defined else {}) | tojson }}"),
                    "icon": .string("mdi:music"),
                ]
            ),
            (
                "binary_sensor", "panel",
                [
                    "name": .string("Panel"), "state_topic": .string(state),
                    "value_template": .string(
                        "{{ ('ON' if value_json.panel else 'OFF') if value_json is defined else '' }}"),
                    "device_class": .string("connectivity"),
                ]
            ),
        ] + pageEntities
    }

    /// The config topics under `discoveryPrefix` (none when it is empty).
    package func discoveryTopics(under discoveryPrefix: String) -> [String] {
        guard !discoveryPrefix.isEmpty else { return [] }
        return entities.map { "\(discoveryPrefix)/\($0.component)/\(node)/\($0.object)/config" }
    }

    /// Each discovery config topic with its JSON payload: a device block, a unique id, and availability.
    package func discoveryConfigs(version: String) -> [(topic: String, payload: String)] {
        let topics = discoveryTopics(under: discoveryPrefix)
        let device: JSONValue = .object([
            "identifiers": .array([.string(node)]), "name": .string(deviceName),
            "model": .string("tickerd LED ticker"), "manufacturer": .string("tickerd"), "sw_version": .string(version),
        ])
        return zip(topics, entities).map { topic, entity in
            var config = entity.config
            config["unique_id"] = .string("\(node)_\(entity.object)")
            config["availability_topic"] = .string(availability)
            config["device"] = device
            config["qos"] = .number(1)
            return (topic, JSONValue.object(config).encoded)
        }
    }
}
