import TickerCore

/// Why a payload on one of the bridge's topics was refused; the message names the topic's kind and the cause.
package enum MQTTPayloadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Larger than the bridge takes.
    case tooLong(bytes: Int, limit: Int)
    /// Not UTF-8.
    case notUTF8
    /// A JSON message that is not a JSON object, or not JSON at all.
    case json(JSONError)
    /// A JSON message without a usable member.
    case badMember(String, expected: String)
    /// The message, as a feed command, does not read back (no text, too long, …).
    case feed(FeedError)
    /// A brightness that is not a number from 0 to 100.
    case brightness(String)

    /// A sentence naming the cause.
    package var description: String {
        switch self {
        case .tooLong(let bytes, let limit): return "payload of \(bytes) bytes is longer than \(limit) bytes"
        case .notUTF8: return "payload is not valid UTF-8"
        case .json(let error): return error.description
        case .badMember(let key, let expected): return "bad '\(key)' (expected \(expected))"
        case .feed(let error): return error.description
        case .brightness(let text): return "brightness '\(text)' (expected a number from 0 to 100, or auto)"
        }
    }
}

/// Reads the payloads of the bridge's command topics into feed commands. Pure: every payload is hostile, bounded
/// and checked; nothing reaches the feed that the daemon's decoder would not read back as the same command.
package enum MQTTPayload {
    /// The largest `<prefix>/feed` payload: a lyrics block's worth.
    package static let maxFeedBytes = 65_536
    /// The largest `<prefix>/message` or `<prefix>/brightness` payload.
    package static let maxMessageBytes = 8_192

    /// `<prefix>/feed`: feed lines as written to the pipe, read by the daemon's own decoder. Returns the
    /// commands (a lyrics block as one) and the problems; bad lines are in the problems, not in the commands.
    package static func feed(_ payload: [UInt8]) throws(MQTTPayloadError) -> (
        commands: [FeedCommand], problems: [FeedProblem]
    ) {
        guard payload.count <= maxFeedBytes else { throw .tooLong(bytes: payload.count, limit: maxFeedBytes) }
        var bytes = payload
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        return FeedDecoder.decodeWhole(bytes, endOfInput: "the end of the payload")
    }

    /// `<prefix>/message`: plain text, or a JSON object `{"text": …, "for": seconds, "priority": "low" | "normal"
    /// | "high", "icon": picture name}` and the look's members (`look(_:)`), each but `text` optional.
    package static func message(_ payload: [UInt8]) throws(MQTTPayloadError) -> FeedCommand {
        guard payload.count <= maxMessageBytes else { throw .tooLong(bytes: payload.count, limit: maxMessageBytes) }
        guard let text = String(validating: payload, as: UTF8.self) else { throw .notUTF8 }
        let command: FeedCommand
        if text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).first == "{" {
            command = try jsonMessage(payload)
        } else {
            command = .message(text, duration: nil, priority: .normal)
        }
        return try readBack(command)
    }

    /// `command` as the daemon will read it: control characters become spaces, an empty or overlong text is
    /// refused, as the daemon would refuse it.
    static func readBack(_ command: FeedCommand) throws(MQTTPayloadError) -> FeedCommand {
        let read: FeedCommand?
        do {
            read = try FeedCommand.parse(command.encode())
        } catch {
            throw .feed(error)
        }
        guard let read else { throw .feed(.missingArgument(command: "message", example: "message Doorbell")) }
        return read
    }

    private static func jsonMessage(_ payload: [UInt8]) throws(MQTTPayloadError) -> FeedCommand {
        let (value, text) = try textObject(payload)
        let duration = try lifetime(value)
        var priority = MessagePriority.normal
        if let member = value["priority"], member != .null {
            guard let name = member.stringValue, let chosen = MessagePriority.allCases.first(where: { $0.name == name })
            else { throw .badMember("priority", expected: "one of: low, normal, high") }
            priority = chosen
        }
        return .message(text, duration: duration, priority: priority, icon: try icon(value), look: try look(value))
    }

    /// `<prefix>/brightness`: a number from 0 to 100 (Home Assistant may send `40.0`), rounded to a whole percent,
    /// or `auto`: back to the configured brightness (the schedule's).
    package static func brightness(_ payload: [UInt8]) throws(MQTTPayloadError) -> FeedCommand {
        guard payload.count <= 32 else { throw .tooLong(bytes: payload.count, limit: 32) }
        guard let text = String(validating: payload, as: UTF8.self) else { throw .notUTF8 }
        let trimmed = text.trimmingSpaces
        if trimmed == "auto" { return .brightnessAuto }
        guard case .number(let value)? = try? JSONValue.parse(Array(trimmed.utf8)), value >= 0, value <= 100 else {
            throw .brightness(String(trimmed.prefix(32)))
        }
        return .brightness(Int(value.rounded()))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var result = String.UnicodeScalarView(scalars)
        while let last = result.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
            result.removeLast()
        }
        return String(result)
    }
}
