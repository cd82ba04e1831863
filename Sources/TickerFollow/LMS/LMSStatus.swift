/// What the server's answers mean: the player list, a player's status, and which player a notification is
/// about. Pure functions of decoded tokens (see `LMSLineParser`).
package enum LMSStatus {
    /// The fields of a line: every token of the form `key:value`, in order (split at the first colon).
    package static func fields(_ tokens: some Sequence<String>) -> [(key: String, value: String)] {
        tokens.compactMap { token in
            guard let colon = token.firstIndex(of: ":") else { return nil }
            return (String(token[..<colon]), String(token[token.index(after: colon)...]))
        }
    }

    /// The players of a `players 0 100` answer (`players 0 100 count:2 playerindex:0 playerid:… name:…
    /// isplaying:1 connected:1 playerindex:1 …`); `nil` when the line is not one. Entries without an id
    /// are skipped.
    package static func players(_ tokens: [String]) -> [LMSPlayer]? {
        guard tokens.first == "players" else { return nil }
        var players: [LMSPlayer] = []
        var current: LMSPlayer?
        for (key, value) in fields(tokens.dropFirst()) {
            switch key {
            case "playerindex":
                if let current, !current.id.isEmpty { players.append(current) }
                current = LMSPlayer(id: "", name: "")
            case "playerid": current?.id = value
            case "name": current?.name = value
            case "isplaying": current?.isPlaying = value == "1"
            case "connected": current?.isConnected = value == "1"
            default: break
            }
        }
        if let current, !current.id.isEmpty { players.append(current) }
        return players
    }

    /// The player `wanted` names (an id, or a name without regard to case), or without `wanted` the first
    /// playing one, else the first connected one, else the first.
    package static func choose(_ wanted: String?, from players: [LMSPlayer]) -> LMSPlayer? {
        if let wanted {
            return players.first { $0.id.lowercased() == wanted.lowercased() }
                ?? players.first { $0.name.lowercased() == wanted.lowercased() }
        }
        return players.first { $0.isPlaying } ?? players.first { $0.isConnected } ?? players.first
    }

    /// Whether `tokens` is the answer to `<player> status …` for `player`.
    package static func isStatus(_ tokens: [String], of player: String) -> Bool {
        tokens.count >= 2 && tokens[0].lowercased() == player.lowercased() && tokens[1] == "status"
    }

    /// Whether `tokens` is a notification about `player` that may change what it plays: `playlist …`
    /// (new song, pause, stop, jump, clear), `pause`, `play`, `stop`, `time` (a seek), `mode`, or `client`
    /// (it connected, reconnected or went away).
    package static func isChange(_ tokens: [String], of player: String) -> Bool {
        guard tokens.count >= 2, tokens[0].lowercased() == player.lowercased() else { return false }
        return ["playlist", "pause", "play", "stop", "time", "mode", "client", "power"].contains(tokens[1])
    }

    /// The snapshot a `status - 1 tags:…` answer describes, read at monotonic time `now`.
    ///
    /// `mode` gives play, pause or stop; `time` the position and `duration` the length (the player's, or the
    /// song's); the song's `title`, `artist` and `album` follow `playlist index` (a radio stream's
    /// `current_title` stands in for a missing title). No `playlist index`: no track. Unreadable numbers
    /// are left out rather than guessed.
    package static func snapshot(_ tokens: [String], now: Duration) -> PlayerSnapshot {
        var state = PlaybackState.stop
        var position: Double?
        var duration: Double?
        var inSong = false
        var title: String?
        var currentTitle: String?
        var artist = ""
        var album = ""
        var songDuration: Double?
        var file: String?
        fields: for (key, value) in fields(tokens.dropFirst(2)) {
            switch key {
            case "playlist index":
                // Only the first song (the current one, `status - 1`) counts.
                if inSong { break fields }
                inSong = true
            case "mode" where !inSong:
                state = PlaybackState(rawValue: value) ?? .stop
            case "time" where !inSong:
                position = seconds(value)
            case "duration":
                if inSong { songDuration = seconds(value) } else { duration = seconds(value) }
            case "current_title" where !inSong:
                currentTitle = value
            case "title" where inSong && title == nil: title = value
            case "artist" where inSong && artist.isEmpty: artist = value
            case "album" where inSong && album.isEmpty: album = value
            case "url" where inSong && file == nil: file = value
            default: break
            }
        }
        guard inSong else {
            return PlayerSnapshot(track: nil, state: state == .stop ? .stop : state)
        }
        var track = Track(title: title ?? "", artist: artist, album: album, durationSeconds: songDuration ?? duration)
        if track.title.isEmpty, let currentTitle { track.title = currentTitle }
        track.file = file
        return PlayerSnapshot(
            track: track, state: state, position: position.map { PlaybackPosition(seconds: $0, at: now) })
    }

    /// The cover of the current song in a `status - 1 tags:…K c…` answer, on the server whose web interface is
    /// at `base` (`http://host:9000`): its `artwork_url` (a remote track's; relative ones are the server's), else
    /// `/music/COVERID/cover.jpg`, the server's image of the song's `coverid`; nil without either.
    package static func cover(_ tokens: [String], base: String) -> CoverSource? {
        var inSong = false
        var artwork: String?
        var coverID: String?
        fields: for (key, value) in fields(tokens.dropFirst(2)) {
            switch key {
            case "playlist index":
                if inSong { break fields }
                inSong = true
            case "artwork_url" where inSong && artwork == nil: artwork = value
            case "coverid" where inSong && coverID == nil: coverID = value
            default: break
            }
        }
        if let artwork, !artwork.isEmpty, artwork.utf8.count <= 4096 {
            if artwork.hasPrefix("http://") || artwork.hasPrefix("https://") { return .url(artwork) }
            if artwork.hasPrefix("/") { return .url(base + artwork) }
        }
        guard let coverID, (1...64).contains(coverID.utf8.count),
            coverID.utf8.allSatisfy({
                $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0 | 0x20)
            })
        else { return nil }
        return .url(base + "/music/" + coverID + "/cover.jpg")
    }

    /// A non-negative, finite number of seconds of at most a day, or `nil`.
    static func seconds(_ text: String) -> Double? {
        guard text.utf8.count <= 24, let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else {
            return nil
        }
        return value
    }
}
