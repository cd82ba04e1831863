import Glibc
import TickerCore
import TickerIO

/// `tickerctl panel --protocol max7219`: a chain of MAX7219 chips, as tickerd's SPI sink writes to it, read from a
/// FIFO made at `--link`; each transaction (two bytes per chip) goes to the chips as the datasheet says, and each
/// change of what the LEDs show or of the chips' state is a record.
final class MAX7219PanelEmulator: Emulator {
    let announcement: String
    private(set) var picture: Picture
    private let link: String
    private let fifo: Int32
    private var chain: MAX7219Chain
    private var state: String
    private var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 4_096)
    private var transactions = 0
    private var refused = 0

    init(_ options: EmulatorOptions) {
        // The other kinds' options pass unread here, as they always have: no `options.refuse`.
        let (width, height) = (options.strip.width, options.strip.height)
        let settings = options.strip.config.max7219
        guard let link = options.link else {
            fail("--protocol max7219 needs --link PATH: the FIFO tickerd writes to (spi:PATH)")
        }
        let size = "--size \(width)x\(height)"
        guard width % 8 == 0, height % 8 == 0 else {
            fail("\(size): a MAX7219 chain is made of 8×8 modules (multiples of 8)")
        }
        let layout = settings.layout(width: width, height: height)
        if settings.chips != 0, settings.chips != layout.chips {
            fail("--max7219-chips \(settings.chips) do not make \(size) (\(layout.chips) modules)")
        }
        if settings.rows != 0, settings.rows != layout.down {
            fail("--max7219-rows \(settings.rows) do not make \(size) (\(layout.down) rows of modules)")
        }
        do { fifo = try makeFIFO(at: link) } catch { fail(error.description, status: 1) }
        self.link = link
        chain = MAX7219Chain(layout: layout)
        picture = Picture(width: width, height: height, depth: .one, color: false)
        state = Self.describe(chain)
        announcement =
            "max7219 \(layout.chips) chips (\(width)×\(height), \(layout.variant.rawValue)), reading the FIFO \(link)"
    }

    deinit {
        Posix.close(fifo)
        try? Posix.unlink(link)
    }

    var fileDescriptors: [Int32] { [fifo] }

    func service(recording frames: EmulatorLoop) {
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
                frames.write("refused \(error)\n")
                continue
            }
            // A record for each change of what the LEDs show or of the chips' state, whichever transaction made it.
            let shown = chain.picture
            let shownState = Self.describe(chain)
            guard shown != picture.frame || shownState != state else { continue }
            (picture.frame, state) = (shown, shownState)
            frames.write("max7219 after \(transactions) transactions, \(state)\n" + shown.asciiArt + "\n")
        }
        pending.removeFirst(offset)
    }

    func status(at now: Duration) -> String {
        "max7219 on \(link) · \(chain.layout.chips) chips · \(transactions) transactions, \(refused) refused · "
            + Self.describe(chain)
    }

    /// The chips' state in a few words: how many run, are in display test, and their intensities.
    private static func describe(_ chain: MAX7219Chain) -> String {
        let running = chain.chips.filter(\.running).count
        let testing = chain.chips.filter(\.testing).count
        let intensities = Set(chain.chips.map(\.intensity)).sorted().map(String.init).joined(separator: ",")
        return "\(running) running, \(testing) in display test, intensity \(intensities)"
    }
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
