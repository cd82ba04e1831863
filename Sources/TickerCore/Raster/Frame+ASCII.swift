extension Frame {
    /// The frame as ASCII art, one line per row: `#` full brightness, `+` any level between, `.` off.
    public var asciiArt: String { layout.asciiArt(of: bytes) }
}
