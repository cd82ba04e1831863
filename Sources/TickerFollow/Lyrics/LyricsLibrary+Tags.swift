import TickerCore
import TickerIO

extension LyricsLibrary {
    /// The local path of `track`'s music file: its `file` inside the music directory (refused when its real
    /// path leaves the directory), or the path of a `file://` URL; `nil` for streams and unknown files.
    package func musicFilePath(for track: Track) -> String? {
        guard let file = track.file, !file.isEmpty else { return nil }
        if file.contains("://") { return FileURL.localPath(of: file) }
        guard let musicDirectory, !file.hasPrefix("/"),
            let root = try? Posix.realpath(musicDirectory),
            let resolved = try? Posix.realpath(musicDirectory + "/" + file)
        else { return nil }
        let prefix = root == "/" ? "/" : root + "/"
        return resolved.hasPrefix(prefix) ? resolved : nil
    }

    /// The timed lyrics in the tags of `track`'s music file (Vorbis comments, ID3v2 `SYLT`/`USLT`, MP4
    /// `©lyr`), as LRC. Plain lyrics without times are not used: the panel's sweep needs times. Throws
    /// `notFound` when the file is unknown, of a format without tags, or has no timed lyrics.
    package func embeddedLyrics(for track: Track, limits: TagLimits = TagLimits()) throws(LyricsLookupError) -> String {
        guard let path = musicFilePath(for: track),
            let synced = try Self.tags(ofFile: path, limits: limits).lyrics.synced
        else { throw .notFound }
        return synced
    }

    /// The tags of the music file at `path`: its lyrics, title, artist and album. Throws `notFound` when there
    /// is no such file or it is of a format without tags.
    package static func tags(ofFile path: String, limits: TagLimits = TagLimits()) throws(LyricsLookupError)
        -> MusicFileTags
    {
        let source: FileTagSource
        do {
            source = try FileTagSource(path: path)
        } catch {
            if error.code == .noSuchFileOrDirectory { throw .notFound }
            throw .read(path: path, error.code)
        }
        defer { source.close() }
        do {
            return try MusicTags.read(in: source, limits: limits)
        } catch .unknownFormat {
            throw .notFound
        } catch {
            throw .tags(path: path, error)
        }
    }

    /// The first lyrics the files hold: the sidecar or lyrics-directory `.lrc`, then the music file's tags.
    package func localLyrics(for track: Track) throws(LyricsLookupError) -> String {
        do {
            return try lyrics(for: track)
        } catch .notFound {
            return try embeddedLyrics(for: track)
        }
    }
}
