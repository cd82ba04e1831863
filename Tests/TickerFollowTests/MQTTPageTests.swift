import Foundation
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

@testable import TickerFollow

/// The idle screen's pages through the bridge, against a real Mosquitto: `<prefix>/page/NAME/set` reaches the
/// feed as `page` commands (checked first), an empty payload removes the page, and each page named with
/// `--page` has a retained Home Assistant text entity whose state the bridge publishes.
@Suite(.serialized) struct MQTTPageTests {
    static let prefix = MQTTBridgeTests.prefix

    @Test func setsAndRemovesPagesAndAnnouncesTheNamedOnesToHomeAssistant() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        var bridge = try MQTTBridgeTests.bridge(broker, feed: tap.path, state: directory.file("state.json"))
        bridge.topics.pages = ["weather"]
        let watcher = try broker.subscribe(["homeassistant/text/#", "\(Self.prefix)/page/+/state"])
        defer { watcher.kill() }
        let thread = try MQTTBridgeTests.start(bridge)
        defer { thread.finish() }

        let configTopic = "homeassistant/text/tickerd_test/page_weather/config"
        let config = try watcher.nextOutputLine("the weather page's text entity") { $0.hasPrefix(configTopic + " ") }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(config.dropFirst(configTopic.count + 1).utf8))
                as? [String: Any])
        #expect(json["command_topic"] as? String == "\(Self.prefix)/page/weather/set")
        #expect(json["state_topic"] as? String == "\(Self.prefix)/page/weather/state")
        #expect(json["unique_id"] as? String == "tickerd_test_page_weather")
        #expect(json["max"] as? Int == IdlePage.maxTextScalars)

        try broker.publish("\(Self.prefix)/page/weather/set", "Sunny 21°")
        try broker.publish("\(Self.prefix)/page/train/set", #"{"text": "Next 7:42\nto Bern", "for": 600}"#)
        try broker.publish("\(Self.prefix)/page/door/set", #"{"text": "Ring", "icon": "bell", "for": 30}"#)
        try broker.publish("\(Self.prefix)/page/sky/set", ##"{"text": "Dusk", "gradient": ["#FF8000", "#0000FF"]}"##)
        try broker.publish("\(Self.prefix)/page/door/set", #"{"text": "Ring", "icon": "Bell!"}"#)
        try broker.publish("\(Self.prefix)/page/bad.name/set", "x")
        try broker.publish("\(Self.prefix)/page/weather/set", String(repeating: "x", count: 300))
        try broker.publish("\(Self.prefix)/page/train/set", #"{"text": "late", "for": -1}"#)
        try broker.publish("\(Self.prefix)/page/weather/set", "")
        let lines = try tap.waitFor(line: "page --remove weather")
        #expect(
            lines == [
                "page weather Sunny 21°", "page --for 600 train Next 7:42 to Bern",
                "page --for 30 --icon bell door Ring", "page --gradient FF8000,0000FF sky Dusk",
                "page --remove weather",
            ])
        try thread.waitForLog("the bad icon reported") { $0.contains("bad 'icon'") }
        try thread.waitForLog("the bad name reported") { $0.contains("'\(Self.prefix)/page/bad.name/set'") }
        try thread.waitForLog("the long text reported") { $0.contains("page text too long (300 characters") }
        try thread.waitForLog("the bad lifetime reported") { $0.contains("bad 'for'") }
        // The named page's state follows what reached the feed; the other page has none.
        _ = try watcher.nextOutputLine("the weather page's text") {
            $0 == "\(Self.prefix)/page/weather/state {\"text\":\"Sunny 21°\"}"
        }
        _ = try watcher.nextOutputLine("the weather page removed") {
            $0 == "\(Self.prefix)/page/weather/state {\"text\":\"\"}"
        }
        #expect(!watcher.outputLines.contains { $0.hasPrefix("\(Self.prefix)/page/train/") })
    }

    @Test func pageNamesOnTheCommandLineAreChecked() throws {
        #expect(try MQTTTopics.pages(["weather", "indoor", "weather"]) == ["weather", "indoor"])
        #expect(throws: UsageError.self) { try MQTTTopics.pages(["next train"]) }
        #expect(throws: UsageError.self) { try MQTTTopics.pages((0...16).map { "p\($0)" }) }
    }
}
