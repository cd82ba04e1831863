import TickerCore
import TickerIO

/// The option of every command that writes the feed.
let feedOption = Option(
    "--feed", "PATH", meaning: "the feed pipe's path", help: "the feed pipe (default /run/tickerd/feed)")

let sendCommand = Command(
    "tickerctl send", summary: "Writes feed commands, checked as the daemon reads them (one write per batch).",
    options: [feedOption], operands: "LINE...")
let nowCommand = Command(
    "tickerctl now", summary: "Sets the now-playing line and starts playing.", options: [feedOption],
    operands: "ARTIST TITLE")
let lyricsCommand = Command(
    "tickerctl lyrics", summary: "Sends a lyrics file (LRC or enhanced LRC).", options: [feedOption],
    operands: "FILE.lrc")
let portsCommand = Command(
    "tickerctl ports", summary: "Lists the serial ports libserialport sees, with their USB identity.", options: [])

/// `tickerctl send`, `now` and `lyrics`: write feed commands into the pipe.
func runSend(_ command: String, _ given: ParsedArguments) -> Int32 {
    let feed = given.value("--feed") ?? "/run/tickerd/feed"
    let operands = given.operands
    let commands: [FeedCommand]
    switch command {
    case "now":
        guard operands.count == 2 else { fail("now takes ARTIST TITLE (got \(operands.count) arguments)") }
        commands = FeedCommand.nowPlaying(artist: operands[0], title: operands[1])
    case "lyrics":
        guard operands.count == 1 else { fail("lyrics takes one .lrc file") }
        let bytes: [UInt8]
        do { bytes = try Posix.readFile(operands[0], limit: 1 << 20) } catch { fail(error.description, status: 1) }
        let text = String(decoding: bytes, as: UTF8.self)
        let logger = Logger(program: "tickerctl")
        let parsed = Lyrics.parse(text)
        for warning in parsed.warnings.prefix(20) { logger.warning("\(operands[0]): \(warning)") }
        let block = FeedCommand.lyricsBlock(lrc: text)
        guard case .lyrics(let lyrics) = block else { fail("\(operands[0]): no timed lyric lines", status: 1) }
        let all = parsed.lines.count
        if lyrics.lines.count < all {
            logger.warning(
                "\(operands[0]): only the first \(lyrics.lines.count) of \(all) lines fit in one lyrics block")
        }
        commands = [block]
    default:
        guard !operands.isEmpty else { fail("send takes one or more feed lines, e.g. tickerctl send 'title Hello'") }
        // Read the lines as the daemon will, so a typo is reported to whoever typed it.
        let (decoded, problems) = FeedCommand.decode(lines: operands)
        if let problem = problems.first { fail(problem.description) }
        commands = decoded
    }
    send(commands, feed: feed)
    return 0
}

/// Writes `commands` into the feed at `feed`, or fails saying why.
func send(_ commands: [FeedCommand], feed: String) {
    do {
        let writer = try FeedWriter(path: feed)
        try writer.send(commands)
        writer.close()
    } catch {
        fail(error.description, status: 1)
    }
}

/// `tickerctl ports`: the serial ports libserialport sees.
func runPorts() -> Int32 {
    let ports: [PortInfo]
    do { ports = try PortInfo.list() } catch { fail(error.description, status: 1) }
    if ports.isEmpty { print("no serial ports found") }
    for port in ports {
        var line = port.path
        if let address = port.usbAddress { line += "  \(address)" }
        line += "  \(port.description)"
        if let manufacturer = port.manufacturer { line += "  (\(manufacturer))" }
        print(line)
    }
    return 0
}
