/// One `section.key=value` change given on the command line, applied after the file.
public struct ConfigOverride: Sendable, Equatable {
    /// The section, without brackets.
    public var section: String
    /// The key.
    public var key: String
    /// The value, written as it would be in the file (quotes not needed).
    public var value: String

    /// Creates an override.
    public init(section: String, key: String, value: String) {
        self.section = section
        self.key = key
        self.value = value
    }

    /// Reads `section.key=value`, e.g. `marquee.speed=40`.
    public init(parsing text: String) throws(ConfigError) {
        guard let equals = text.firstIndex(of: "="), let dot = text[..<equals].firstIndex(of: ".") else {
            throw .badOverride(Excerpt.of(text))
        }
        let section = ConfigText.trimmed(String(text[..<dot]))
        let key = ConfigText.trimmed(String(text[text.index(after: dot)..<equals]))
        guard !section.isEmpty, !key.isEmpty else { throw .badOverride(Excerpt.of(text)) }
        self.init(section: section, key: key, value: ConfigText.trimmed(String(text[text.index(after: equals)...])))
    }
}
