import Glibc
import TickerCore
import TickerIO

/// `tickerctl panel --protocol max7219`: a chain of MAX7219 chips, as tickerd's SPI sink writes to it, read
/// from a FIFO made at `link`; each transaction (two bytes per chip) goes to the chips as the datasheet says,
/// and the LEDs are drawn here and recorded in the frames file.
func runMAX7219Panel(_ options: StripOptions, link: String?, framesPath: String?, draw: Bool) -> Int32 {
    let logger = Logger(program: "tickerctl")
    let (width, height) = (options.width, options.height)
    let settings = options.config.max7219
    guard let link else { fail("--protocol max7219 needs --link PATH: the FIFO tickerd writes to (spi:PATH)") }
    guard width % 8 == 0, height % 8 == 0 else {
        fail("--size \(width)x\(height): a MAX7219 chain is made of 8×8 modules (multiples of 8)")
    }
    let layout = settings.layout(width: width, height: height)
    if settings.chips != 0, settings.chips != layout.chips {
        fail("--max7219-chips \(settings.chips) do not make --size \(width)x\(height) (\(layout.chips) modules)")
    }
    if settings.rows != 0, settings.rows != layout.down {
        fail("--max7219-rows \(settings.rows) do not make --size \(width)x\(height) (\(layout.down) rows of modules)")
    }
    let fifo: Int32
    do {
        fifo = try makeFIFO(at: link)
    } catch {
        fail(error.description, status: 1)
    }
    defer {
        Posix.close(fifo)
        try? Posix.unlink(link)
    }
    let loop = EmulatorLoop(framesPath: framesPath)
    logger.notice(
        "max7219 \(layout.chips) chips (\(width)×\(height), \(layout.variant.rawValue)), reading the FIFO \(link)")
    let terminal = draw ? TerminalPanel() : nil
    terminal?.begin()
    defer { terminal?.end() }
    var chain = MAX7219Chain(layout: layout)
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    var transactions = 0
    var refused = 0
    var shown = chain.picture
    var shownState = describe(chain)
    loop.run(reading: fifo) {
        guard case .done(let count) = (try? Posix.read(fifo, into: &buffer, what: link)) ?? .done(0), count > 0
        else { return }
        pending += buffer[0..<count]
        var offset = 0
        while pending.count - offset >= chain.transactionBytes {
            let transaction = pending[offset..<(offset + chain.transactionBytes)]
            offset += chain.transactionBytes
            do throws(MAX7219ChainError) {
                try chain.apply(transaction)
                transactions += 1
            } catch {
                refused += 1
                loop.write("refused \(error)\n")
                continue
            }
            // A record for each change of what the LEDs show or of the chips' state, whichever transaction made it.
            let picture = chain.picture
            let state = describe(chain)
            guard picture != shown || state != shownState else { continue }
            (shown, shownState) = (picture, state)
            loop.write("max7219 after \(transactions) transactions, \(state)\n" + picture.asciiArt + "\n")
        }
        pending.removeFirst(offset)
    } draw: {
        terminal?.draw(
            shown,
            status:
                "max7219 on \(link) · \(layout.chips) chips · \(transactions) transactions, \(refused) refused · "
                + describe(chain))
    }
    return 0
}

/// The chips' state in a few words: how many run, are in display test, and their intensities.
private func describe(_ chain: MAX7219Chain) -> String {
    let running = chain.chips.filter(\.running).count
    let testing = chain.chips.filter(\.testing).count
    let intensities = Set(chain.chips.map(\.intensity)).sorted().map(String.init).joined(separator: ",")
    return "\(running) running, \(testing) in display test, intensity \(intensities)"
}

/// Makes a FIFO at `path` (or takes the one there) and opens it to read without blocking, holding a write end
/// too so that a writer closing never leaves it at end of file; refuses anything else at the path.
private func makeFIFO(at path: String) throws(SystemError) -> Int32 {
    if let existing = try Posix.lstat(path) {
        guard existing.st_mode & S_IFMT == S_IFIFO else { throw SystemError("make the FIFO", path, code: .fileExists) }
    } else {
        try Posix.mkfifo(path, mode: 0o600)
    }
    return try Posix.open(path, O_RDWR | O_NONBLOCK)
}
