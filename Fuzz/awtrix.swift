// fuzz-module: TickerWire TickerCore TickerFollow/MQTT/MQTTPayload.swift TickerFollow/MQTT/MQTTPayload+Page.swift TickerFollow/MQTT/MQTTPayload+Look.swift TickerFollow/AWTRIX
// The first byte picks what the rest is read as: an AWTRIX 3 notification, a custom app (named `app`), or a
// settings body. Checks that what is accepted reaches the feed as commands the daemon reads back as themselves,
// of the kinds each body may give, and that what is refused answers AWTRIX's 500 `ErrorParsingJson`.

@testable import TickerCore
@testable import TickerFollow
@testable import TickerWire

func fuzzAwtrix(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    let commands: [FeedCommand]
    do {
        switch first % 3 {
        case 0:
            commands = try AWTRIXNotify.commands(body)
            for command in commands {
                switch command {
                case .message(let text, _, .high, _, _) where !text.isEmpty: break
                case .messageDismiss where commands.count == 2: break
                default: fatalError("a notification gave \(commands)")
                }
            }
        case 1:
            commands = try AWTRIXCustom.commands(name: "app", body)
            for command in commands {
                switch command {
                case .page(let page) where page.name.hasPrefix("app") && !page.text.isEmpty: break
                case .pageRemove(let name) where name.hasPrefix("app"): break
                default: fatalError("a custom app gave \(commands)")
                }
            }
        default:
            commands = try AWTRIXSettings.commands(body)
            for command in commands {
                switch command {
                case .brightness(let percent) where (0...100).contains(percent): break
                case .brightnessAuto: break
                default: fatalError("settings gave \(commands)")
                }
            }
        }
    } catch {
        if error.reply != AWTRIXReply(status: 500, body: "ErrorParsingJson") {
            fatalError("a refused body answered \(error.reply)")
        }
        return 0
    }
    let lines = commands.flatMap(\.lines)
    let read = FeedCommand.decode(lines: lines)
    if !read.problems.isEmpty { fatalError("the daemon would refuse \(lines): \(read.problems)") }
    if read.commands != commands { fatalError("\(lines) read back as \(read.commands)") }
    return 0
}
