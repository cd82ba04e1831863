/// What the daemon shows, as the state file (`[feed] state`, docs/FEED.md) tells scripts and bridges: the
/// track, whether it plays and where, whether the panel is connected, its brightness, and whether the daemon
/// runs at all.
///
/// One JSON object per file, written whole; `position` is where playback was when the file was written, so a
/// reader of a playing track adds the time since (the file's modification time).
public struct StateSnapshot: Sendable, Equatable {
    /// The playback state's name: `playing`, `paused` or `stopped`.
    public var state: String
    /// The track's title, artist and album (empty: none).
    public var title: String
    public var artist: String
    public var album: String
    /// The free line shown instead of artist and title (empty: none).
    public var text: String
    /// Where playback was, in seconds.
    public var position: Double
    /// The track's length in seconds, when the feed said.
    public var duration: Double?
    /// Whether a panel is connected and receiving frames.
    public var panel: Bool
    /// The brightness in percent (the feed's, else the configured one).
    public var brightness: Int
    /// Whether the daemon runs: false in the last snapshot of a daemon that stopped (then `state` is `stopped`
    /// and `panel` false).
    public var running: Bool
    /// Whether `brightness` is the schedule's or the configured one: the feed set none (`brightness auto`).
    public var brightnessAuto: Bool
    /// The names of the idle screen's pages, in the order they turn.
    public var pages: [String]

    /// The names `state` takes.
    public static let stateNames = ["playing", "paused", "stopped"]
    /// The largest state file read: four texts of 1024 four-byte characters, each escaped, fit.
    public static let maxBytes = 65_536

    /// A snapshot of the given values.
    public init(
        state: String = "stopped", title: String = "", artist: String = "", album: String = "", text: String = "",
        position: Double = 0, duration: Double? = nil, panel: Bool = false, brightness: Int = 100,
        running: Bool = true, brightnessAuto: Bool = true, pages: [String] = []
    ) {
        self.state = state
        self.title = title
        self.artist = artist
        self.album = album
        self.text = text
        self.position = position
        self.duration = duration
        self.panel = panel
        self.brightness = brightness
        self.running = running
        self.brightnessAuto = brightnessAuto
        self.pages = pages
    }

    /// The snapshot of `player` at the monotonic instant `now` (positions to the millisecond).
    public init(_ player: PlayerState, at now: Duration, panel: Bool, brightness: Int) {
        let state: String
        switch player.playback {
        case .playing: state = "playing"
        case .paused: state = "paused"
        case .stopped: state = "stopped"
        }
        self.init(
            state: state, title: player.title, artist: player.artist,
            album: player.album, text: player.text, position: Self.milliseconds(player.playbackPosition(at: now)),
            duration: player.duration.map(Self.milliseconds), panel: panel, brightness: brightness,
            brightnessAuto: player.brightness == nil,
            pages: player.pages.compactMap { $0.hasExpired(at: now) ? nil : $0.content.name })
    }

    /// Whether the track plays.
    public var playing: Bool { state == "playing" }

    /// The snapshot once the daemon has stopped: nothing plays, no panel is driven, the daemon does not run;
    /// the track stays, as the daemon shows it again when it starts.
    public var daemonStopped: StateSnapshot {
        var stopped = self
        stopped.state = "stopped"
        stopped.panel = false
        stopped.running = false
        return stopped
    }

    /// The JSON object, keys sorted, with a final newline.
    public var json: String {
        var members: [String: JSONValue] = [
            "state": .string(state), "playing": .bool(playing), "title": .string(title), "artist": .string(artist),
            "album": .string(album), "text": .string(text), "position": .number(position), "panel": .bool(panel),
            "brightness": .number(Double(brightness)), "running": .bool(running),
            "brightnessAuto": .bool(brightnessAuto), "pages": .array(pages.map { .string($0) }),
        ]
        members["duration"] = duration.map { .number($0) } ?? .null
        return JSONValue.object(members).encoded + "\n"
    }

    /// Reads a state file. Unknown keys are ignored (later versions may add some); the known ones must have
    /// their types, and `state` one of its names.
    public init<Bytes: Collection<UInt8>>(json bytes: Bytes) throws(StateSnapshotError) {
        guard bytes.count <= Self.maxBytes else { throw .tooLong(bytes: bytes.count, limit: Self.maxBytes) }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .json(error)
        }
        guard case .object = value else { throw .notAnObject }
        func string(_ key: String) throws(StateSnapshotError) -> String {
            guard let member = value[key] else { return "" }
            guard let text = member.stringValue, text.unicodeScalars.count <= FeedCommand.maxTextScalars else {
                throw .badField(key, expected: "a string of at most \(FeedCommand.maxTextScalars) characters")
            }
            return text
        }
        func seconds(_ key: String) throws(StateSnapshotError) -> Double? {
            guard let member = value[key], member != .null else { return nil }
            guard let number = member.numberValue, number >= 0, number <= FeedCommand.maxTime.inSecondsForJSON else {
                throw .badField(key, expected: "seconds from 0 to 86400")
            }
            return number
        }
        let state = try string("state")
        guard Self.stateNames.contains(state) else {
            throw .badField("state", expected: "one of: " + Self.stateNames.joined(separator: ", "))
        }
        let panel = value["panel"] ?? .bool(false)
        guard let connected = panel.boolValue else { throw .badField("panel", expected: "true or false") }
        let brightnessValue = value["brightness"] ?? .number(100)
        guard let brightness = brightnessValue.numberValue, brightness >= 0, brightness <= 100,
            brightness == brightness.rounded()
        else { throw .badField("brightness", expected: "a whole number from 0 to 100") }
        // Files of versions that did not say are those of a running daemon.
        guard let running = (value["running"] ?? .bool(true)).boolValue else {
            throw .badField("running", expected: "true or false")
        }
        guard let brightnessAuto = (value["brightnessAuto"] ?? .bool(true)).boolValue else {
            throw .badField("brightnessAuto", expected: "true or false")
        }
        var pages: [String] = []
        if let member = value["pages"] {
            guard case .array(let names) = member, names.count <= IdlePage.maxPages else {
                throw .badField("pages", expected: "an array of at most \(IdlePage.maxPages) page names")
            }
            for name in names {
                guard let name = name.stringValue, IdlePage.isName(name) else {
                    throw .badField("pages", expected: "an array of page names")
                }
                pages.append(name)
            }
        }
        self.init(
            state: state, title: try string("title"), artist: try string("artist"), album: try string("album"),
            text: try string("text"), position: try seconds("position") ?? 0, duration: try seconds("duration"),
            panel: connected, brightness: Int(brightness), running: running, brightnessAuto: brightnessAuto,
            pages: pages)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        // Whole milliseconds first, so that 2.345 s reads back as the literal 2.345.
        return Double(seconds * 1_000 + attoseconds / 1_000_000_000_000_000) / 1_000
    }
}

/// Why a state file was refused.
public enum StateSnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Larger than `StateSnapshot.maxBytes`.
    case tooLong(bytes: Int, limit: Int)
    /// Not JSON.
    case json(JSONError)
    /// JSON, but not an object.
    case notAnObject
    /// A known key with a value of the wrong kind.
    case badField(String, expected: String)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .tooLong(let bytes, let limit): return "state file of \(bytes) bytes is longer than \(limit) bytes"
        case .json(let error): return "state file: \(error)"
        case .notAnObject: return "state file: not a JSON object"
        case .badField(let key, let expected): return "state file: bad '\(key)' (expected \(expected))"
        }
    }
}

extension Duration {
    fileprivate var inSecondsForJSON: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
