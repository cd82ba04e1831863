import TickerCore
import TickerFollow
import TickerIO

let findLyricsUsage = """
    usage: tickerctl find-lyrics --artist ARTIST --title TITLE [--album ALBUM] [--duration SECONDS]
                                 [--music-file PATH] [--lyrics-dir DIR] [--server URL] [--cache DIR]
                                 [--offline] [--config FILE]

    Runs the lyrics chain of the followers once and prints the LRC on standard output: the '.lrc' beside
    the music file, 'Artist - Title.lrc' in the lyrics directory, the music file's tags, then the LRCLIB
    server (--server, or [lyrics] online in the config; --offline asks none), through its cache.
    Exit status: 0 found, 1 not found (or instrumental), 2 usage or I/O error.
    """

/// `tickerctl find-lyrics …`: 0 with the LRC on stdout, 1 when nothing was found, 2 on a usage or I/O error.
func runFindLyrics(_ arguments: [String]) -> Int32 {
    let log = Logger(program: "tickerctl find-lyrics")
    var scanner = ArgumentScanner(arguments)
    var values: [String: String] = [:]
    var offline = false
    let expected = [
        "--artist": "an artist", "--title": "a title", "--album": "an album", "--duration": "seconds",
        "--music-file": "a file path", "--lyrics-dir": "a directory", "--server": "an http:// or https:// URL",
        "--cache": "a directory", "--config": "a file path",
    ]
    func usageError(_ message: String) -> Int32 {
        log.error(message)
        try? Posix.writeAll(2, Array((findLyricsUsage + "\n").utf8), what: "stderr")
        return 2
    }
    do {
        while let argument = scanner.next() {
            if argument == "--help" || argument == "-h" {
                print(findLyricsUsage)
                return 0
            }
            if argument == "--offline" {
                offline = true
                continue
            }
            guard let what = expected[argument] else {
                return usageError(
                    "unknown option '\(argument)' (expected one of: \((expected.keys + ["--offline"]).sorted().joined(separator: ", ")))"
                )
            }
            values[argument] = try scanner.value(for: argument, expected: what)
        }
    } catch {
        return usageError(error.description)
    }
    guard let title = values["--title"], !title.isEmpty else { return usageError("missing --title (a title)") }
    var duration: Double?
    if let text = values["--duration"] {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds < 86_400 else {
            return usageError("invalid --duration '\(text)' (expected seconds, more than 0)")
        }
        duration = seconds
    }
    var options = LyricsLibraryOptions(lyricsDirectory: values["--lyrics-dir"])
    options.server = values["--server"]
    options.cacheDirectory = values["--cache"]
    options.offline = offline
    options.configPath = values["--config"]
    if let server = options.server, !(server.hasPrefix("http://") || server.hasPrefix("https://")) {
        return usageError("invalid --server '\(server)' (expected an http:// or https:// URL)")
    }
    var track = Track(
        title: title, artist: values["--artist"] ?? "", album: values["--album"] ?? "", durationSeconds: duration)
    if let file = values["--music-file"] {
        // The sidecar and the tags are looked up beside the file, as the followers do inside a music directory.
        let slash = file.lastIndex(of: "/")
        options.musicDirectory = slash.map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
        track.file = slash.map { String(file[file.index(after: $0)...]) } ?? file
        guard (try? Posix.lstat(file)) ?? nil != nil else { return usageError("music file '\(file)' does not exist") }
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
    guard let online = options.online(log: log) else {
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
