import TickerCore
import TickerIO

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

    /// The page names of `--page`, each checked, at most `IdlePage.maxPages`, repeats dropped.
    package static func pages(_ names: [String]) throws(UsageError) -> [String] {
        var pages: [String] = []
        for name in names where !pages.contains(name) {
            guard IdlePage.isName(name) else {
                throw UsageError(
                    "invalid --page '\(name)' (expected 1 to \(IdlePage.maxNameCharacters) letters, digits, '-' or "
                        + "'_', the first a letter or digit)")
            }
            pages.append(name)
        }
        guard pages.count <= IdlePage.maxPages else {
            throw UsageError("\(pages.count) pages given with --page; the daemon keeps at most \(IdlePage.maxPages)")
        }
        return pages
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
