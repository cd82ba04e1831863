// fuzz-module: TickerWire TickerCore TickerFollow/MQTT/MQTTPayload.swift TickerFollow/MQTT/MQTTPayload+Page.swift TickerFollow/MQTT/MQTTPayload+Look.swift
// The first byte picks what the rest is read as: an MQTT message payload (text or JSON), a brightness, feed
// lines on <prefix>/feed, the daemon's state file, or a page on <prefix>/page/NAME/set. Checks that what is accepted reaches the feed as a
// command the daemon reads back as itself, that a brightness is a percent, that a state file read is written
// back to the same snapshot, and that any JSON value read is written back to text that reads as the same value.

@testable import TickerCore
@testable import TickerFollow
@testable import TickerWire

func fuzzMqtt(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let payload = Array(bytes.dropFirst())
    switch first % 6 {
    case 0:
        guard let command = try? MQTTPayload.message(payload) else { return 0 }
        guard case .message = command else { fatalError("a message payload gave \(command)") }
        readsBack([command])
    case 1:
        guard let command = try? MQTTPayload.brightness(payload) else { return 0 }
        guard case .brightness(let percent) = command, (0...100).contains(percent) else {
            fatalError("a brightness payload gave \(command)")
        }
        readsBack([command])
    case 2:
        guard let (commands, _) = try? MQTTPayload.feed(payload) else { return 0 }
        readsBack(commands)
    case 3:
        guard let snapshot = try? StateSnapshot(json: payload) else { return 0 }
        let again: StateSnapshot
        do {
            again = try StateSnapshot(json: Array(snapshot.json.utf8))
        } catch {
            fatalError("the snapshot \(snapshot) wrote a file it cannot read: \(error)")
        }
        if again != snapshot { fatalError("\(snapshot) read back as \(again)") }
    case 5:
        guard let command = try? MQTTPayload.page(named: "weather", payload) else { return 0 }
        switch command {
        case .page(let page) where page.name == "weather" && !page.text.isEmpty: break
        case .pageRemove("weather"): break
        default: fatalError("a page payload gave \(command)")
        }
        readsBack([command])
    default:
        guard let value = try? JSONValue.parse(payload) else { return 0 }
        let text = value.encoded
        guard let again = try? JSONValue.parse(Array(text.utf8)), again == value else {
            fatalError("\(value) wrote '\(text)', which does not read back")
        }
    }
    return 0
}

/// Every command's lines, read by the daemon's decoder, give the same commands without a problem.
private func readsBack(_ commands: [FeedCommand]) {
    let lines = commands.flatMap(\.lines)
    let read = FeedCommand.decode(lines: lines)
    if !read.problems.isEmpty { fatalError("the daemon would refuse \(lines): \(read.problems)") }
    if read.commands.count != commands.count { fatalError("\(lines) read back as \(read.commands)") }
}
