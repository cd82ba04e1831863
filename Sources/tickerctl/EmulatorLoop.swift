import Glibc
import TickerIO

/// What both emulators (`tickerctl panel`, with or without `--protocol`) run: the signals that end them, a
/// 30 Hz timer for drawing, and the frames file their records go to. Exits with status 1 when any of it
/// cannot be set up.
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
        } catch {
            fail(error.description, status: 1)
        }
    }

    deinit {
        Posix.close(frames)
    }

    /// Whether records are written (`--frames` was given).
    var isRecording: Bool { frames >= 0 }

    /// Appends a record: `--- N ` and `body` (which ends with a line feed).
    func write(_ body: String) {
        guard frames >= 0 else { return }
        record += 1
        try? Posix.writeAll(frames, Array("--- \(record) \(body)".utf8), what: framesPath ?? "frames")
    }

    /// Runs until SIGTERM or SIGINT: `input` when the emulator's `descriptor` is readable, `draw` 30 times a
    /// second.
    func run(reading descriptor: Int32, input: () -> Void, draw: () -> Void) {
        var entries = [pollfd](repeating: pollfd(), count: 3)
        while true {
            entries[0] = pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0)
            entries[1] = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            entries[2] = pollfd(fd: redraw.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = try? Posix.poll(&entries, timeoutMilliseconds: -1)
            if entries[0].revents != 0, signals.next() != nil { return }
            if entries[1].revents != 0 { input() }
            if entries[2].revents != 0, redraw.expirations() > 0 { draw() }
        }
    }
}
