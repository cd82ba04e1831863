import TickerCore

/// What `tickerctl render` shows: one instant of a text or a lyrics file on a panel, as ASCII art.
public struct Preview: Sendable {
    /// The content.
    public enum Content: Sendable {
        /// A line of text, `at` seconds after it appeared.
        case text(String)
        /// Lyrics (LRC), at playback position `at`.
        case lyrics(ParsedLyrics)
    }

    /// The settings (panel size and depth, fonts, styles).
    public let settings: Settings
    /// What to show.
    public let content: Content

    /// A preview of `content` with `settings`.
    public init(settings: Settings, content: Content) {
        self.settings = settings
        self.content = content
    }

    /// The panel at `seconds` as ASCII art (`#` full, `+` between, `.` off).
    public func frame(at seconds: Double) -> String {
        let panel = settings.config.panel
        var scene = Scene(
            width: panel.width, height: panel.height, depth: panel.depth.levels, color: panel.depth.isColor,
            style: settings.style)
        var state = PlayerState()
        var frame = Frame(width: panel.width, height: panel.height, depth: panel.depth.levels)
        let now = Duration.seconds(seconds)
        switch content {
        case .text(let text):
            state.apply(.text(text), at: .zero)
            scene.observe(state, at: .zero)
        case .lyrics(let lyrics):
            for command in [FeedCommand.lyrics(lyrics), .position(now), .play] { state.apply(command, at: now) }
            scene.observe(state, at: now)
        }
        scene.render(state, at: now, into: &frame)
        return frame.asciiArt
    }

    /// The whole unclipped strip of `text` (or of the lyric line sung at `seconds`) in the first zone's fonts.
    public func strip(at seconds: Double) -> String {
        let text: String
        switch content {
        case .text(let value): text = value
        case .lyrics(let lyrics):
            text =
                lyrics.line(at: .seconds(seconds))?.line.text ?? lyrics.nextLine(after: .seconds(seconds))?.line.text
                ?? ""
        }
        let height = settings.style.fonts.height
        return Strip(TextLine(text, fonts: settings.style.fonts), height: height).asciiArt
    }
}
