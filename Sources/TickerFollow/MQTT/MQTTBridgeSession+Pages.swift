import TickerCore

extension MQTTBridgeSession {
    /// After `command` went to the feed: when it set or removed a page named with `--page`, publishes the page's
    /// text (empty once removed) on its state topic, retained, for Home Assistant's text entity.
    func publishPage(after command: FeedCommand) {
        let name: String
        let text: String
        switch command {
        case .page(let page): (name, text) = (page.name, page.text)
        case .pageRemove(let removed): (name, text) = (removed, "")
        default: return
        }
        guard bridge.topics.pages.contains(name), machine.isConnected else { return }
        do {
            let payload = JSONValue.object(["text": .string(text)]).encoded
            try client.publish(bridge.topics.pageState(name), payload, retain: true)
        } catch {
            log.warning(error.description)
        }
    }
}
