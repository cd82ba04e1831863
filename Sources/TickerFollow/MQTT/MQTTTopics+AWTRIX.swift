import TickerCore

// AWTRIX 3's MQTT topics under the bridge's prefix, read by the same translation as its HTTP API
// (`TickerFollow/AWTRIX`), so that Home Assistant automations written for an AWTRIX clock drive the panel.

extension MQTTTopics {
    /// `[prefix]/notify`: a notification, as a message.
    package var awtrixNotify: String { prefix + "/notify" }
    /// `[prefix]/notify/dismiss`: removes the message shown.
    package var awtrixDismiss: String { prefix + "/notify/dismiss" }
    /// `[prefix]/custom/NAME`: sets or removes the idle screen's page NAME.
    package var awtrixCustomFilter: String { prefix + "/custom/+" }
    /// `[prefix]/settings`: the brightness.
    package var awtrixSettings: String { prefix + "/settings" }
    /// `[prefix]/switch`, `[prefix]/nextapp`, `[prefix]/previousapp`: turning the idle screen's pages.
    package var awtrixSwitch: String { prefix + "/switch" }
    package var awtrixNextApp: String { prefix + "/nextapp" }
    package var awtrixPreviousApp: String { prefix + "/previousapp" }

    /// Every AWTRIX topic the bridge subscribes to.
    package var awtrixFilters: [String] {
        [
            awtrixNotify, awtrixDismiss, awtrixCustomFilter, awtrixSettings, awtrixSwitch, awtrixNextApp,
            awtrixPreviousApp,
        ]
    }

    /// The feed commands for `payload` on `topic` when it is one of AWTRIX's topics; nil when it is not one.
    /// Throws the AWTRIX error (its reason names the cause) for a payload the translation refuses.
    package func awtrixCommands(topic: String, payload: [UInt8]) throws(AWTRIXError) -> [FeedCommand]? {
        switch topic {
        case awtrixNotify: return try AWTRIXNotify.commands(payload)
        case awtrixDismiss: return AWTRIXNotify.dismiss()
        case awtrixSettings: return try AWTRIXSettings.commands(payload)
        case awtrixSwitch: return AWTRIXApps.switchCommands(to: try AWTRIXApps.switchTarget(payload))
        case awtrixNextApp: return AWTRIXApps.turnCommands(forward: true)
        case awtrixPreviousApp: return AWTRIXApps.turnCommands(forward: false)
        default:
            let head = prefix + "/custom/"
            guard topic.hasPrefix(head) else { return nil }
            return try AWTRIXCustom.commands(name: String(topic.dropFirst(head.count)), payload)
        }
    }
}
