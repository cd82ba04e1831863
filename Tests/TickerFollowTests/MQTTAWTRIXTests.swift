import Foundation
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

@testable import TickerFollow

/// AWTRIX 3's topics through the bridge, against a real Mosquitto: what arrives on them reaches the feed FIFO
/// as the translation says (checked first), bad payloads are logged and not forwarded, and the whole way into a
/// real `tickerd`, whose kept state then holds the notification, the pages, and not the dismissed message.
@Suite(.serialized) struct MQTTAWTRIXTests {
    static let prefix = MQTTBridgeTests.prefix

    @Test func forwardsNotificationsCustomAppsSettingsAndDismissals() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let tap = try FeedTap(path: directory.file("feed"))
        let thread = try MQTTBridgeTests.start(
            try MQTTBridgeTests.bridge(broker, feed: tap.path, state: directory.file("state.json")))
        defer { thread.finish() }

        try broker.publish(
            "\(Self.prefix)/notify", #"{"text":[{"t":"Now ","c":"FFFFFF"},{"t":"playing","c":"FF0000"}],"duration":8}"#)
        try broker.publish("\(Self.prefix)/notify", #"{"text":"Door","stack":false,"hold":true,"icon":"bell"}"#)
        try broker.publish("\(Self.prefix)/notify", #"{"text":"x","duration":"long"}"#)
        try broker.publish(
            "\(Self.prefix)/custom/weather", #"{"text":"Sunny 21°","lifetime":600,"rainbow":true,"blinkText":500}"#)
        try broker.publish("\(Self.prefix)/custom/bad.name", #"{"text":"x"}"#)
        try broker.publish("\(Self.prefix)/nextapp", "")
        try broker.publish("\(Self.prefix)/settings", #"{"BRI":128,"ATRANS":false}"#)
        try broker.publish("\(Self.prefix)/notify/dismiss", "")
        let lines = try tap.waitFor(line: "brightness 50")
        #expect(
            lines == [
                "message --for 8 --priority high --colors FFFFFF:4,FF0000 Now playing", "message --dismiss",
                "message --for 86400 --priority high --icon bell Door",
                "page --for 600 --rainbow --blink 0.5 weather Sunny 21°",
                "page --next", "brightness 50",
            ])
        #expect(try tap.waitFor(line: "message --dismiss") == ["message --dismiss"])
        try thread.waitForLog("the bad duration reported") { $0.contains("bad 'duration' (expected a number)") }
        try thread.waitForLog("the bad app name reported") { $0.contains("bad app name 'bad.name'") }
    }

    /// The whole way: a notification, pages and a dismissal published as Home Assistant's AWTRIX integration
    /// would, through the bridge into a real `tickerd`, whose kept state holds what the panel shows.
    @Test func aNotificationPagesAndADismissalReachTheDaemon() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: directory)
        let feed = directory.file("feed")
        let state = directory.file("state.json")
        let kept = directory.file("kept.feed")
        let daemon = try Child(
            name: "tickerd", executable: try BuiltProducts.tickerd(),
            arguments: [
                "--feed", feed, "--no-terminal", "--set", "feed.state=\(state)", "--set", "feed.keep=\(kept)",
                "--log-level", "info",
            ])
        defer { daemon.kill() }
        try daemon.wait("the daemon to start") { daemon.lines.contains { $0.contains("started:") } }
        let watcher = try broker.subscribe(["\(Self.prefix)/state"])
        defer { watcher.kill() }
        let thread = try MQTTBridgeTests.start(try MQTTBridgeTests.bridge(broker, feed: feed, state: state))
        defer { thread.finish() }

        try broker.publish("\(Self.prefix)/notify", #"{"text":"Washing done","duration":600}"#)
        try broker.publish("\(Self.prefix)/notify", #"{"text":"Doorbell","hold":true}"#)
        try broker.publish("\(Self.prefix)/custom/weather", #"{"text":"Sunny 21°"}"#)
        try broker.publish("\(Self.prefix)/custom/solar", #"[{"text":"1 kW"},{"text":"2 kW"}]"#)
        try broker.publish("\(Self.prefix)/notify/dismiss", "")
        // The brightness comes last and shows in the state file: the daemon has read everything before it.
        try broker.publish("\(Self.prefix)/settings", #"{"BRI":51}"#)
        try watcher.nextOutputLine("the new brightness") { $0.contains(#""brightness":20"#) }
        // A clean stop writes what is owed of the kept state: once the daemon is gone, the file is final.
        #expect(try daemon.stop() == .exited(0))
        let commands = try String(contentsOfFile: kept, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { try #require(try FeedCommand.parse(String($0))) }
        #expect(commands.contains(.page(IdlePage(name: "weather", text: "Sunny 21°"))))
        #expect(commands.contains(.page(IdlePage(name: "solar0", text: "1 kW"))))
        #expect(commands.contains(.page(IdlePage(name: "solar1", text: "2 kW"))))
        #expect(commands.contains(.brightness(20)))
        let messages = commands.compactMap { command -> String? in
            guard case .message(let text, _, .high, _, _) = command else { return nil }
            return text
        }
        #expect(messages == ["Washing done"])
    }
}
