/// How much a transient message matters: a higher priority hides a lower one while both are showing.
public enum MessagePriority: Int, Sendable, Equatable, Comparable, CaseIterable {
    /// Shown only when nothing more important is.
    case low
    /// The default.
    case normal
    /// Hides everything else while it lasts.
    case high

    /// The feed's name for the priority.
    public var name: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
