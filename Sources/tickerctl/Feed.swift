import TickerCore
import TickerIO

/// `tickerctl send`, `now` and `lyrics`: write feed commands into the pipe.
func runSend(_ command: String, _ arguments: [String]) -> Int32 {
    var scanner = ArgumentScanner(arguments)
    var feed = "/run/tickerd/feed"
    var operands: [String] = []
    do throws(UsageError) {
        while let argument = scanner.next() {
            switch argument {
            case "--feed": feed = try scanner.value(for: argument, expected: "the feed pipe's path")
            case "--":
                operands += scanner.remaining
                while scanner.next() != nil {}
            default: operands.append(argument)
            }
        }
    } catch {
        fail(error.description)
    }
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
    do {
        let writer = try FeedWriter(path: feed)
        try writer.send(commands)
        writer.close()
    } catch {
        fail(error.description, status: 1)
    }
    return 0
}

/// `tickerctl ports`: the serial ports libserialport sees.
func runPorts(_ arguments: [String]) -> Int32 {
    guard arguments.isEmpty else { fail("ports takes no arguments") }
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
