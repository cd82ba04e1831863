import TickerCore

/// AWTRIX 3's notifications (`POST /api/notify`, `[prefix]/notify`) as feed messages, and their dismissal
/// (`/api/notify/dismiss`, `[prefix]/notify/dismiss`). Pure: the body is hostile; nothing is returned that the
/// daemon's decoder would not read back as the same commands.
///
/// An AWTRIX notification interrupts whatever shows, so it is a `high` message: it shows over now playing, the
/// idle screen and the feed's own `normal` and `low` messages, and the newest `high` one shows first.
package enum AWTRIXNotify {
    /// The priority every notification gets.
    package static let priority = MessagePriority.high

    /// The feed commands for a notification body: the message, after a `message --dismiss` when `stack` is false
    /// (the new notification replaces the one shown). Throws 500 `ErrorParsingJson` with the cause for a body
    /// that is not a JSON object, has a key of the wrong type, no text, or a text the feed refuses.
    package static func commands(_ body: [UInt8]) throws(AWTRIXError) -> [FeedCommand] {
        guard let value = try AWTRIXBody.parse(body) else {
            throw .parsing("the body is empty (expected a JSON object)")
        }
        let members = try AWTRIXBody.object(value, keys: AWTRIXBody.appKeys)
        guard let (text, look) = try AWTRIXLook.text(members) else {
            throw .parsing("no 'text' (a ticker shows text; drawings and bars alone are not shown)")
        }
        let message: FeedCommand
        do {
            // `hold`: until dismissed, which on the feed is as long as a message may last.
            let duration =
                members["hold"] == .bool(true) ? FeedCommand.maxTime : try MQTTPayload.lifetime(value, key: "duration")
            let command = FeedCommand.message(
                text, duration: duration, priority: priority, icon: try MQTTPayload.icon(value), look: look)
            message = try MQTTPayload.readBack(command)
        } catch {
            throw AWTRIXBody.parsing(error)
        }
        return members["stack"] == .bool(false) ? [.messageDismiss, message] : [message]
    }

    /// The feed command for a dismissal: whatever the body (AWTRIX ignores it), the message shown goes.
    package static func dismiss() -> [FeedCommand] { [.messageDismiss] }
}
