/// Which icon shows before the text for each role (`[icons]`, `layout.icons = on`): the name of a picture the
/// feed sent, or of a built-in one (`play`, `pause`, `stop`, `message`, `alert`, `bell`, `note`).
public struct IconStyle: Sendable, Equatable {
    /// What the top zone shows, as far as its icon goes.
    public enum Role: String, Sendable, CaseIterable {
        /// The now-playing line while the clock runs.
        case playing
        /// The now-playing line while it is held.
        case paused
        /// The now-playing line while stopped (a line a script set without `play`).
        case stopped
        /// A message of low or normal priority.
        case message
        /// A message of high priority.
        case messageHigh = "message-high"
    }

    /// The picture name of each role, by `Role.allCases` order.
    private var names: [String]

    /// The built-in icons: play, pause, stop, message and alert.
    public init() {
        names = ["play", "pause", "stop", "message", "alert"]
    }

    /// The picture name for `role`.
    public subscript(role: Role) -> String {
        get { names[Role.allCases.firstIndex(of: role) ?? 0] }
        set { names[Role.allCases.firstIndex(of: role) ?? 0] = newValue }
    }
}
