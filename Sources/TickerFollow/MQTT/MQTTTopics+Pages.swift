import TickerCore

// The idle screen's pages on the broker: `<prefix>/page/<name>/set` sets or (empty) removes one, and for the
// pages named with `--page`, `<prefix>/page/<name>/state` says what it shows and Home Assistant gets a text
// entity.

extension MQTTTopics {
    /// The filter subscribed for every page's command topic.
    package var pageSetFilter: String { prefix + "/page/+/set" }

    /// The command topic of page `name`.
    package func pageSet(_ name: String) -> String { prefix + "/page/\(name)/set" }

    /// Where the bridge publishes (retained) the text it last sent for page `name`, `{"text": …}`.
    package func pageState(_ name: String) -> String { prefix + "/page/\(name)/state" }

    /// The page `topic` sets, when it is a page's command topic with a valid page name.
    package func pageName(ofSetTopic topic: String) -> String? {
        let head = prefix + "/page/"
        guard topic.hasPrefix(head), topic.hasSuffix("/set"), topic.utf8.count > head.utf8.count + 4 else {
            return nil
        }
        let name = topic.dropFirst(head.count).dropLast(4)
        return IdlePage.isName(name) ? String(name) : nil
    }

    /// A text entity for each page named with `--page`.
    var pageEntities: [(component: String, object: String, config: [String: JSONValue])] {
        pages.map { name in
            (
                "text", "page_\(name)",
                [
                    "name": .string("Page \(name)"), "command_topic": .string(pageSet(name)),
                    "state_topic": .string(pageState(name)),
                    "value_template": .string("{{ value_json.text if value_json is defined else '' }}"),
                    "max": .number(Double(IdlePage.maxTextScalars)), "icon": .string("mdi:card-text-outline"),
                ]
            )
        }
    }
}
