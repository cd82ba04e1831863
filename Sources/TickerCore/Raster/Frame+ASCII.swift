extension Frame {
    /// The frame as ASCII art, one line per row: `#` full brightness, `+` any level between, `.` off.
    public var asciiArt: String {
        var text = ""
        text.reserveCapacity((width + 1) * height)
        for y in 0..<height {
            if y > 0 { text.append("\n") }
            for x in 0..<width {
                let level = self[x, y]
                text.append(level == 0 ? "." : level == depth.maxLevel ? "#" : "+")
            }
        }
        return text
    }
}
