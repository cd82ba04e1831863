// Readers for each kind of value. Each throws `badValue` naming what it accepts.
enum ConfigValue {
    static func bad(_ value: String, _ section: String, _ key: String, _ expected: String) -> ConfigError {
        .badValue(section: section, key: key, value: Excerpt.of(value), expected: expected)
    }

    static func integer(
        _ value: String, _ range: ClosedRange<Int>, _ section: String, _ key: String, unit: String = ""
    ) throws(ConfigError) -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)\(unit)"
        guard value.utf8.count <= 12, let number = Int(value) else { throw bad(value, section, key, expected) }
        guard range.contains(number) else { throw bad(value, section, key, expected) }
        return number
    }

    static func number(
        _ value: String, _ range: ClosedRange<Double>, _ section: String, _ key: String, unit: String = ""
    ) throws(ConfigError) -> Double {
        let expected = "a number from \(short(range.lowerBound)) to \(short(range.upperBound))\(unit)"
        guard let micros = signedMicros(value) else { throw bad(value, section, key, expected) }
        let number = Double(micros) / 1_000_000
        guard range.contains(number) else { throw bad(value, section, key, expected) }
        return number
    }

    static func seconds(_ value: String, _ range: ClosedRange<Double>, _ section: String, _ key: String)
        throws(ConfigError) -> Duration
    {
        let expected = "seconds from \(short(range.lowerBound)) to \(short(range.upperBound)), e.g. 1.5"
        guard let micros = signedMicros(value) else { throw bad(value, section, key, expected) }
        guard range.contains(Double(micros) / 1_000_000) else { throw bad(value, section, key, expected) }
        return .microseconds(micros)
    }

    static func color(_ value: String, _ section: String, _ key: String) throws(ConfigError) -> RGB {
        guard let color = Palette.color(parsing: value) else {
            throw bad(value, section, key, "#RRGGBB or one of: \(Palette.names.map(\.name).joined(separator: ", "))")
        }
        return color
    }

    static func boolean(_ value: String, _ section: String, _ key: String) throws(ConfigError) -> Bool {
        switch value.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw bad(value, section, key, "true or false")
        }
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ value: String, _ section: String, _ key: String)
        throws(ConfigError) -> T where T.RawValue == String
    {
        if let match = T(rawValue: value) { return match }
        let names = T.allCases.map(\.rawValue)
        let list = names.count == 2 ? names.joined(separator: " or ") : names.joined(separator: ", ")
        throw bad(value, section, key, list)
    }

    static func fontChain(_ value: String, _ section: String, _ key: String) throws(ConfigError)
        -> [Config.FontSource]?
    {
        let expected = "builtin, small or a .bdf path, several separated by commas"
        let trimmedValue = ConfigText.trimmed(value)
        guard !trimmedValue.isEmpty else { return nil }
        var chain: [Config.FontSource] = []
        for piece in trimmedValue.split(separator: ",", omittingEmptySubsequences: false) {
            let name = ConfigText.trimmed(String(piece))
            switch name {
            case "builtin": chain.append(.builtin)
            case "small": chain.append(.small)
            default:
                guard name.contains("/") || name.hasSuffix(".bdf") else { throw bad(name, section, key, expected) }
                chain.append(.bdf(path: name))
            }
        }
        guard chain.count <= 16 else { throw bad(value, section, key, "at most 16 fonts") }
        return chain
    }

    /// An absolute path.
    static func absolutePath(_ value: String, _ section: String, _ key: String) throws(ConfigError) -> String {
        guard value.hasPrefix("/"), value.utf8.count < 4_096, !value.utf8.contains(0) else {
            throw bad(value, section, key, "an absolute path")
        }
        return value
    }

    /// The path of a file (absolute, not ending in `/`), or empty for none.
    static func filePathOrEmpty(_ value: String, _ section: String, _ key: String) throws(ConfigError) -> String {
        guard value.isEmpty || (value.hasPrefix("/") && !value.hasSuffix("/")), value.utf8.count < 4_000,
            !value.utf8.contains(0)
        else {
            throw bad(value, section, key, "an absolute file path, or empty")
        }
        return value
    }

    static func deviceAddress(_ value: String, _ section: String, _ key: String) throws(ConfigError)
        -> DeviceAddress?
    {
        if value.isEmpty { return nil }
        do {
            return try DeviceAddress(parsing: value)
        } catch {
            if DeviceAddress.isNetwork(value) {
                throw bad(
                    value, section, key,
                    "ddp://, artnet://, sacn:// or awtrix:// and a host[:port] (this one \(error.problem))")
            }
            guard value.hasPrefix("/") else {
                throw bad(
                    value, section, key,
                    "a device path, usb:VID:PID[:SERIAL] with 4-digit hex ids, spi:/dev/spidevB.C, or empty for none")
            }
            throw bad(value, section, key, "a device path")
        }
    }

    // `WxH` with both in `range`.
    static func size(_ value: String, _ range: ClosedRange<Int>) -> (Int, Int)? {
        let parts = value.split(separator: "x", omittingEmptySubsequences: false)
        guard value.utf8.count <= 12, parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]),
            range.contains(a), range.contains(b)
        else { return nil }
        return (a, b)
    }

    // Decimal with an optional sign: `-0.5`, `12`, `.25`; six fraction digits kept.
    static func signedMicros(_ value: String) -> Int64? {
        let (sign, digits) = FeedScan.signed(value)
        return FeedScan.micros(digits).map { $0 * sign }
    }

    static func short(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
