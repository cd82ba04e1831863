// The table of every key: its section, name and how its value is read into the configuration. The parser,
// the command-line overrides and the error messages all use it, so a key exists in one place.
package enum ConfigKeys {
    typealias Setter = @Sendable (inout Config, String, _ section: String, _ key: String) throws(ConfigError) -> Void

    struct Key: Sendable {
        let section: String
        let name: String
        let set: Setter
    }

    static let sections = [
        "panel", "device", "feed", "layout", "marquee", "karaoke", "display", "colors", "lyrics", "leds", "log",
    ]

    /// The keys of `section`, in the order of the table.
    package static func keys(in section: String) -> [String] {
        table.filter { $0.section == section }.map(\.name)
    }

    static func find(_ section: String, _ name: String) -> Key? {
        table.first { $0.section == section && $0.name == name }
    }

    static let table: [Key] =
        [
            Key(section: "panel", name: "width") { config, value, s, k throws(ConfigError) in
                config.panel.width = try ConfigValue.integer(value, 1...1024, s, k)
            },
            Key(section: "panel", name: "height") { config, value, s, k throws(ConfigError) in
                config.panel.height = try ConfigValue.integer(value, 1...64, s, k)
            },
            Key(section: "panel", name: "depth") { config, value, s, k throws(ConfigError) in
                guard let depth = PanelDepth(name: value) else {
                    throw ConfigValue.bad(value, s, k, "1, 2, 4 or 8 bits per pixel, rgb or rgb565")
                }
                config.panel.depth = depth
            },
            Key(section: "panel", name: "fps") { config, value, s, k throws(ConfigError) in
                config.panel.fps = try ConfigValue.integer(value, 1...240, s, k)
            },
            Key(section: "panel", name: "brightness") { config, value, s, k throws(ConfigError) in
                config.panel.brightness = try ConfigValue.integer(value, 0...100, s, k, unit: " percent")
            },
            Key(section: "device", name: "path") { config, value, s, k throws(ConfigError) in
                config.device.address = try ConfigValue.deviceAddress(value, s, k)
            },
            Key(section: "device", name: "baud") { config, value, s, k throws(ConfigError) in
                config.device.baudRate = try ConfigValue.integer(value, 50...4_000_000, s, k)
            },
            Key(section: "device", name: "data-bits") { config, value, s, k throws(ConfigError) in
                config.device.dataBits = try ConfigValue.integer(value, 5...8, s, k)
            },
            Key(section: "device", name: "parity") { config, value, s, k throws(ConfigError) in
                config.device.parity = try ConfigValue.choice(value, s, k)
            },
            Key(section: "device", name: "stop-bits") { config, value, s, k throws(ConfigError) in
                config.device.stopBits = try ConfigValue.integer(value, 1...2, s, k)
            },
            Key(section: "device", name: "flow-control") { config, value, s, k throws(ConfigError) in
                config.device.flowControl = try ConfigValue.choice(value, s, k)
            },
            Key(section: "device", name: "hello-timeout") { config, value, s, k throws(ConfigError) in
                config.device.helloTimeout = try ConfigValue.seconds(value, 0...60, s, k)
            },
            Key(section: "device", name: "protocol") { config, value, s, k throws(ConfigError) in
                config.device.deviceProtocol = try ConfigValue.choice(value, s, k)
            },
            Key(section: "device", name: "on-exit") { config, value, s, k throws(ConfigError) in
                config.device.onExit = try ConfigValue.choice(value, s, k)
            },
            Key(section: "leds", name: "gamma") { config, value, s, k throws(ConfigError) in
                config.leds.gamma = try ConfigValue.number(value, 1...4, s, k)
            },
            Key(section: "leds", name: "wiring") { config, value, s, k throws(ConfigError) in
                config.leds.wiring = try ConfigValue.choice(value, s, k)
            },
            Key(section: "leds", name: "serpentine") { config, value, s, k throws(ConfigError) in
                config.leds.serpentine = try ConfigValue.boolean(value, s, k)
            },
            Key(section: "leds", name: "origin") { config, value, s, k throws(ConfigError) in
                config.leds.origin = try ConfigValue.choice(value, s, k)
            },
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
            Key(section: "leds", name: "milliamps-per-led") { config, value, s, k throws(ConfigError) in
                config.leds.milliampsPerLED = try ConfigValue.integer(value, 1...255, s, k, unit: " mA")
            },
            Key(section: "leds", name: "max-milliamps") { config, value, s, k throws(ConfigError) in
                config.leds.maxMilliamps = try ConfigValue.integer(value, 0...1_000_000, s, k, unit: " mA")
            },
            Key(section: "leds", name: "switch-baud") { config, value, s, k throws(ConfigError) in
                let rates = WLEDCommand.baudRates.map(String.init).joined(separator: ", ")
                guard let rate = Int(value), rate == 0 || WLEDCommand.switchByte(baud: rate) != nil else {
                    throw ConfigValue.bad(value, s, k, "0 or one of WLED's rates: \(rates)")
                }
                config.leds.switchBaud = rate
            },
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
            Key(section: "lyrics", name: "cache") { config, value, s, k throws(ConfigError) in
                guard value.hasPrefix("/"), value.utf8.count < 4_096, !value.utf8.contains(0) else {
                    throw ConfigValue.bad(value, s, k, "an absolute path")
                }
                config.lyrics.cache = value
            },
            Key(section: "feed", name: "path") { config, value, s, k throws(ConfigError) in
                guard value.hasPrefix("/"), value.utf8.count < 4_096, !value.utf8.contains(0) else {
                    throw ConfigValue.bad(value, s, k, "an absolute path")
                }
                config.feed.path = value
            },
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
            Key(section: "feed", name: "state") { config, value, s, k throws(ConfigError) in
                guard value.isEmpty || (value.hasPrefix("/") && !value.hasSuffix("/")), value.utf8.count < 4_000,
                    !value.utf8.contains(0)
                else {
                    throw ConfigValue.bad(value, s, k, "an absolute file path, or empty")
                }
                config.feed.state = value
            },
            Key(section: "feed", name: "keep") { config, value, s, k throws(ConfigError) in
                guard value.isEmpty || (value.hasPrefix("/") && !value.hasSuffix("/")), value.utf8.count < 4_000,
                    !value.utf8.contains(0)
                else {
                    throw ConfigValue.bad(value, s, k, "an absolute file path, or empty")
                }
                config.feed.keep = value
            },
            Key(section: "layout", name: "zones") { config, value, s, k throws(ConfigError) in
                config.layout.zones = try ConfigValue.choice(value, s, k)
            },
            Key(section: "layout", name: "font") { config, value, s, k throws(ConfigError) in
                config.layout.font = try ConfigValue.fontChain(value, s, k) ?? [.builtin]
            },
            Key(section: "layout", name: "top-font") { config, value, s, k throws(ConfigError) in
                config.layout.topFont = try ConfigValue.fontChain(value, s, k)
            },
            Key(section: "layout", name: "bottom-font") { config, value, s, k throws(ConfigError) in
                config.layout.bottomFont = try ConfigValue.fontChain(value, s, k)
            },
            Key(section: "marquee", name: "speed") { config, value, s, k throws(ConfigError) in
                config.marquee.speed = try ConfigValue.number(value, 1...1_000, s, k, unit: " pixels per second")
            },
            Key(section: "marquee", name: "pause") { config, value, s, k throws(ConfigError) in
                config.marquee.pause = try ConfigValue.seconds(value, 0...60, s, k)
            },
            Key(section: "marquee", name: "gap") { config, value, s, k throws(ConfigError) in
                config.marquee.gap = try ConfigValue.integer(value, 0...1024, s, k, unit: " pixels")
            },
            Key(section: "marquee", name: "direction") { config, value, s, k throws(ConfigError) in
                config.marquee.direction = try ConfigValue.choice(value, s, k)
            },
            Key(section: "marquee", name: "align") { config, value, s, k throws(ConfigError) in
                config.marquee.align = try ConfigValue.choice(value, s, k)
            },
            Key(section: "marquee", name: "bounce") { config, value, s, k throws(ConfigError) in
                config.marquee.bounce = try ConfigValue.boolean(value, s, k)
            },
            Key(section: "marquee", name: "laps") { config, value, s, k throws(ConfigError) in
                config.marquee.laps = try ConfigValue.integer(value, 0...1_000_000, s, k)
            },
            Key(section: "marquee", name: "fade-edges") { config, value, s, k throws(ConfigError) in
                config.marquee.fadeEdges = try ConfigValue.boolean(value, s, k)
            },
            Key(section: "karaoke", name: "rest-level") { config, value, s, k throws(ConfigError) in
                config.karaoke.restLevel = try ConfigValue.number(value, 0...1, s, k)
            },
            Key(section: "karaoke", name: "rest-style") { config, value, s, k throws(ConfigError) in
                config.karaoke.restStyle = try ConfigValue.choice(value, s, k)
            },
            Key(section: "karaoke", name: "wrap") { config, value, s, k throws(ConfigError) in
                config.karaoke.wrap = try ConfigValue.boolean(value, s, k)
            },
            Key(section: "karaoke", name: "lyrics-offset") { config, value, s, k throws(ConfigError) in
                config.karaoke.lyricsOffset = try ConfigValue.seconds(value, -60...60, s, k)
            },
            Key(section: "display", name: "reduced-motion") { config, value, s, k throws(ConfigError) in
                config.display.reducedMotion = try ConfigValue.boolean(value, s, k)
            },
            Key(section: "display", name: "idle-after") { config, value, s, k throws(ConfigError) in
                config.display.idleAfter = try ConfigValue.seconds(value, 0...86_400, s, k)
            },
            Key(section: "display", name: "idle") { config, value, s, k throws(ConfigError) in
                config.display.idle = try ConfigValue.choice(value, s, k)
            },
            Key(section: "display", name: "idle-text") { config, value, s, k throws(ConfigError) in
                guard value.unicodeScalars.count <= FeedCommand.maxTextScalars else {
                    throw ConfigValue.bad(value, s, k, "at most \(FeedCommand.maxTextScalars) characters")
                }
                config.display.idleText = value
            },
            Key(section: "display", name: "now-playing") { config, value, s, k throws(ConfigError) in
                do {
                    config.display.nowPlaying = try NowPlayingTemplate(value)
                } catch {
                    throw ConfigValue.bad(value, s, k, "a template with {artist}, {title}, {album} or {text}: \(error)")
                }
            },
            Key(section: "display", name: "blank-on-exit") { config, value, s, k throws(ConfigError) in
                config.display.blankOnExit = try ConfigValue.boolean(value, s, k)
            },
            Key(section: "log", name: "level") { config, value, s, k throws(ConfigError) in
                config.log.level = try ConfigValue.choice(value, s, k)
            },
        ]
        + ColorRole.allCases.map { role in
            Key(section: "colors", name: role.key) { config, value, s, k throws(ConfigError) in
                // An empty rest colour is the sung colour at the rest level.
                config.colors[role] = role == .rest && value.isEmpty ? nil : try ConfigValue.color(value, s, k)
            }
        }
}
