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
            case "--": operands += scanner.remaining; while scanner.next() != nil {}
            default: operands.append(argument)
            }
        }
    } catch {
        fail(error.description)
    }
    var lines: [String] = []
    switch command {
    case "now":
        guard operands.count == 2 else { fail("now takes ARTIST TITLE (got \(operands.count) arguments)") }
        lines = ["artist \(operands[0])", "title \(operands[1])", "position 0", "play"]
    case "lyrics":
        guard operands.count == 1 else { fail("lyrics takes one .lrc file") }
        let bytes: [UInt8]
        do { bytes = try Posix.readFile(operands[0], limit: 1 << 20) } catch { fail(error.description, status: 1) }
        let lyrics = Lyrics.parse(String(decoding: bytes, as: UTF8.self))
        let logger = Logger(program: "tickerctl")
        for warning in lyrics.warnings.prefix(20) { logger.warning("\(operands[0]): \(warning)") }
        guard !lyrics.lines.isEmpty else { fail("\(operands[0]): no timed lyric lines", status: 1) }
        lines = ["lyrics begin"] + Lyrics.encode(lyrics).split(separator: "\n").map(String.init) + ["lyrics end"]
    default:
        guard !operands.isEmpty else { fail("send takes one or more feed lines, e.g. tickerctl send 'title Hello'") }
        // Check the commands here, so a typo is reported to whoever typed it.
        var inLyrics = false
        for line in operands {
            if inLyrics {
                if line == "lyrics end" { inLyrics = false }
                continue
            }
            if line == "lyrics begin" { inLyrics = true; continue }
            do { _ = try FeedCommand.parse(line) } catch { fail("'\(line)': \(error)") }
        }
        lines = operands
    }
    do {
        let writer = try FeedWriter(path: feed)
        try writer.send(lines)
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
