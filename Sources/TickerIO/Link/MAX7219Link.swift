import Glibc
import TickerCore

/// The sink for a chain of MAX7219 LED modules wired straight to a Raspberry Pi's SPI pins: opens the spidev
/// device (and reopens it forever when it cannot be opened: no SPI overlay yet, no permission, another
/// process holding it), sets SPI mode 0 and the clock, sets every chip up and then sends, for each frame, only
/// the digit rows that changed, and sets the chips up again every few seconds. Each transaction is one
/// `write(2)`: on spidev one write is one SPI transfer with chip-select held low for all of it, and the chips
/// latch their words when it rises. The same sink writes to a FIFO for the emulator (the SPI settings then do
/// not apply, and a full FIFO drops the frame and sets the chips up again). All calls from the event loop.
package final class MAX7219Link: FrameSink {
    /// The device's path (`/dev/spidev0.0`, or the emulator's FIFO).
    package let path: String
    /// The SPI clock in hertz.
    package let speedHz: Int
    /// The connection state machine.
    package private(set) var machine: MAX7219LinkMachine
    /// Counters.
    package private(set) var statistics = LinkStatistics()
    /// Transactions (one `write(2)` each) of the last frame sent, the set-up included.
    package private(set) var lastWrites = 0

    private var encoder: MAX7219Encoder
    private let logger: Logger
    /// The open device, or -1.
    private var descriptor: Int32 = -1
    /// Whether the device is a FIFO (the emulator): then it is polled for the reader going away.
    private var isFIFO = false
    /// A transaction of this frame did not go out: the rest are not sent.
    private var failed = false
    private var brightness: UInt8 = 255

    /// A link to the chain `layout` describes on `path`, clocked at `speedHz`, set up again every
    /// `reinitialiseEvery`; nothing is opened until `service`.
    package init(
        path: String, layout: MAX7219Layout, speedHz: Int, reinitialiseEvery: Duration,
        retry: RetryPolicy = RetryPolicy(), logger: Logger
    ) {
        self.path = path
        self.speedHz = speedHz
        self.logger = logger
        encoder = MAX7219Encoder(layout: layout)
        machine = MAX7219LinkMachine(reinitialiseEvery: reinitialiseEvery, retry: retry)
    }

    deinit { close() }

    /// The chain's layout.
    package var layout: MAX7219Layout { encoder.layout }

    /// A FIFO's descriptor, to notice its reader going away; -1 for an spidev device, which cannot be polled.
    package var fileDescriptor: Int32 { isFIFO ? descriptor : -1 }

    /// The instant the link next needs `service` though the picture has not changed: a retry, or the next
    /// set-up of the chips.
    package var nextDeadline: Duration { machine.nextDeadline }

    /// Whether the device is open and the chips set up.
    package var isStreaming: Bool { descriptor >= 0 && machine.initialisedAt != nil }

    /// A one-line description of the link for systemd's STATUS=.
    package var status: String {
        guard descriptor >= 0 else { return "waiting for spi:\(path)" }
        return "driving \(layout.chips) MAX7219 chips on \(path)" + (isFIFO ? "" : " at \(speedHz) Hz")
    }

    /// Sets the brightness (0–255) of the next frames: the chips' intensity step.
    package func setBrightness(_ level: UInt8) {
        brightness = level
    }

    /// Warns when every row of every frame at `framesPerSecond` would not fit the SPI clock.
    package func startupWarnings(framesPerSecond: Int) -> [String] {
        let bitsPerSecond = 8 * encoder.transactionBytes * 8 * framesPerSecond
        guard bitsPerSecond > speedHz else { return [] }
        return [
            "a MAX7219 frame whose every row changes is 8 transactions of \(encoder.transactionBytes) bytes; at "
                + "\(framesPerSecond) fps that is \(bitsPerSecond) bits/s, more than max7219.spi-speed "
                + "\(speedHz) Hz carries (set spi-speed to at least \(bitsPerSecond))"
        ]
    }

    /// Does what the link needs at `now` with `picture` to show: open the device, set the chips up (on open
    /// and every few seconds) and send every row, or send the rows that changed.
    package func service(_ picture: Picture, at now: Duration) {
        switch machine.next(at: now) {
        case .idle:
            return
        case .open:
            open(at: now)
            if machine.next(at: now) == .initialise { send(picture, initialising: true, at: now) }
        case .initialise:
            send(picture, initialising: true, at: now)
        case .frame:
            send(picture, initialising: false, at: now)
        }
    }

    private func open(at now: Duration) {
        do throws(SystemError) {
            let fd = try Posix.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY)
            do throws(SystemError) {
                guard try Posix.lockExclusively(fd, what: path) else {
                    throw SystemError("lock", path, code: .busy)
                }
                isFIFO = try Posix.fstat(fd, what: path).st_mode & S_IFMT == S_IFIFO
                do {
                    try Posix.configureSPI(fd, speedHz: speedHz, what: path)
                } catch  where error.code == .notATerminal {
                    // Not an SPI device (the emulator's FIFO): the bytes are the same.
                }
            } catch {
                Posix.close(fd)
                throw error
            }
            descriptor = fd
            machine.opened(at: now)
            statistics.connections += 1
            logger.notice(
                "MAX7219 chain of \(layout.chips) chips (\(layout.width)×\(layout.height), "
                    + "\(layout.variant.rawValue)) connected on \(path)" + (isFIFO ? "" : " at \(speedHz) Hz"))
        } catch {
            if machine.openFailed(at: now, because: error.description) {
                logger.warning("MAX7219 chain not available: \(error); retrying")
            }
        }
    }

    private func send(_ picture: Picture, initialising: Bool, at now: Duration) {
        guard descriptor >= 0 else { return }
        failed = false
        lastWrites = 0
        if initialising {
            encoder.initialise(brightness: brightness) { write($0, at: now) }
            if !failed { machine.initialised(at: now) }
        }
        let rows = encoder.encode(picture.frame, brightness: brightness) { write($0, at: now) }
        guard !failed else {
            // What the chips show is no longer known: set them up again and send every row at the next frame.
            statistics.framesSkipped += 1
            machine.lostStep()
            return
        }
        if rows == 0 && !initialising {
            statistics.framesUnchanged += 1
            return
        }
        statistics.framesSent += 1
        if initialising { statistics.fullFrames += 1 }
    }

    /// Writes one transaction as one `write(2)`; after a failure in this frame, nothing more.
    private func write(_ transaction: [UInt8], at now: Duration) {
        guard !failed, descriptor >= 0 else { return }
        do {
            // A transaction is at most 512 bytes, within PIPE_BUF: a FIFO takes it whole or not at all.
            if case .done(let count) = try Posix.write(descriptor, transaction, from: 0, what: path),
                count == transaction.count
            {
                statistics.bytesSent += count
                lastWrites += 1
                return
            }
            failed = true
        } catch {
            failed = true
            lose(at: now, reason: error.description)
        }
    }

    private func lose(at now: Duration, reason: String) {
        guard descriptor >= 0 else { return }
        Posix.close(descriptor)
        descriptor = -1
        isFIFO = false
        machine.lost(at: now)
        logger.warning("MAX7219 chain on \(path) lost (\(reason)); waiting for it to return")
    }

    /// Nothing to read: the chips never answer.
    package func readReplies(at now: Duration) {}

    /// The FIFO's reader went away: close it now.
    package func hangUp(at now: Duration) {
        lose(at: now, reason: "the reader closed the FIFO")
    }

    /// For `.blank`, darkens every row and shuts every chip down; `.release` leaves the chips showing the
    /// last picture (there is nothing to hand them back to). The writes go out at once: `timeout` is not
    /// needed.
    package func finish(_ action: Config.ExitAction, timeout: Duration) {
        guard descriptor >= 0, action == .blank else { return }
        failed = false
        encoder.blank { write($0, at: Clock.now) }
    }

    /// Closes the device for good (shutdown, or a reload that changed the device).
    package func close() {
        Posix.close(descriptor)
        descriptor = -1
    }
}
