import TickerTestSupport

/// Music files for the players the tests drive, made by real tools.
enum MusicFile {
    /// Writes a FLAC of `seconds` seconds of a sine tone at `path` (sox), tagged with the title, artist, album
    /// and `tags` (such as `SYNCEDLYRICS`) as Vorbis comments (metaflac).
    static func flac(
        at path: String, title: String, artist: String, album: String, seconds: Int = 30, tags: [String: String] = [:]
    ) throws {
        try Child.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", path, "synth", String(seconds), "sine", "440"])
        let extra = tags.sorted { $0.key < $1.key }.map { "--set-tag=\($0.key)=\($0.value)" }
        try Child.run(
            "/usr/bin/metaflac",
            ["--set-tag=TITLE=\(title)", "--set-tag=ARTIST=\(artist)", "--set-tag=ALBUM=\(album)"] + extra + [path])
    }
}
