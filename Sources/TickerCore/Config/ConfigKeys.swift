// The table of every key: its section, name and how its value is read into the configuration. The parser,
// the command-line overrides and the error messages all use it, so a key exists in one place.
package enum ConfigKeys {
    typealias Setter = @Sendable (inout Config, String, _ section: String, _ key: String) throws(ConfigError) -> Void

    /// One key: where it is, and how its value is read into the configuration.
    struct Key: Sendable {
        let section: String
        let name: String
        let set: Setter
    }

    static let sections = [
        "panel", "device", "feed", "layout", "marquee", "karaoke", "display", "colors", "lyrics", "leds", "max7219",
        "icons", "log", "brightness", "transitions",
    ]

    /// The keys of `section`, in the order of the table.
    package static func keys(in section: String) -> [String] {
        table.filter { $0.section == section }.map(\.name)
    }

    static func find(_ section: String, _ name: String) -> Key? {
        table.first { $0.section == section && $0.name == name }
    }

    /// Every key, section by section.
    static let table: [Key] =
        [
            .integer("panel", "width", \.panel.width, 1...1024),
            .integer("panel", "height", \.panel.height, 1...64),
            Key(section: "panel", name: "depth") { config, value, s, k throws(ConfigError) in
                guard let depth = PanelDepth(name: value) else {
                    throw ConfigValue.bad(value, s, k, "1, 2, 4 or 8 bits per pixel, rgb or rgb565")
                }
                config.panel.depth = depth
            },
            .integer("panel", "fps", \.panel.fps, 1...240),
            .integer("panel", "brightness", \.panel.brightness, 0...100, unit: " percent"),
            .value("device", "path", \.device.address, ConfigValue.deviceAddress),
            .integer("device", "baud", \.device.baudRate, 50...4_000_000),
            .integer("device", "data-bits", \.device.dataBits, 5...8),
            .choice("device", "parity", \.device.parity),
            .integer("device", "stop-bits", \.device.stopBits, 1...2),
            .choice("device", "flow-control", \.device.flowControl),
            .seconds("device", "hello-timeout", \.device.helloTimeout, 0...60),
            .choice("device", "protocol", \.device.deviceProtocol),
            .choice("device", "on-exit", \.device.onExit),
            Key(section: "device", name: "universe") { config, value, s, k throws(ConfigError) in
                config.device.universe = value.isEmpty ? nil : try ConfigValue.integer(value, 0...63_999, s, k)
            },
            .integer("device", "channels-per-universe", \.device.channelsPerUniverse, 3...512),
            .integer("device", "priority", \.device.priority, 0...200),
            Key(section: "device", name: "source-name") { config, value, s, k throws(ConfigError) in
                guard value.utf8.count <= 63, !value.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                    throw ConfigValue.bad(value, s, k, "a name of at most 63 bytes")
                }
                config.device.sourceName = value
            },
            .integer("device", "max-fps", \.device.maxFPS, 0...240),
            .seconds("device", "keepalive", \.device.keepalive, 0.05...10),
            .number("leds", "gamma", \.leds.gamma, 1...4),
            .choice("leds", "wiring", \.leds.wiring),
            .boolean("leds", "serpentine", \.leds.serpentine),
            .choice("leds", "origin", \.leds.origin),
            Key(section: "leds", name: "color-order") { config, value, s, k throws(ConfigError) in
                config.leds.colorOrder = try ConfigValue.choice(value.uppercased(), s, k)
            },
            Key(section: "leds", name: "tiles") { config, value, s, k throws(ConfigError) in
                guard let size = ConfigValue.size(value, 1...64) else {
                    throw ConfigValue.bad(value, s, k, "COLUMNSxROWS of modules, each 1-64, e.g. 4x1")
                }
                config.leds.tiles = (size.0, size.1)
            },
            Key(section: "leds", name: "module") { config, value, s, k throws(ConfigError) in
                if value.isEmpty {
                    config.leds.module = nil
                    return
                }
                guard let size = ConfigValue.size(value, 1...1024) else {
                    throw ConfigValue.bad(value, s, k, "WIDTHxHEIGHT of one module in LEDs, e.g. 8x8, or empty")
                }
                config.leds.module = (size.0, size.1)
            },
            .integer("leds", "milliamps-per-led", \.leds.milliampsPerLED, 1...255, unit: " mA"),
            .integer("leds", "max-milliamps", \.leds.maxMilliamps, 0...1_000_000, unit: " mA"),
            Key(section: "leds", name: "switch-baud") { config, value, s, k throws(ConfigError) in
                let rates = WLEDCommand.baudRates.map(String.init).joined(separator: ", ")
                guard let rate = Int(value), rate == 0 || WLEDCommand.switchByte(baud: rate) != nil else {
                    throw ConfigValue.bad(value, s, k, "0 or one of WLED's rates: \(rates)")
                }
                config.leds.switchBaud = rate
            },
            .integer("max7219", "chips", \.max7219.chips, 0...256),
            .integer("max7219", "rows", \.max7219.rows, 0...8),
            .choice("max7219", "variant", \.max7219.variant),
            .choice("max7219", "chain-start", \.max7219.chainStart),
            .boolean("max7219", "serpentine", \.max7219.serpentine),
            .choice("max7219", "rotation", \.max7219.rotation),
            .boolean("max7219", "flip-horizontal", \.max7219.flipHorizontal),
            .boolean("max7219", "flip-vertical", \.max7219.flipVertical),
            .integer("max7219", "spi-speed", \.max7219.spiSpeed, 10_000...10_000_000, unit: " Hz"),
            .seconds("max7219", "reinitialise", \.max7219.reinitialise, 0.5...3_600),
            Key(section: "lyrics", name: "online") { config, value, s, k throws(ConfigError) in
                let lower = value.lowercased()
                guard
                    value.isEmpty
                        || ((lower.hasPrefix("https://") || lower.hasPrefix("http://")) && value.utf8.count < 2_048
                            && !value.contains(where: { $0.isWhitespace || $0 == "?" || $0 == "#" }))
                else {
                    throw ConfigValue.bad(value, s, k, "an http:// or https:// URL, or empty")
                }
                config.lyrics.online = value
            },
            .value("lyrics", "cache", \.lyrics.cache, ConfigValue.absolutePath),
            .value("feed", "path", \.feed.path, ConfigValue.absolutePath),
            Key(section: "feed", name: "mode") { config, value, s, k throws(ConfigError) in
                guard (3...4).contains(value.utf8.count), let mode = UInt32(value, radix: 8), mode <= 0o777 else {
                    throw ConfigValue.bad(value, s, k, "octal permission bits, e.g. 0620")
                }
                config.feed.mode = mode
            },
            Key(section: "feed", name: "group") { config, value, s, k throws(ConfigError) in
                guard value.utf8.count <= 32, !value.contains(where: { $0 == ":" || $0 == "/" || $0.isWhitespace })
                else {
                    throw ConfigValue.bad(value, s, k, "a group name or empty")
                }
                config.feed.group = value
            },
            .value("feed", "state", \.feed.state, ConfigValue.filePathOrEmpty),
            .value("feed", "keep", \.feed.keep, ConfigValue.filePathOrEmpty),
            .value("feed", "view", \.feed.view, ConfigValue.filePathOrEmpty),
            .choice("layout", "zones", \.layout.zones),
            Key(section: "layout", name: "font") { config, value, s, k throws(ConfigError) in
                config.layout.font = try ConfigValue.fontChain(value, s, k) ?? [.builtin]
            },
            .value("layout", "top-font", \.layout.topFont, ConfigValue.fontChain),
            .value("layout", "bottom-font", \.layout.bottomFont, ConfigValue.fontChain),
            .choice("layout", "progress", \.layout.progress),
            .boolean("layout", "icons", \.layout.icons),
            .choice("layout", "cover", \.layout.cover),
            .number("marquee", "speed", \.marquee.speed, 1...1_000, unit: " pixels per second"),
            .seconds("marquee", "pause", \.marquee.pause, 0...60),
            .integer("marquee", "gap", \.marquee.gap, 0...1024, unit: " pixels"),
            .choice("marquee", "direction", \.marquee.direction),
            .choice("marquee", "align", \.marquee.align),
            .boolean("marquee", "bounce", \.marquee.bounce),
            .integer("marquee", "laps", \.marquee.laps, 0...1_000_000),
            .boolean("marquee", "fade-edges", \.marquee.fadeEdges),
            .number("karaoke", "rest-level", \.karaoke.restLevel, 0...1),
            .choice("karaoke", "rest-style", \.karaoke.restStyle),
            .boolean("karaoke", "wrap", \.karaoke.wrap),
            .seconds("karaoke", "lyrics-offset", \.karaoke.lyricsOffset, -60...60),
            .boolean("display", "reduced-motion", \.display.reducedMotion),
            .seconds("display", "idle-after", \.display.idleAfter, 0...86_400),
            .choice("display", "idle", \.display.idle),
            Key(section: "display", name: "idle-text") { config, value, s, k throws(ConfigError) in
                guard value.unicodeScalars.count <= FeedCommand.maxTextScalars else {
                    throw ConfigValue.bad(value, s, k, "at most \(FeedCommand.maxTextScalars) characters")
                }
                config.display.idleText = value
            },
            .parsed("display", "clock-format", \.display.clockFormat, ClockFormat.init) {
                "a clock format such as %H:%M; \($0)"
            },
            .choice("display", "clock-language", \.display.clockLanguage),
            .choice("display", "pages", \.display.pages),
            .seconds("display", "page-time", \.display.pageTime, 1...3_600),
            .parsed("display", "now-playing", \.display.nowPlaying, NowPlayingTemplate.init) {
                "a template with \(NowPlayingTemplate.placeholders): \($0)"
            },
            .boolean("display", "blank-on-exit", \.display.blankOnExit),
            .choice("log", "level", \.log.level),
            Key(section: "brightness", name: "schedule") { config, value, s, k throws(ConfigError) in
                do throws(BrightnessScheduleError) {
                    config.brightness.schedule = try BrightnessSchedule.parse(value)
                } catch {
                    throw .badPart(
                        section: s, key: k, column: error.column, found: error.found, expected: error.expected)
                }
            },
            .seconds("brightness", "fade", \.brightness.fade, 0...600),
            .boolean("transitions", "enabled", \.transitions.enabled),
            .seconds("transitions", "duration", \.transitions.duration, 0...10),
            .choice("transitions", "title", \.transitions.title),
            .choice("transitions", "message", \.transitions.message),
            .choice("transitions", "page", \.transitions.page),
            .choice("transitions", "idle", \.transitions.idle),
            .choice("transitions", "lyric", \.transitions.lyric),
        ]
        + ColorRole.allCases.map { role in
            Key(section: "colors", name: role.key) { config, value, s, k throws(ConfigError) in
                // An empty rest colour is the sung colour at the rest level.
                config.colors[role] = role == .rest && value.isEmpty ? nil : try ConfigValue.color(value, s, k)
            }
        }
        + Config.Icons.keys
}

extension ConfigKeys.Key {
    /// A key whose text `read` (given the value, the section and the key) turns into the setting at `path`.
    static func value<Value>(
        _ section: String, _ name: String, _ path: WritableKeyPath<Config, Value> & Sendable,
        _ read: @escaping @Sendable (String, String, String) throws(ConfigError) -> Value
    ) -> Self {
        Self(section: section, name: name) { config, value, s, k throws(ConfigError) in
            config[keyPath: path] = try read(value, s, k)
        }
    }

    /// A whole number in `range`; `unit` follows the range in the error message.
    static func integer(
        _ section: String, _ name: String, _ path: WritableKeyPath<Config, Int> & Sendable, _ range: ClosedRange<Int>,
        unit: String = ""
    ) -> Self {
        value(section, name, path) { value, s, k throws(ConfigError) in
            try ConfigValue.integer(value, range, s, k, unit: unit)
        }
    }

    /// A decimal number in `range`; `unit` follows the range in the error message.
    static func number(
        _ section: String, _ name: String, _ path: WritableKeyPath<Config, Double> & Sendable,
        _ range: ClosedRange<Double>, unit: String = ""
    ) -> Self {
        value(section, name, path) { value, s, k throws(ConfigError) in
            try ConfigValue.number(value, range, s, k, unit: unit)
        }
    }

    /// A time in decimal seconds within `range`.
    static func seconds(
        _ section: String, _ name: String, _ path: WritableKeyPath<Config, Duration> & Sendable,
        _ range: ClosedRange<Double>
    ) -> Self {
        value(section, name, path) { value, s, k throws(ConfigError) in try ConfigValue.seconds(value, range, s, k) }
    }

    /// `true` or `false` (or yes/no, on/off, 1/0).
    static func boolean(_ section: String, _ name: String, _ path: WritableKeyPath<Config, Bool> & Sendable) -> Self {
        value(section, name, path, ConfigValue.boolean)
    }

    /// A value that `parse` reads; when it throws, `expected` turns its error into what the message says was
    /// expected.
    static func parsed<Value, Failure: Error>(
        _ section: String, _ name: String, _ path: WritableKeyPath<Config, Value> & Sendable,
        _ parse: @escaping @Sendable (String) throws(Failure) -> Value,
        expected: @escaping @Sendable (Failure) -> String
    ) -> Self {
        value(section, name, path) { value, s, k throws(ConfigError) in
            do throws(Failure) {
                return try parse(value)
            } catch {
                throw ConfigValue.bad(value, s, k, expected(error))
            }
        }
    }

    /// One of the raw values of `Choice`.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ section: String, _ name: String, _ path: WritableKeyPath<Config, Choice> & Sendable
    ) -> Self where Choice.RawValue == String {
        value(section, name, path, ConfigValue.choice)
    }
}
