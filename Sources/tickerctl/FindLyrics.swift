import TickerCore
import TickerFollow
import TickerIO

let findLyricsCommand = Command(
    "tickerctl find-lyrics",
    summary:
        "Runs the lyrics chain of the followers once and prints the LRC on standard output: the '.lrc' beside the "
        + "music file, 'Artist - Title.lrc' in the lyrics directory, the music file's tags, then the LRCLIB server "
        + "(--server, or [lyrics] online in the config; --offline asks none), through its cache.",
    synopsis: ["--artist ARTIST --title TITLE [options]", "--music-file PATH [options]"],
    options: [
        Option("--artist", "ARTIST", meaning: "an artist", help: "the track's artist (default: the music file's)"),
        Option("--title", "TITLE", meaning: "a title", help: "the track's title (default: the music file's)"),
        Option("--album", "ALBUM", meaning: "an album", help: "its album, for the server (default: the music file's)"),
        Option("--duration", "SECONDS", meaning: "seconds", help: "its length, which the server may use"),
        Option(
            "--music-file", "PATH", meaning: "a file path",
            help: "the music file: its sidecar .lrc and its tags, which name the track unless the options do"),
        LyricsOptions.lyricsDirectory,
        Option(
            "--server", "URL", meaning: "an http:// or https:// URL",
            help: "the LRCLIB server (default: [lyrics] online in the config)"),
        Option("--cache", "DIR", meaning: "a directory", help: "where its answers are kept (default: [lyrics] cache)"),
        LyricsOptions.offline, LyricsOptions.config,
    ],
    details: "Exit status: 0 found, 1 not found (or instrumental), 2 usage or I/O error.")

/// `tickerctl find-lyrics …`: 0 with the LRC on stdout, 1 when nothing was found, 2 on a usage or I/O error.
func runFindLyrics(_ given: ParsedArguments) -> Int32 {
    let log = Logger(program: "tickerctl find-lyrics")
    let offline = given.has("--offline")
    func usageError(_ message: String) -> Int32 {
        log.error(message)
        return 2
    }
    let musicFile = given.value("--music-file")
    var tags = MusicFileTags()
    if let musicFile {
        guard (try? Posix.lstat(musicFile)) ?? nil != nil else {
            return usageError("music file '\(musicFile)' does not exist")
        }
        // What the options do not say about the track, the file's own tags may.
        if given.value("--title") == nil || given.value("--artist") == nil {
            do { tags = try LyricsLibrary.tags(ofFile: musicFile) } catch .notFound {} catch {
                log.error(error.description)
                return 2
            }
        }
    }
    guard let title = given.value("--title") ?? tags.title, !title.isEmpty else {
        return usageError("missing --title (a title)" + (musicFile.map { "; the tags of '\($0)' name none" } ?? ""))
    }
    var duration: Double?
    if let text = given.value("--duration") {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds < 86_400 else {
            return usageError("invalid --duration '\(text)' (expected seconds, more than 0)")
        }
        duration = seconds
    }
    var options = LyricsLibraryOptions(lyricsDirectory: given.value("--lyrics-dir"))
    options.server = given.value("--server")
    options.cacheDirectory = given.value("--cache")
    options.offline = offline
    options.configPath = given.value("--config")
    if let server = options.server, !(server.hasPrefix("http://") || server.hasPrefix("https://")) {
        return usageError("invalid --server '\(server)' (expected an http:// or https:// URL)")
    }
    var track = Track(
        title: title, artist: given.value("--artist") ?? tags.artist ?? "",
        album: given.value("--album") ?? tags.album ?? "", durationSeconds: duration)
    if let file = musicFile {
        // The sidecar and the tags are looked up beside the file, as the followers do inside a music directory.
        let slash = file.lastIndex(of: "/")
        options.musicDirectory = slash.map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
        track.file = slash.map { String(file[file.index(after: $0)...]) } ?? file
    }
    do {
        let lrc = try options.library.localLyrics(for: track)
        print(lrc)
        return 0
    } catch .notFound {
        // Ask the server.
    } catch {
        log.error(error.description)
        return 2
    }
    guard let online = LyricsOptions.online(options, log: log) else {
        log.notice("no lyrics for '\(title)' in the files" + (offline ? "" : ", and no server to ask"))
        return 1
    }
    do {
        switch try online.lookUpOnce(track, log: log) {
        case .synced(let lrc):
            print(lrc)
            return 0
        case .instrumental:
            log.notice("'\(title)' is instrumental (\(online.server))")
            return 1
        case .notFound:
            log.notice("no timed lyrics for '\(title)' in the files or at \(online.server)")
            return 1
        }
    } catch {
        log.error("lyrics server '\(online.server)': \(error)")
        return 2
    }
}
