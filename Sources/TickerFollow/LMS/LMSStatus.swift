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
        let (player, song) = playerAndSong(tokens)
        let state = player.last("mode").map { PlaybackState(rawValue: $0) ?? .stop } ?? .stop
        guard let song else {
            return PlayerSnapshot(track: nil, state: state == .stop ? .stop : state)
        }
        var track = Track(
            title: song.first("title") ?? "", artist: song.first("artist", nonEmpty: true) ?? "",
            album: song.first("album", nonEmpty: true) ?? "",
            durationSeconds: song.last("duration").flatMap(seconds) ?? player.last("duration").flatMap(seconds))
        if track.title.isEmpty, let currentTitle = player.last("current_title") { track.title = currentTitle }
        track.file = song.first("url")
        return PlayerSnapshot(
            track: track, state: state,
            position: player.last("time").flatMap(seconds).map { PlaybackPosition(seconds: $0, at: now) })
    }

    /// The cover of the current song in a `status - 1 tags:…K c…` answer, on the server whose web interface is
    /// at `base` (`http://host:9000`): its `artwork_url` (a remote track's; relative ones are the server's), else
    /// `/music/COVERID/cover.jpg`, the server's image of the song's `coverid`; nil without either.
    package static func cover(_ tokens: [String], base: String) -> CoverSource? {
        guard let song = playerAndSong(tokens).song else { return nil }
        let artwork = song.first("artwork_url")
        let coverID = song.first("coverid")
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

    /// The fields of a `status - 1` answer told apart: the player's, and those of its first song (the current
    /// one), which follow its `playlist index`; no song without one.
    private static func playerAndSong(_ tokens: [String]) -> (player: Fields, song: Fields?) {
        let all = fields(tokens.dropFirst(2))
        guard let start = all.firstIndex(where: { $0.key == "playlist index" }) else { return (all[...], nil) }
        let song = all[(start + 1)...]
        return (all[..<start], song.prefix { $0.key != "playlist index" })
    }

    /// A non-negative, finite number of seconds of at most a day, or `nil`.
    static func seconds(_ text: String) -> Double? {
        guard text.utf8.count <= 24, let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else {
            return nil
        }
        return value
    }
}

/// Some of an answer's fields, in order.
private typealias Fields = ArraySlice<(key: String, value: String)>

extension Fields {
    /// The value of the first field `key` (with `nonEmpty`, the first that is not empty).
    fileprivate func first(_ key: String, nonEmpty: Bool = false) -> String? {
        first { $0.key == key && !(nonEmpty && $0.value.isEmpty) }?.value
    }

    /// The value of the last field `key`.
    fileprivate func last(_ key: String) -> String? { last { $0.key == key }?.value }
}
