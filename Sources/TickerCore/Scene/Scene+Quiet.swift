extension Scene {
    /// Whether the panel counts down to its idle screen, or shows it (see `observe(_:at:)`): the player
    /// stopped, or there is no now-playing line. While false, the track stays up for as long as nothing changes.
    public var isQuiet: Bool { idleSince != nil }
}
