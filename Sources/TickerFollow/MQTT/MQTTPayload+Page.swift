import TickerCore

extension MQTTPayload {
    /// `<prefix>/page/<name>/set`: plain text, or a JSON object `{"text": …, "for": seconds, "icon": picture
    /// name}` and the look's members (`look(_:)`) (`for` optional: the page then lasts until removed; the others
    /// optional); an empty payload, or an empty text, removes the page.
    package static func page(named name: String, _ payload: [UInt8]) throws(MQTTPayloadError) -> FeedCommand {
        guard payload.count <= maxMessageBytes else { throw .tooLong(bytes: payload.count, limit: maxMessageBytes) }
        guard let text = String(validating: payload, as: UTF8.self) else { throw .notUTF8 }
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.unicodeScalars.first(where: { !blank($0) }) else { return .pageRemove(name) }
        var page = IdlePage(name: name, text: text)
        if first == "{" {
            let (value, shown) = try textObject(payload)
            if !shown.unicodeScalars.contains(where: { !blank($0) }) { return .pageRemove(name) }
            page.text = shown
            page.lifetime = try lifetime(value)
            page.icon = try icon(value)
            page.look = try look(value)
        }
        return try readBack(.page(page))
    }

    /// A JSON object with a `text` string, and the string.
    static func textObject(_ payload: [UInt8]) throws(MQTTPayloadError) -> (value: JSONValue, text: String) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(payload)
        } catch {
            throw .json(error)
        }
        guard case .object = value else { throw .badMember("text", expected: "a JSON object with a 'text' string") }
        guard let text = value["text"]?.stringValue else { throw .badMember("text", expected: "a string") }
        return (value, text)
    }

    /// The object's `icon` member: a picture's name; nil when missing or null.
    static func icon(_ value: JSONValue) throws(MQTTPayloadError) -> String? {
        guard let member = value["icon"], member != .null else { return nil }
        guard let name = member.stringValue, FeedPicture.isName(name) else {
            throw .badMember("icon", expected: "a picture name: 1 to 32 of a-z, 0-9, '-', '_', '.'")
        }
        return name
    }

    /// The object's `for` member (or `key`): seconds, more than 0 and at most 86400; nil when missing or null.
    static func lifetime(_ value: JSONValue, key: String = "for") throws(MQTTPayloadError) -> Duration? {
        guard let member = value[key], member != .null else { return nil }
        guard let seconds = member.numberValue, seconds > 0, seconds <= 86_400 else {
            throw .badMember(key, expected: "seconds, more than 0 and at most 86400")
        }
        return FeedCommand.time(seconds: seconds)
    }
}
