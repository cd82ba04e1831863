import TickerCore
import TickerIO
import TickerPictures

let coverCommand = Command(
    "tickerctl cover",
    summary:
        "Decodes a JPEG or PNG album cover, scales its middle square to the side of the panel's cover box (averaged in "
        + "linear light) and sends it as the feed's picture 'cover', which the current track shows; --remove "
        + "sends 'picture remove cover' instead.",
    synopsis: ["[--side N] [options] FILE.jpg|FILE.png", "--remove [options]"],
    options: [
        Option(
            "--side", "N", meaning: "a side in pixels",
            help:
                "the cover's side in pixels, 1 to \(FeedPicture.maxSide) (default: the side of the cover box "
                + "layout.cover gives the configuration's panel)"),
        .flag("--remove", help: "take the cover away: send 'picture remove cover'"),
        Option(
            "--config", "FILE", meaning: "a file path",
            help: "the configuration read for feed.path and the cover box (default \(LyricsOptions.defaultConfigPath))"),
        feedOption,
    ], operands: "FILE")

/// `tickerctl cover FILE --side N` and `tickerctl cover --remove`: the feed's cover picture.
func runCover(_ given: ParsedArguments) -> Int32 {
    let remove = given.has("--remove")
    guard given.operands.count == (remove ? 0 : 1) else {
        fail(
            remove
                ? "cover --remove takes no FILE (got \(given.operands.count) arguments)"
                : "cover takes one FILE (got \(given.operands.count) arguments)")
    }
    let path = given.value("--config") ?? LyricsOptions.defaultConfigPath
    let config: Config
    switch Settings.load(ConfigSource(path: path, required: given.has("--config"), overrides: [])) {
    case .failure(let error): fail(error.description, status: 1)
    case .success(let settings): config = settings.config
    }
    let feed = given.value("--feed") ?? config.feed.path
    if remove {
        send([.pictureRemove(FeedPicture.coverName)], feed: feed)
        return 0
    }
    let side: Int
    if let sideOption = given["--side"] {
        do { side = try sideOption.integer(in: 1...FeedPicture.maxSide) } catch { fail(error.description) }
    } else if let box = config.layout.cover.box(width: config.panel.width, height: config.panel.height) {
        side = box.width
    } else {
        fail(
            "cover needs --side N (1 to \(FeedPicture.maxSide) pixels), or a cover box from layout.cover in "
                + "the configuration ('\(path)' places none)")
    }
    let file = given.operands[0]
    let bytes: [UInt8]
    do { bytes = try Posix.readFile(file, limit: CoverImage.maxFileBytes) } catch {
        fail(error.description, status: 1)
    }
    let picture: FeedPicture
    do { picture = try CoverImage.picture(file: bytes, side: side) } catch { fail("'\(file)': \(error)", status: 1) }
    send([.picture(picture)], feed: feed)
    return 0
}
