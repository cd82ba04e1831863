/// Turns what playerctl reports into a `PlayerSnapshot`.
package enum MPRISSnapshot {
    /// The snapshot `report` describes, read at monotonic time `now`. A `file://` URL inside
    /// `musicDirectory` becomes the track's `file` relative to it, so its sidecar `.lrc` can be found; other
    /// URLs are kept whole (they have no sidecar) so that two streams still tell apart. Garbled numbers
    /// degrade to "unknown", never to an error.
    package static func make(_ report: PlayerctlReport, musicDirectory: String?, now: Duration) -> PlayerSnapshot {
        guard case .player(let record) = report else { return PlayerSnapshot(track: nil, state: .stop) }
        let state: PlaybackState
        switch record.status {
        case "Playing": state = .play
        case "Paused": state = .pause
        default: state = .stop
        }
        var track: Track?
        if !(record.title.isEmpty && record.artist.isEmpty && record.album.isEmpty && record.url.isEmpty) {
            // A URL without a scheme is not something the lyrics library should go looking for.
            var file = record.url.contains("://") ? record.url : nil
            var title = record.title
            if let path = FileURL.localPath(of: record.url) {
                if let relative = musicDirectory.flatMap({ FileURL.relativePath(path, inside: $0) }) { file = relative }
                if title.isEmpty { title = MPDSnapshot.displayName(of: path) }
            }
            if title.isEmpty { title = record.url }
            track = Track(
                title: title, artist: record.artist, album: record.album,
                durationSeconds: seconds(micros: record.length),
                file: file, cover: cover(record.artURL))
        }
        let position = seconds(micros: record.position).map { PlaybackPosition(seconds: $0, at: now) }
        return PlayerSnapshot(track: track, state: state, position: position)
    }

    /// The cover `mpris:artUrl` names: a `file://`, `http://` or `https://` URL (of at most 4 KiB); nil for
    /// anything else.
    static func cover(_ url: String) -> CoverSource? {
        guard url.utf8.count <= 4096 else { return nil }
        let scheme = url.prefix(8).lowercased()
        guard scheme.hasPrefix("file://") || scheme.hasPrefix("http://") || scheme.hasPrefix("https://") else {
            return nil
        }
        return .url(url)
    }

    /// Whether `track` says no more than where it lives: no artist, album or length, and for a title only
    /// the file's name (with or without its extension) or the URL. mpv reports that while it opens a file or
    /// stream (its `media-title` before the tags are read), and the real title follows.
    package static func isPlaceholder(_ track: Track) -> Bool {
        guard track.artist.isEmpty, track.album.isEmpty, track.durationSeconds == nil, let file = track.file else {
            return false
        }
        if track.title.isEmpty || track.title == file { return true }
        // A path inside the music directory, a local file's decoded path, or another URL without its query.
        let local = FileURL.localPath(of: file)
        var path = Substring(local ?? file)
        if local == nil, file.contains("://"), let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            path = path[..<query]
        }
        guard let last = path.split(separator: "/").last else { return false }
        let names = [String(last), FileURL.percentDecoded(last)].compactMap { $0 }
        return names.contains { track.title == $0 || track.title == MPDSnapshot.displayName(of: $0) }
    }

    /// Microseconds written as digits (`12500000`, or `12500000.0` from players that publish a double) as
    /// seconds; `nil` for anything else, negative or absurd.
    static func seconds(micros text: String) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 24, let value = Double(text), value.isFinite, value >= 0 else {
            return nil
        }
        return value / 1_000_000
    }
}
