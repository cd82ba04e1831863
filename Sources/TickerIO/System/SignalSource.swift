import Glibc

/// SIGTERM, SIGINT and SIGHUP delivered through a descriptor instead of handlers, so an event loop reads them
/// like any other input: the process's signals through a `signalfd`, or signal numbers written into a
/// `SignalPipe` (a stop asked for by another thread, a test standing in for the process's signals).
package final class SignalSource {
    /// The descriptor to poll for `POLLIN`.
    package let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    private let isPipe: Bool
    private var stopped = false

    /// Blocks the lifecycle signals for the process (call it before threads start), ignores SIGPIPE and opens
    /// a `signalfd` for them (`clinux_signalfd_for_lifecycle`).
    package init() throws(SystemError) {
        fileDescriptor = try Posix.lifecycleSignals()
        ownsDescriptor = true
        isPipe = false
    }

    /// Reads the signal numbers sent into `pipe`; the pipe keeps its descriptors.
    package init(pipe: SignalPipe) {
        fileDescriptor = pipe.readDescriptor
        ownsDescriptor = false
        isPipe = true
    }

    deinit {
        if ownsDescriptor { Posix.close(fileDescriptor) }
    }

    /// The next pending signal number, or nil when none is pending.
    package func next() -> Int32? {
        guard isPipe else { return Posix.nextSignal(fileDescriptor) }
        var signal: Int32 = 0
        let result = withUnsafeMutableBytes(of: &signal) { raw in
            try? Posix.read(fileDescriptor, into: raw, what: "signal pipe")
        }
        guard case .done(MemoryLayout<Int32>.size) = result else { return nil }
        return signal
    }

    /// Whether SIGTERM or SIGINT has arrived: reads every pending signal (dropping the others, such as SIGHUP).
    /// Once true, stays true.
    package var stopRequested: Bool {
        while !stopped, let signal = next() {
            if signal == SIGTERM || signal == SIGINT { stopped = true }
        }
        return stopped
    }

    /// What a bounded wait ended with.
    package enum WaitOutcome: Equatable, Sendable {
        /// The descriptor has the events in `revents`.
        case ready(revents: Int16)
        /// The timeout passed.
        case timeout
        /// SIGTERM or SIGINT arrived.
        case stopped
    }

    /// Waits up to `timeout` (nil: forever) for `events` on `descriptor` (only for a stop when it is nil), or
    /// until SIGTERM or SIGINT arrives (`poll(2)` on both).
    package func wait(for events: Int16, on descriptor: Int32?, timeout: Duration?) -> WaitOutcome {
        let deadline = timeout.map { Clock.now + $0 }
        while true {
            if stopRequested { return .stopped }
            var entries = [pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)]
            if let descriptor { entries.append(pollfd(fd: descriptor, events: events, revents: 0)) }
            let remaining = deadline.map { max($0 - Clock.now, .zero).pollMilliseconds } ?? -1
            let count: Int
            do {
                count = try Posix.poll(&entries, timeoutMilliseconds: remaining)
            } catch {
                return .timeout
            }
            if entries[0].revents != 0, stopRequested { return .stopped }
            if entries.count > 1, entries[1].revents != 0 { return .ready(revents: entries[1].revents) }
            if let deadline, count == 0 || Clock.now >= deadline { return .timeout }
        }
    }
}

/// A pipe that carries signal numbers to a `SignalSource(pipe:)`, from any thread. A value: copies share the
/// pipe. Whoever made it calls `close()` once, after every source reading it is gone.
package struct SignalPipe: Sendable {
    /// The reading end (non-blocking).
    package let readDescriptor: Int32
    /// The writing end (non-blocking).
    package let writeDescriptor: Int32

    /// Opens the pipe (`pipe(2)`, both ends close-on-exec and non-blocking).
    package init() throws(SystemError) {
        (readDescriptor, writeDescriptor) = try Posix.pipe()
        try Posix.setNonBlocking(readDescriptor, what: "signal pipe")
        try Posix.setNonBlocking(writeDescriptor, what: "signal pipe")
    }

    /// Delivers `signal` (e.g. `SIGTERM`) to the sources reading the pipe.
    package func send(_ signal: Int32) {
        var number = signal
        _ = withUnsafeBytes(of: &number) { try? Posix.write(writeDescriptor, $0, what: "signal pipe") }
    }

    /// Closes both ends.
    package func close() {
        Posix.close(readDescriptor)
        Posix.close(writeDescriptor)
    }
}
