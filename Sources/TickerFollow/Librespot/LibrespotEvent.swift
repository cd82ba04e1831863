import TickerCore

/// Why an `--onevent` environment could not be read; each message names the variable and its value.
package enum LibrespotEventError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `PLAYER_EVENT` is not set: the program was not started by librespot or spotifyd.
    case missingEvent
    /// A variable that must hold milliseconds holds something else.
    case invalidMilliseconds(variable: String, value: String, event: String)

    /// A sentence naming the variable, its value and the event.
    package var description: String {
        switch self {
        case .missingEvent:
            return "PLAYER_EVENT is not set (expected to run as librespot's --onevent or spotifyd's "
                + "on_song_change_hook program)"
        case .invalidMilliseconds(let variable, let value, let event):
            return "\(variable)='\(excerpt(value))' in event '\(excerpt(event))' is not a number of "
                + "milliseconds (expected 0-\(LibrespotEvent.maxMilliseconds))"
        }
    }
}

/// One player event as librespot (0.3 to 0.7 and later) or spotifyd hands it to its event program: the
/// event name in `PLAYER_EVENT` and its details in other variables.
///
/// The spellings differ between programs and versions, and are all read:
/// - librespot 0.5 and later: `track_changed` (`NAME`, `ARTISTS` one per line, `ALBUM`, `DURATION_MS`,
///   `ITEM_TYPE`, and `SHOW_NAME` for podcast episodes), `playing`, `paused`, `seeked` and
///   `position_correction` (`POSITION_MS`), `stopped`, `session_disconnected`.
/// - librespot 0.4: `changed` and `started` (only `TRACK_ID`), `playing` and `paused` (`POSITION_MS`,
///   `DURATION_MS`), `stopped`.
/// - librespot 0.3 and earlier: `change`, `start`, `stop` (only `TRACK_ID`).
/// - spotifyd: `change` (`TRACK_NAME`, `TRACK_DURATION` in milliseconds), `start` (playing, `POSITION_MS`),
///   `pause`, `seeked`, `positioncorrection`, `stop`, `sessiondisconnected`.
///
/// Every other event (loading, preloading, volume, shuffle, sink, …) is `.ignored`.
package enum LibrespotEvent: Equatable, Sendable {
    /// A new track. Its title is empty when the program passed only a track id.
    case trackChanged(Track)
    /// Playback runs, at `positionSeconds` when said; `durationSeconds` from versions that repeat it here.
    case playing(positionSeconds: Double?, durationSeconds: Double?)
    /// Playback paused, at `positionSeconds` when said.
    case paused(positionSeconds: Double?, durationSeconds: Double?)
    /// The position jumped (a seek or a correction).
    case seeked(positionSeconds: Double)
    /// Playback stopped, or the Spotify client went away.
    case stopped
    /// An event that changes nothing on the panel, by name.
    case ignored(String)

    /// The largest millisecond value read (one day, the feed's largest time).
    package static let maxMilliseconds: UInt64 = 86_400_000

    /// Reads the event from the program's environment (only the variables named above are looked at).
    package static func parse(environment: [String: String]) throws(LibrespotEventError) -> LibrespotEvent {
        guard let name = environment["PLAYER_EVENT"], !name.isEmpty else { throw .missingEvent }
        func milliseconds(_ variable: String) throws(LibrespotEventError) -> Double? {
            guard let text = environment[variable], !text.isEmpty else { return nil }
            guard text.utf8.count <= 20, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let value = UInt64(text), value <= maxMilliseconds
            else {
                throw .invalidMilliseconds(variable: variable, value: text, event: name)
            }
            return Double(value) / 1000
        }
        switch name {
        case "track_changed", "changed", "change":
            var track = Track(title: environment["NAME"] ?? environment["TRACK_NAME"] ?? "")
            if environment["ITEM_TYPE"] == "Episode" {
                track.artist = environment["SHOW_NAME"] ?? ""
            } else {
                track.artist = (environment["ARTISTS"] ?? "")
                    .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                    .map { String($0) }
                    .filter { !$0.allSatisfy(\.isWhitespace) }
                    .joined(separator: ", ")
                track.album = environment["ALBUM"] ?? ""
            }
            track.durationSeconds = try milliseconds("DURATION_MS")
            if track.durationSeconds == nil { track.durationSeconds = try milliseconds("TRACK_DURATION") }
            track.cover = cover(environment["COVERS"])
            return .trackChanged(track)
        case "playing", "started", "start":
            return .playing(
                positionSeconds: try milliseconds("POSITION_MS"), durationSeconds: try milliseconds("DURATION_MS"))
        case "paused", "pause":
            return .paused(
                positionSeconds: try milliseconds("POSITION_MS"), durationSeconds: try milliseconds("DURATION_MS"))
        case "seeked", "position_correction", "positioncorrection":
            guard let position = try milliseconds("POSITION_MS") else { return .ignored(name) }
            return .seeked(positionSeconds: position)
        case "stopped", "stop", "session_disconnected", "sessiondisconnected":
            return .stopped
        default:
            return .ignored(name)
        }
    }

    /// The cover of `COVERS` (librespot's cover URLs, one a line, the widest first): the last, the narrowest,
    /// as the panel's cover is small; nil when there is no `http://` or `https://` URL of at most 4 KiB.
    static func cover(_ covers: String?) -> CoverSource? {
        guard let covers, covers.utf8.count <= 64 * 1024 else { return nil }
        let urls = covers.split(whereSeparator: \.isNewline).map { String($0) }.filter { url in
            url.utf8.count <= 4096 && (url.hasPrefix("https://") || url.hasPrefix("http://"))
        }
        return urls.last.map { .url($0) }
    }

    /// The feed commands for this event; `lyrics` is asked for the LRC text of a new track with a title.
    ///
    /// A new track sends its title, artist, album, duration and lyrics (or `lyrics clear`); a track without
    /// a title (older programs pass only its id) still starts a new, untitled track, so the old title does
    /// not stay on the panel. Play and pause carry the position when the program said it.
    package func commands(lyrics: (Track) -> String?) -> [FeedCommand] {
        switch self {
        case .trackChanged(let track):
            let lyricsCommand = track.title.isEmpty ? nil : lyrics(track).map { FeedCommand.lyricsBlock(lrc: $0) }
            return track.commands + [lyricsCommand ?? .lyricsClear]
        case .playing(let position, let duration):
            return Self.timed(.play, position: position, duration: duration)
        case .paused(let position, let duration):
            return Self.timed(.pause, position: position, duration: duration)
        case .seeked(let position):
            return [.position(FeedCommand.time(seconds: position))]
        case .stopped:
            return [.stop]
        case .ignored:
            return []
        }
    }

    private static func timed(_ state: FeedCommand, position: Double?, duration: Double?) -> [FeedCommand] {
        var commands: [FeedCommand] = []
        if let duration, duration > 0 { commands.append(.duration(FeedCommand.time(seconds: duration))) }
        commands.append(state)
        if let position { commands.append(.position(FeedCommand.time(seconds: position))) }
        return commands
    }
}

/// At most 40 characters of `text`, control characters shown as `?`, for quoting outside input in a message.
func excerpt(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars.prefix(40) {
        scalars.append(FeedText.isControl(scalar) ? "?" : scalar)
    }
    return String(scalars) + (text.unicodeScalars.count > 40 ? "…" : "")
}
