/// What the feed has said so far: the track, its lyrics, the playback clock, messages and brightness.
///
/// A pure value driven by `apply(_:at:)`; every time is a monotonic instant (a `Duration` since an arbitrary
/// origin, such as `CLOCK_MONOTONIC`'s) passed in by the caller, so tests run it on a manual clock.
///
/// Decisions: `title` starts a new track: the position goes back to zero, playing or paused stays as it was,
/// and the artist, album, duration and lyrics of the old track are dropped, except those set within
/// `trackGrouping` before the title (a script may send `artist` first, or the lyrics block just before the
/// title). Lyrics arriving after the title simply belong to the current track. The album cover (the picture
/// named `FeedPicture.coverName`) belongs to the track likewise. `clear` empties everything but the
/// brightness, the pictures and the idle screen's pages.
public struct PlayerState: Sendable, Equatable {
    /// Whether the playback clock runs.
    public enum Playback: Sendable, Equatable {
        /// Position zero, clock held.
        case stopped
        /// Clock running.
        case playing
        /// Clock held.
        case paused
    }

    /// A transient message.
    public struct Message: Sendable, Equatable {
        /// The text shown.
        public var text: String
        /// Its priority.
        public var priority: MessagePriority
        /// When it arrived (monotonic).
        public var received: Duration
        /// When it stops showing (monotonic).
        public var expires: Duration
        /// The name of the icon it asked for (`message --icon`), nil for its role's.
        public var icon: String? = nil
        /// Its text's colours and blinking (`message --colors`, …); nil: its role's colour.
        public var look: TextLook? = nil
        // Arrival order, to break ties between messages received at the same instant.
        var sequence: Int
    }

    /// How long a message shows when it does not say.
    public static let defaultMessageDuration: Duration = .seconds(5)
    /// The most messages kept; when full, expired ones go first, then the least important, oldest one.
    public static let maxMessages = 16
    /// Metadata and lyrics set this shortly before a `title` belong to the new track.
    public static let trackGrouping: Duration = .seconds(1)

    /// The track title (empty: none).
    public private(set) var title = ""
    /// The artist (empty: none).
    public private(set) var artist = ""
    /// The album (empty: none).
    public private(set) var album = ""
    /// The free line shown instead of artist and title (empty: none).
    public private(set) var text = ""
    /// The track's length, if the feed said.
    public private(set) var duration: Duration?
    /// The lyrics of the current track, the last line ending at the track's length when the file left it open.
    public private(set) var lyrics = ParsedLyrics.empty
    /// Whether the clock runs.
    public private(set) var playback = Playback.stopped
    /// The brightness the feed asked for in percent, or nil for the configured one.
    public private(set) var brightness: Int?
    /// Counts tracks: it changes whenever a `title` starts a new one (or `clear` empties the state), so a
    /// renderer can restart its animations.
    public private(set) var track = 0
    /// Messages received and not yet pushed out of the queue (some may have expired).
    public private(set) var messages: [Message] = []
    /// The pictures the feed sent (`picture begin … end`), by name; `clear` keeps them, like the brightness.
    /// The cover is not among them.
    public internal(set) var pictures = PictureShelf()
    /// The current track's album cover: the picture named `FeedPicture.coverName`, its first frame only. A new
    /// track forgets it (unless it came within `trackGrouping` before the title), as do `clear` and
    /// `picture remove cover`.
    public private(set) var cover: FeedPicture?
    /// The idle screen's pages, in the order they were first set (some may have expired).
    public internal(set) var pages: [Page] = []
    /// The latest requests to turn the idle screen's pages, oldest first (at most `maxPageTurns`).
    public internal(set) var pageTurns: [PageTurn] = []

    private var rawLyrics = ParsedLyrics.empty
    private var anchorPosition: Duration = .zero
    private var anchorTime: Duration = .zero
    private var artistSet: Duration?
    private var albumSet: Duration?
    private var durationSet: Duration?
    private var lyricsSet: Duration?
    private var coverSet: Duration?
    private var messageCount = 0

    /// An empty, stopped state.
    public init() {}

    /// Applies one command received at the monotonic instant `now`.
    public mutating func apply(_ command: FeedCommand, at now: Duration) {
        switch command {
        case .title(let value):
            startTrack(title: value, at: now)
        case .artist(let value):
            artist = value
            artistSet = now
        case .album(let value):
            album = value
            albumSet = now
        case .text(let value):
            text = value
        case .duration(let value):
            duration = value
            durationSet = now
            lyrics = rawLyrics.withTrackDuration(value)
        case .position(let value):
            anchorPosition = value
            anchorTime = now
        case .play:
            if playback != .playing { anchor(at: now) }
            playback = .playing
        case .pause:
            anchor(at: now)
            playback = .paused
        case .stop:
            anchorPosition = .zero
            anchorTime = now
            playback = .stopped
        case .lyrics(let value):
            rawLyrics = value
            lyrics = duration.map(value.withTrackDuration) ?? value
            lyricsSet = now
        case .lyricsClear:
            rawLyrics = .empty
            lyrics = .empty
            lyricsSet = nil
        case .lyricsBegin, .lyricsEnd:
            break
        case .message(let value, let messageDuration, let priority, let icon, let look):
            addMessage(value, for: messageDuration ?? Self.defaultMessageDuration, priority: priority, at: now)
            messages[messages.count - 1].icon = icon
            messages[messages.count - 1].look = look
        case .messageDismiss:
            // As if the message shown had expired now: the next one shows from the start of its lap.
            if let shown = activeMessage(at: now) { messages.removeAll { $0.sequence == shown.sequence } }
        case .picture(let picture) where picture.name == FeedPicture.coverName:
            cover = picture.firstFrame
            coverSet = now
        case .picture(let picture):
            pictures.keep(picture)
        case .pictureRemove(let name) where name == FeedPicture.coverName:
            cover = nil
            coverSet = nil
        case .pictureRemove(let name):
            pictures.remove(name)
        case .pictureBegin, .pictureEnd:
            break
        case .brightness(let value):
            brightness = value
        case .brightnessAuto:
            brightness = nil
        case .page(let page):
            setPage(page, at: now)
        case .pageRemove(let name):
            pages.removeAll { $0.content.name == name }
        case .pageShow(let name):
            turnPages(.page(name), at: now)
        case .pageNext:
            turnPages(.step(1), at: now)
        case .pagePrevious:
            turnPages(.step(-1), at: now)
        case .clear:
            let kept = brightness
            let keptPictures = pictures
            let keptPages = pages
            let keptTurns = pageTurns
            let nextTrack = track + 1
            self = PlayerState()
            brightness = kept
            pictures = keptPictures
            pages = keptPages
            pageTurns = keptTurns
            track = nextTrack
        }
    }

    /// The lyrics as the feed gave them: before the track's duration ended an open last line.
    public var sentLyrics: ParsedLyrics { rawLyrics }

    /// Applies commands kept from an earlier run of the daemon (see `KeptState`) as if they had arrived at
    /// `then`, the instant they describe on this clock, and forgets the messages and pages that have expired by `now`.
    /// What they set belongs to the track they rebuild: a `title` that follows starts a track of its own,
    /// however soon.
    public mutating func restore(_ commands: [FeedCommand], at then: Duration, now: Duration) {
        for command in commands { apply(command, at: then) }
        artistSet = nil
        albumSet = nil
        durationSet = nil
        lyricsSet = nil
        coverSet = nil
        removeExpiredMessages(at: now)
        pages.removeAll { $0.hasExpired(at: now) }
    }

    /// Where playback is at `now`: the last position plus the time played since, never past the track's
    /// duration when it is known.
    public func playbackPosition(at now: Duration) -> Duration {
        var position = anchorPosition
        if playback == .playing, now > anchorTime { position += now - anchorTime }
        if let duration, position > duration { position = duration }
        return position
    }

    /// The lyric line sung at playback `position`, if any (see `ParsedLyrics.line(at:)`). Asked of the state
    /// rather than of a copy of `lyrics`, which would retain and release its arrays every frame.
    public func lyricLine(at position: Duration) -> (index: Int, line: LyricLine)? {
        lyrics.line(at: position)
    }

    /// The first lyric line that starts after playback `position`.
    public func nextLyricLine(after position: Duration) -> (index: Int, line: LyricLine)? {
        lyrics.nextLine(after: position)
    }

    /// The message to show at `now`: the highest priority among those not expired, the newest among equals.
    public func activeMessage(at now: Duration) -> Message? {
        // A loop rather than filter/max: this runs every frame and must not allocate.
        var best: Message?
        for message in messages where message.expires > now && message.received <= now {
            if let current = best, (message.priority, message.sequence) < (current.priority, current.sequence) {
                continue
            }
            best = message
        }
        return best
    }

    /// Forgets messages that have expired by `now`.
    public mutating func removeExpiredMessages(at now: Duration) {
        messages.removeAll { $0.expires <= now }
    }

    /// The now-playing line: the free `text` when set (unless the template places `{text}` itself), else the
    /// template filled in; when that is empty, the free text.
    public func nowPlaying(_ template: NowPlayingTemplate = .standard) -> String {
        nowPlayingMarkingArtist(template).line
    }

    /// The now-playing line and which of its characters (grapheme clusters) are the artist's, if any.
    public func nowPlayingMarkingArtist(_ template: NowPlayingTemplate = .standard) -> (
        line: String, artist: Range<Int>?
    ) {
        if !text.isEmpty && !template.uses(.text) { return (text, nil) }
        let (line, artistRange) = template.render(
            [.artist: artist, .title: title, .album: album, .text: text], marking: .artist)
        return line.isEmpty ? (text, nil) : (line, artistRange)
    }

    private mutating func anchor(at now: Duration) {
        anchorPosition = playbackPosition(at: now)
        anchorTime = now
    }

    private mutating func startTrack(title value: String, at now: Duration) {
        func recent(_ time: Duration?) -> Bool { time.map { now - $0 <= Self.trackGrouping } ?? false }
        title = value
        track += 1
        if !recent(artistSet) { artist = "" }
        if !recent(albumSet) { album = "" }
        if !recent(durationSet) { duration = nil }
        if !recent(lyricsSet) {
            rawLyrics = .empty
            lyricsSet = nil
        }
        // The old track's cover never shows beside the new title.
        if !recent(coverSet) {
            cover = nil
            coverSet = nil
        }
        lyrics = duration.map(rawLyrics.withTrackDuration) ?? rawLyrics
        anchorPosition = .zero
        anchorTime = now
    }

    private mutating func addMessage(_ value: String, for length: Duration, priority: MessagePriority, at now: Duration)
    {
        messageCount += 1
        messages.removeAll { $0.expires <= now }
        if messages.count >= Self.maxMessages,
            let weakest = messages.indices.min(by: { lhs, rhs in
                (messages[lhs].priority, messages[lhs].sequence) < (messages[rhs].priority, messages[rhs].sequence)
            })
        {
            messages.remove(at: weakest)
        }
        messages.append(
            Message(text: value, priority: priority, received: now, expires: now + length, sequence: messageCount))
    }
}
