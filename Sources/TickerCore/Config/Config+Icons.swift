// `[icons]`: for each role (playing, paused, stopped, message, message-high) the name of a picture, built in
// or sent through the feed, or an image file that `tickerctl icons load` decodes and sends under the role's
// own name; the daemon itself never reads the file.

extension Config {
    /// `[icons]`.
    public struct Icons: Sendable, Equatable {
        /// The picture name each role shows.
        public var style = IconStyle()
        /// The PNG or GIF file of each role that has one, by `IconStyle.Role.allCases` order (nil: none).
        public var files: [String?] = IconStyle.Role.allCases.map { _ in nil }

        /// The built-in icons, no files.
        public init() {}

        /// The file set for `role`, if any.
        public func file(for role: IconStyle.Role) -> String? {
            files[IconStyle.Role.allCases.firstIndex(of: role) ?? 0]
        }

        /// The roles that name a file, with the file.
        public var filesByRole: [(role: IconStyle.Role, file: String)] {
            IconStyle.Role.allCases.compactMap { role in file(for: role).map { (role, $0) } }
        }

        /// The keys of `[icons]`: a picture name, or an absolute path to a PNG or GIF file, whose picture is
        /// then named after the role.
        static let keys: [ConfigKeys.Key] = IconStyle.Role.allCases.map { role in
            ConfigKeys.Key(section: "icons", name: role.rawValue) { config, value, s, k throws(ConfigError) in
                let index = IconStyle.Role.allCases.firstIndex(of: role) ?? 0
                if value.hasPrefix("/") {
                    config.icons.files[index] = try ConfigValue.absolutePath(value, s, k)
                    config.icons.style[role] = role.rawValue
                    return
                }
                guard FeedPicture.isName(value) else {
                    throw ConfigValue.bad(
                        value, s, k,
                        "a picture name (built in: \(BuiltinIcons.names.joined(separator: ", "))) "
                            + "or the absolute path of a PNG or GIF file")
                }
                config.icons.files[index] = nil
                config.icons.style[role] = value
            }
        }
    }
}
