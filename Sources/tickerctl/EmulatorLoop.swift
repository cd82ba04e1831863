import Glibc
import TickerCore
import TickerIO

/// What every emulator runs in (`tickerctl panel`, whatever its `--protocol`): the signals that end it, a poll
/// over its descriptors, a 30 Hz timer for drawing its picture, and the frames file its records go to. Exits with
/// status 1 when any of it cannot be set up.
final class EmulatorLoop {
    private let signals: SignalSource
    private let redraw: PeriodicTimer
    private let framesPath: String?
    private var frames: Int32 = -1
    private var record = 0

    init(framesPath: String?) {
        self.framesPath = framesPath
        do {
            signals = try SignalSource()
            redraw = try PeriodicTimer()
            try redraw.arm(intervalNanoseconds: 1_000_000_000 / 30)
            if let framesPath {
                frames = try Posix.open(framesPath, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, mode: 0o644)
            }
        } catch { fail(error.description, status: 1) }
    }

    deinit { Posix.close(frames) }

    /// Whether records are written (`--frames` was given).
    var isRecording: Bool { frames >= 0 }

    /// Appends a record: `--- N ` and `body` (which ends with a line feed).
    func write(_ body: String) {
        guard frames >= 0 else { return }
        record += 1
        try? Posix.writeAll(frames, Array("--- \(record) \(body)".utf8), what: framesPath ?? "frames")
    }

    /// Appends the record of an LED matrix's frame: `header`, then the picture as ASCII art and in colours.
    func writeLEDFrame(_ header: String, _ picture: RGBFrame) {
        guard frames >= 0 else { return }
        write(header + "\n" + StripEmulator.asciiArt(picture) + "\n" + Self.colorRows(picture))
    }

    /// A picture's pixels for the frames file: one line per row, each pixel as `RRGGBB` hex, separated by spaces.
    static func colorRows(_ picture: RGBFrame) -> String {
        (0..<picture.height).map { y in
            (0..<picture.width).map { x in String(picture[x, y].hex.dropFirst()) }.joined(separator: " ") + "\n"
        }.joined()
    }

    /// Runs `emulator` until SIGTERM or SIGINT: services it when one of its descriptors is readable, and with
    /// `draw` draws its picture here 30 times a second.
    func run(_ emulator: any Emulator, draw: Bool) {
        let terminal = draw ? TerminalPanel() : nil
        terminal?.begin()
        defer { terminal?.end() }
        let poll = { (fd: Int32) in pollfd(fd: fd, events: Int16(POLLIN), revents: 0) }
        while true {
            var entries =
                [poll(signals.fileDescriptor), poll(redraw.fileDescriptor)] + emulator.fileDescriptors.map(poll)
            _ = try? Posix.poll(&entries, timeoutMilliseconds: -1)
            if entries[0].revents != 0, signals.next() != nil { return }
            if entries.dropFirst(2).contains(where: { $0.revents != 0 }) { emulator.service(recording: self) }
            if entries[1].revents != 0, redraw.expirations() > 0, let terminal {
                terminal.draw(emulator.picture, status: emulator.status(at: Clock.now))
            }
        }
    }
}
