/// What the renderer tells the decider about the picture, as the link tells its `nextDeadline`: when the
/// picture drawn last next changes, and whether the scene has let the track go (its idle screen is coming or
/// showing).
public struct PictureOutlook: Sendable, Equatable {
    /// When the picture drawn last next changes, never later than the change; nil when only a change of the
    /// state changes it, or when nothing has been drawn yet.
    public var nextChange: Duration?
    /// Whether the panel counts down to its idle screen, or shows it (`Scene.isQuiet`): the player stopped,
    /// or there is no now-playing line.
    public var isQuiet: Bool

    /// An outlook.
    public init(nextChange: Duration?, isQuiet: Bool) {
        self.nextChange = nextChange
        self.isQuiet = isQuiet
    }
}
