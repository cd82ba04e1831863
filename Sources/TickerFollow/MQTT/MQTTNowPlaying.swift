import TickerCore

/// What the bridge publishes on `<prefix>/now_playing` for Home Assistant's Now playing sensor: the line the panel
/// shows for the track (with the panel's default pattern, `{artist} — {title}`, or the free text), or `idle` when
/// nothing plays, and the track as attributes. Pure: a function of the daemon's last state and its age.
///
/// Nothing plays when there is no state (the daemon is not running: systemd removed its directory), when the
/// state says `stopped` (also what a daemon that stopped cleanly leaves behind), and when the state is stale: it
/// says `playing`, but the track ended more than `staleAfterTrackEnd` ago and no new state came (a daemon killed
/// by hand leaves its last state behind).
package struct MQTTNowPlaying: Equatable, Sendable {
    /// Home Assistant keeps a state of at most 255 characters (Unicode scalars: Python's `len`); a longer one is
    /// refused (2024.3: the sensor becomes `unknown` and loses its attributes).
    package static let maxStateScalars = 255
    /// The sensor's state when nothing plays.
    package static let idle = "idle"
    /// How long past its end a track that still says `playing` counts as playing: followers send the next
    /// track within a second or two of the change.
    package static let staleAfterTrackEnd: Duration = .seconds(10)

    /// The sensor's state: at most `maxStateScalars` scalars.
    package let line: String
    /// The track while something plays; nil when nothing does.
    package let track: StateSnapshot?

    /// The sensor for the daemon's last `state` (nil: none), written `age` ago.
    package init(_ state: StateSnapshot?, age: Duration) {
        guard let state, Self.plays(state, age: age) else {
            line = Self.idle
            track = nil
            return
        }
        track = state
        let shown =
            state.text.isEmpty
            ? NowPlayingTemplate.standard.render([.artist: state.artist, .title: state.title]) : state.text
        line = Self.cut(shown.isEmpty ? state.state : shown, toScalars: Self.maxStateScalars)
    }

    private static func plays(_ state: StateSnapshot, age: Duration) -> Bool {
        switch state.state {
        case "stopped": return false
        case "playing":
            guard let duration = state.duration else { return true }
            let position = state.position + max(age, .zero).inSeconds
            return position <= duration + staleAfterTrackEnd.inSeconds
        default: return true
        }
    }

    /// The payload: `{"now_playing": line, "attributes": {"playback", "title", "artist", "album", "text",
    /// "position", "duration"}}`, the texts whole. Not `state`: Home Assistant drops an attribute of that name.
    package var json: String {
        let track = track ?? StateSnapshot()
        let attributes: [String: JSONValue] = [
            "playback": .string(track.state), "title": .string(track.title), "artist": .string(track.artist),
            "album": .string(track.album), "text": .string(track.text), "position": .number(track.position),
            "duration": track.duration.map { .number($0) } ?? .null,
        ]
        return JSONValue.object(["now_playing": .string(line), "attributes": .object(attributes)]).encoded
    }

    /// `text` when it has at most `limit` scalars; else its first characters (whole grapheme clusters, so a
    /// letter keeps its accents and an emoji its parts) and an ellipsis, `limit` scalars at most in all.
    package static func cut(_ text: String, toScalars limit: Int) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        var end = text.startIndex
        var kept = 0
        for character in text {
            let scalars = character.unicodeScalars.count
            guard kept + scalars < limit else { break }
            kept += scalars
            end = text.index(after: end)
        }
        var head = text[..<end]
        // "Night…", not "Night …".
        while head.last?.isWhitespace == true { head.removeLast() }
        return head + "…"
    }
}
