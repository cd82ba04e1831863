extension Config {
    /// The largest configuration file read, in bytes.
    public static let maxFileBytes = 1 << 20

    /// Reads an INI configuration (see docs/CONFIG.md) over the defaults, then `overrides`, and checks the
    /// result as a whole. Every problem is reported, each with `file:line` and what is allowed; the
    /// configuration is returned only when there is none.
    public static func parse(text: String, file: String, overrides: [ConfigOverride] = [])
        -> Result<Config, ConfigErrors>
    {
        var reader = ConfigReader(file: file)
        reader.read(text)
        for override in overrides {
            do {
                try reader.config.set(override.section, override.key, override.value)
            } catch {
                reader.issues.append(ConfigIssue(file: "command line", line: 0, error: error))
            }
        }
        if reader.config.device.address?.network?.isAWTRIX == true {
            let given = Set(reader.lines.keys).union(overrides.map { "\($0.section).\($0.key)" })
            for (section, key, value) in awtrixPreset where !given.contains("\(section).\(key)") {
                try? reader.config.set(section, key, value)
            }
        }
        for (error, keys) in reader.config.conflictsWithKeys() {
            let line = keys.compactMap { reader.lines[$0] }.max() ?? 0
            reader.issues.append(ConfigIssue(file: file, line: line, error: error))
        }
        return reader.issues.isEmpty ? .success(reader.config) : .failure(ConfigErrors(reader.issues))
    }

    /// What `awtrix://` sets where neither the file nor the command line sets it: AWTRIX 3 (the Ulanzi TC001
    /// pixel clock) is a 32×8 RGB matrix that takes Art-Net in 2 universes of 384 channels (128 LEDs) from
    /// universe 0, its LEDs in rows from the top left, and goes back to its own apps 1 s after the last frame.
    static let awtrixPreset = [
        ("panel", "width", "32"), ("panel", "height", "8"), ("panel", "depth", "rgb"), ("device", "universe", "0"),
        ("device", "channels-per-universe", "384"), ("leds", "wiring", "rows"), ("leds", "serpentine", "false"),
        ("leds", "origin", "top-left"), ("leds", "tiles", "1x1"), ("leds", "module", ""),
    ]

    /// Changes one key, reading `value` as the file would (without quotes), with the same validation. Does not
    /// check combinations of keys: call `conflicts()` after the last change.
    public mutating func set(_ section: String, _ key: String, _ value: String) throws(ConfigError) {
        guard ConfigKeys.sections.contains(section) else {
            throw .unknownSection(Excerpt.of(section), suggestion: ConfigText.closest(section, in: ConfigKeys.sections))
        }
        guard let entry = ConfigKeys.find(section, key) else {
            throw .unknownKey(
                section: section, key: Excerpt.of(key),
                suggestion: ConfigText.closest(key, in: ConfigKeys.keys(in: section)))
        }
        try entry.set(&self, value, section, key)
    }

    /// Settings that cannot work together, such as a split layout on a panel too low for its fonts.
    public func conflicts() -> [ConfigError] { conflictsWithKeys().map(\.0) }

    func conflictsWithKeys() -> [(ConfigError, [String])] {
        var found: [(ConfigError, [String])] = []
        // Fonts from files are checked once loaded (`Settings`); the built-in ones here, with every other problem.
        if layout.zones == .split, case .failure(let error) = splitFonts(rows: Self.builtinRows) {
            found.append(
                (error, ["layout.zones", "panel.height", "layout.font", "layout.top-font", "layout.bottom-font"]))
        }
        if let problem = layout.cover.problem(width: panel.width, height: panel.height) {
            found.append(
                (
                    .conflict(
                        "layout.cover '\(layout.cover.rawValue)' does not fit a \(panel.width)×\(panel.height) panel: "
                            + "\(problem) (use cover = off, or another placement)"),
                    ["layout.cover", "panel.width", "panel.height"]
                ))
        }
        if display.idle == .text && display.idleText.isEmpty {
            found.append(
                (
                    .conflict("display.idle 'text' needs display.idle-text (or use idle = blank or clock)"),
                    ["display.idle", "display.idle-text"]
                ))
        }
        let network = device.address?.network
        if let network {
            found += networkConflicts(network)
        }
        // A network device takes LEDs through the same wiring map as a serial strip, and as many as a panel has.
        let ledProtocol =
            network.map { ($0.kind.rawValue, Int.max) } ?? device.deviceProtocol.strip.map { ($0.rawValue, $0.maxLEDs) }
        if let (strip, maxLEDs) = ledProtocol {
            let layout = leds.layout(width: panel.width, height: panel.height)
            if layout.width != panel.width || layout.height != panel.height {
                found.append(
                    (
                        .conflict(
                            "leds.tiles \(leds.tiles.across)x\(leds.tiles.down) of leds.module "
                                + "\(layout.moduleWidth)x\(layout.moduleHeight) make \(layout.width)×\(layout.height) "
                                + "LEDs, not the panel's \(panel.width)×\(panel.height) (set panel.width and height, or "
                                + "the tiles and module, to match)"),
                        ["leds.tiles", "leds.module", "panel.width", "panel.height", "device.protocol"]
                    ))
            } else if layout.count > maxLEDs {
                found.append(
                    (
                        .conflict(
                            "device.protocol '\(strip)' carries at most \(maxLEDs) LEDs a frame, and "
                                + "the panel has \(layout.count)"),
                        ["device.protocol", "panel.width", "panel.height"]
                    ))
            }
        }
        if device.address?.spi != nil { found += max7219Conflicts() }
        return found
    }

    /// What cannot work for a MAX7219 chain: a panel not made of whole 8 × 8 modules, or not of the chips and
    /// rows given.
    private func max7219Conflicts() -> [(ConfigError, [String])] {
        let keys = ["max7219.chips", "max7219.rows", "panel.width", "panel.height", "device.path"]
        guard panel.width % 8 == 0, panel.height % 8 == 0 else {
            return [
                (
                    .conflict(
                        "a MAX7219 chain is made of 8×8 modules: panel.width and height must be multiples of 8 "
                            + "(the panel is \(panel.width)×\(panel.height))"), keys
                )
            ]
        }
        let (across, down) = (panel.width / 8, panel.height / 8)
        var found: [(ConfigError, [String])] = []
        if max7219.rows != 0, max7219.rows != down {
            found.append(
                (
                    .conflict(
                        "max7219.rows \(max7219.rows) of 8 LEDs make \(max7219.rows * 8) rows, not the panel's "
                            + "\(panel.height) (set panel.height to \(max7219.rows * 8), or rows = 0)"), keys
                ))
        }
        if max7219.chips != 0, max7219.chips != across * down {
            found.append(
                (
                    .conflict(
                        "max7219.chips \(max7219.chips) do not make the panel's \(panel.width)×\(panel.height), "
                            + "which takes \(across)×\(down) = \(across * down) modules of 8×8 (set chips = "
                            + "\(across * down), or the panel's width and height)"), keys
                ))
        }
        return found
    }

    /// What cannot work for `network`: universes outside the protocol's range.
    private func networkConflicts(_ network: NetworkDevice) -> [(ConfigError, [String])] {
        guard network.kind != .ddp else { return [] }
        let first = device.firstUniverse(for: network.kind)
        let perUniverse = device.channelsPerUniverse / 3
        let count = (panel.width * panel.height + perUniverse - 1) / perUniverse
        let range = network.kind == .sacn ? 1...63_999 : 0...32_767
        if range.contains(first), range.contains(first + count - 1) { return [] }
        return [
            (
                .conflict(
                    "\(network.kind.displayName) universes run from \(range.lowerBound) to \(range.upperBound), and "
                        + "the panel's \(panel.width * panel.height) LEDs at \(perUniverse) a universe take universes "
                        + "\(first) to \(first + count - 1) (set device.universe)"),
                ["device.universe", "device.channels-per-universe", "panel.width", "panel.height"]
            )
        ]
    }
}

private struct ConfigReader {
    let file: String
    var config = Config()
    var issues: [ConfigIssue] = []
    // The line each `section.key` was set on.
    var lines: [String: Int] = [:]

    init(file: String) {
        self.file = file
    }

    mutating func read(_ text: String) {
        guard text.utf8.count <= Config.maxFileBytes else {
            issues.append(ConfigIssue(file: file, line: 0, error: .fileTooLong(limitBytes: Config.maxFileBytes)))
            return
        }
        var section: String?
        var inUnknownSection = false
        var number = 0
        let lineBreak: (Character) -> Bool = { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: lineBreak) {
            number += 1
            var line = Substring(rawLine)
            if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let content = ConfigText.trimmed(String(line))
            guard let first = content.first, first != "#", first != ";" else { continue }
            if first == "[" {
                guard let name = sectionName(content) else {
                    report(number, .syntax(Excerpt.of(content)))
                    continue
                }
                if ConfigKeys.sections.contains(name) {
                    section = name
                    inUnknownSection = false
                } else {
                    report(
                        number,
                        .unknownSection(Excerpt.of(name), suggestion: ConfigText.closest(name, in: ConfigKeys.sections))
                    )
                    section = nil
                    inUnknownSection = true
                }
                continue
            }
            guard let equals = content.firstIndex(of: "=") else {
                report(number, .syntax(Excerpt.of(content)))
                continue
            }
            let key = ConfigText.trimmed(String(content[..<equals]))
            guard !key.isEmpty else {
                report(number, .syntax(Excerpt.of(content)))
                continue
            }
            if inUnknownSection { continue }
            guard let section else {
                report(number, .keyOutsideSection(Excerpt.of(key)))
                continue
            }
            let value: String
            do {
                value = try ConfigText.value(String(content[content.index(after: equals)...]))
            } catch {
                report(number, error)
                continue
            }
            let path = section + "." + key
            if let firstLine = lines[path] {
                report(number, .duplicateKey(section: section, key: key, firstLine: firstLine))
                continue
            }
            do {
                try config.set(section, key, value)
                lines[path] = number
            } catch {
                report(number, error)
            }
        }
    }

    private func sectionName(_ content: String) -> String? {
        guard let close = content.firstIndex(of: "]") else { return nil }
        let rest = ConfigText.trimmed(String(content[content.index(after: close)...]))
        guard rest.isEmpty || rest.hasPrefix("#") || rest.hasPrefix(";") else { return nil }
        let name = ConfigText.trimmed(String(content[content.index(after: content.startIndex)..<close]))
        return name.isEmpty ? nil : name
    }

    private mutating func report(_ line: Int, _ error: ConfigError) {
        issues.append(ConfigIssue(file: file, line: line, error: error))
    }
}
