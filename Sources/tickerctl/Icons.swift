import TickerCore
import TickerIO
import TickerPictures

let iconCommand = Command(
    "tickerctl icon",
    summary:
        "Decodes a PNG or GIF file (at most 64 × 64 pixels; an animated GIF keeps its frames and delays) and "
        + "sends it as the feed's picture NAME, for [icons] and 'message --icon NAME'.",
    options: [feedOption], operands: "NAME FILE.png|FILE.gif")

let iconsLoadCommand = Command(
    "tickerctl icons load",
    summary:
        "Sends the picture files of the configuration's [icons] section to the feed, each under its role's "
        + "name (tickerd-icons.service runs it when tickerd starts or reloads).",
    options: [
        Option(
            "--config", "FILE", meaning: "a file path",
            help: "the configuration read for [icons] and feed.path (default \(LyricsOptions.defaultConfigPath))"),
        feedOption,
    ])

let iconsCommand = Command(
    "tickerctl icons", summary: "Sends the configuration's icon files to the feed.", subcommands: [iconsLoadCommand])

/// `tickerctl icon NAME FILE`: one picture file into the feed.
func runIcon(_ given: ParsedArguments) -> Int32 {
    guard given.operands.count == 2 else { fail("icon takes NAME FILE (got \(given.operands.count) arguments)") }
    let picture: FeedPicture
    do { picture = try readPicture(named: given.operands[0], path: given.operands[1]) } catch {
        fail(error.description, status: 1)
    }
    send([.picture(picture)], feed: given.value("--feed") ?? "/run/tickerd/feed")
    return 0
}

/// `tickerctl icons load`: every file of `[icons]`; a file that cannot be read is logged and the others sent.
func runIconsLoad(_ given: ParsedArguments) -> Int32 {
    let path = given.value("--config") ?? LyricsOptions.defaultConfigPath
    let config: Config
    switch Settings.load(ConfigSource(path: path, required: given.has("--config"), overrides: [])) {
    case .failure(let error): fail(error.description, status: 1)
    case .success(let settings): config = settings.config
    }
    let logger = Logger(program: "tickerctl")
    var pictures: [FeedCommand] = []
    var failed = false
    for (role, file) in config.icons.filesByRole {
        do {
            pictures.append(.picture(try readPicture(named: role.rawValue, path: file)))
        } catch {
            logger.error("icons.\(role.rawValue): \(error)")
            failed = true
        }
    }
    if !pictures.isEmpty { send(pictures, feed: given.value("--feed") ?? config.feed.path) }
    return failed ? 1 : 0
}

/// The picture `name` in the PNG or GIF file at `path`; the error names the file.
func readPicture(named name: String, path: String) throws(PictureError) -> FeedPicture {
    let bytes: [UInt8]
    do { bytes = try Posix.readFile(path, limit: PictureFile.maxFileBytes) } catch {
        throw PictureError(error.description)
    }
    do { return try PictureFile.picture(named: name, file: bytes) } catch {
        throw PictureError("'\(path)': \(error)")
    }
}
