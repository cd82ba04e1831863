/// Turns the fields of MPD's `status` and `currentsong` replies into a `PlayerSnapshot`.
package enum MPDSnapshot {
    /// The snapshot described by `status` and `currentsong` fields, read at monotonic time `now`. A song that
    /// Mopidy names by a `file://` URL inside `musicDirectory` gets its `file` relative to it, as MPD names
    /// its songs, so its sidecar `.lrc` can be found. Unknown or garbled values degrade to "unknown", never
    /// to an error.
    package static func make(status: [MPDField], currentSong: [MPDField], musicDirectory: String?, now: Duration)
        -> PlayerSnapshot
    {
        let state: PlaybackState
        switch first("state", in: status) {
        case "play": state = .play
        case "pause": state = .pause
        default: state = .stop
        }
        var track: Track?
        if !currentSong.isEmpty {
            var file = first("file", in: currentSong)
            // Streams often carry only `Name` (the station) and no title; show what there is.
            var title = first("Title", in: currentSong) ?? first("Name", in: currentSong) ?? ""
            if let url = file, let path = FileURL.localPath(of: url) {
                if let relative = musicDirectory.flatMap({ FileURL.relativePath(path, inside: $0) }) { file = relative }
                if title.isEmpty { title = displayName(of: path) }
            }
            if title.isEmpty, let file {
                title = displayName(of: file)
            }
            let duration =
                seconds(first("duration", in: currentSong) ?? first("duration", in: status))
                ?? seconds(first("Time", in: currentSong))
            track = Track(
                title: title,
                artist: first("Artist", in: currentSong) ?? first("AlbumArtist", in: currentSong) ?? "",
                album: first("Album", in: currentSong) ?? "",
                durationSeconds: duration,
                file: file
            )
        }
        var position: PlaybackPosition?
        if let elapsed = seconds(first("elapsed", in: status)) {
            position = PlaybackPosition(seconds: elapsed, at: now)
        } else if let time = first("time", in: status), let colon = time.firstIndex(of: ":"),
            let elapsed = seconds(String(time[..<colon]))
        {
            position = PlaybackPosition(seconds: elapsed, at: now)
        }
        return PlayerSnapshot(track: track, state: state, position: position)
    }

    private static func first(_ key: String, in fields: [MPDField]) -> String? {
        fields.first(where: { $0.key == key })?.value
    }

    /// A finite, non-negative number of seconds, or `nil`.
    static func seconds(_ text: String?) -> Double? {
        guard let text, text.utf8.count <= 32, let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// The last path component without its extension: what a file is called when it has no title tag.
    static func displayName(of file: String) -> String {
        if file.contains("://") { return file }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
