import TickerCore

/// What `tickerctl render` shows: one instant of a text, a lyrics file or both on a panel, as ASCII art.
package struct Preview: Sendable {
    /// The content: a text, lyrics, or both (a track playing from its start).
    package struct Content: Sendable {
        /// The free text (the now-playing line), or nil.
        package var text: String?
        /// The lyrics, or nil.
        package var lyrics: ParsedLyrics?
        /// The track's length, or nil: with it the track plays from `position` at 0 s, and a progress bar shows
        /// how far it is.
        package var duration: Duration?
        /// Where playback is at 0 s when the track has a `duration`.
        package var position: Duration = .zero
        /// Pictures the feed would have sent first, for the icons to show.
        package var pictures: [FeedPicture] = []
        /// The idle screen's pages, set at 0.
        package var pages: [IdlePage] = []
        /// Feed commands sent later, each at its instant (seconds after 0): the scene takes note of each as the
        /// daemon does, so a change shows with its transition.
        package var feed: [TimedCommand] = []
        /// The local wall time at 0 s, which the idle clock shows (advancing with the instants); nil shows
        /// midnight of 2026-01-01.
        package var wallTime: WallTime?

        /// Content with `text` and `lyrics`, either of which may be missing.
        package init(text: String? = nil, lyrics: ParsedLyrics? = nil) {
            self.text = text
            self.lyrics = lyrics
        }

        /// A line of text, `at` seconds after it appeared.
        package static func text(_ text: String) -> Content { Content(text: text) }
        /// Lyrics (LRC), at playback position `at`.
        package static func lyrics(_ lyrics: ParsedLyrics) -> Content { Content(lyrics: lyrics) }
    }

    /// A feed command sent at an instant.
    package struct TimedCommand: Sendable {
        /// When, after 0.
        package var at: Duration
        package var command: FeedCommand

        package init(at: Duration, command: FeedCommand) {
            self.at = at
            self.command = command
        }
    }

    /// The settings (panel size and depth, fonts, styles).
    package let settings: Settings
    /// What to show.
    package let content: Content

    /// A preview of `content` with `settings`.
    package init(settings: Settings, content: Content) {
        self.settings = settings
        self.content = content
    }

    /// The panel at `instant` as ASCII art (`#` full, `+` between, `.` off): what the daemon shows that long
    /// after the content appeared.
    package func frame(at instant: Duration) -> String {
        frames(at: [instant])[0].asciiArt
    }

    /// The panel at each of `instants` (seconds, in order), as one scene shows them one after another. A text
    /// alone appears at 0; lyrics alone start playing at the first instant; with both, a track plays from 0:
    /// the lyrics sung, and the text around them as the panel shows it between lines (coming back at the
    /// start of its lap when a line ends).
    package func frames(at instants: [Duration]) -> [Frame] {
        play(instants) { frame, _ in frame }
    }

    /// The panel's colours at each of `instants`, as `frames(at:)` draws them: a colour panel in its palette,
    /// a grey one in white light.
    package func pictures(at instants: [Duration]) -> [RGBFrame] {
        let panel = settings.config.panel
        return play(instants) { frame, scene in
            guard panel.depth.isColor else { return RGBFrame(grey: frame) }
            var image = RGBFrame(width: panel.width, height: panel.height)
            scene.colorize(frame, into: &image)
            return image
        }
    }

    /// Plays the content through one scene and hands each instant's frame, with the scene that drew it, to
    /// `take`.
    private func play<Picture>(_ instants: [Duration], _ take: (Frame, Scene) -> Picture) -> [Picture] {
        let panel = settings.config.panel
        var scene = Scene(
            width: panel.width, height: panel.height, depth: panel.depth.levels, color: panel.depth.isColor,
            style: settings.style)
        var state = PlayerState()
        var frame = Frame(width: panel.width, height: panel.height, depth: panel.depth.levels)
        let start = instants.first ?? .zero
        let length = content.duration.map { [FeedCommand.duration($0)] } ?? []
        for picture in content.pictures { state.apply(.picture(picture), at: .zero) }
        // Pages first: the panel's first picture shows them at once, with no transition.
        for page in content.pages { state.apply(.page(page), at: .zero) }
        switch (content.text, content.lyrics) {
        case (let text?, let lyrics?):
            for command in [FeedCommand.text(text), .lyrics(lyrics)] + length + [.position(content.position), .play] {
                state.apply(command, at: .zero)
            }
            scene.observe(state, at: .zero)
        case (_, let lyrics?):
            for command in [FeedCommand.lyrics(lyrics)] + length + [.position(start + content.position), .play] {
                state.apply(command, at: start)
            }
            scene.observe(state, at: start)
        case (let text, nil):
            state.apply(.text(text ?? ""), at: .zero)
            // A track of known length plays, so that the progress bar moves.
            if !length.isEmpty {
                for command in length + [.position(content.position), .play] { state.apply(command, at: .zero) }
            }
            scene.observe(state, at: .zero)
        }
        // Stable: lines sent at one instant apply in the order given, and the scene notes them together.
        var pending = content.feed.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)[...]
        return instants.map { instant in
            while let next = pending.first, next.at <= instant {
                while let same = pending.first, same.at == next.at {
                    state.apply(same.command, at: same.at)
                    pending = pending.dropFirst()
                }
                scene.observe(state, at: next.at)
            }
            scene.render(state, at: instant, clock: clock(at: instant), into: &frame)
            return take(frame, scene)
        }
    }

    /// The idle clock's text `instant` after the start, as the daemon's clock would show it.
    private func clock(at instant: Duration) -> String {
        let display = settings.config.display
        guard display.idle == .clock else { return "" }
        let start =
            content.wallTime ?? WallTime(year: 2026, month: 1, day: 1, weekday: 4, hour: 0, minute: 0, second: 0)
        let whole = Int(instant.components.seconds)
        return display.clockFormat.format(start.advanced(bySeconds: whole), language: display.clockLanguage)
    }

    /// The whole unclipped strip of `text` (or of the lyric line sung at `instant`) in the first zone's fonts.
    package func strip(at instant: Duration) -> String {
        let lyric = content.lyrics.flatMap { lyrics in
            lyrics.line(at: instant)?.line.text
                ?? (content.text == nil ? lyrics.nextLine(after: instant)?.line.text : nil)
        }
        let text = lyric ?? content.text ?? ""
        let height = settings.style.fonts.height
        return Strip(TextLine(text, fonts: settings.style.fonts), height: height).asciiArt
    }
}
