// The fuzz build compiles these sources without the C shim; only the signalfd needs it.
#if canImport(CLinux)
import CLinux
#endif
import Glibc

/// A descriptor that becomes readable when a follower must stop: the process's SIGTERM/SIGINT
/// (through a signalfd) or an in-process request (through a pipe). Followers poll it beside their
/// own descriptors, so a stop interrupts any wait at once.
public final class StopSignal: @unchecked Sendable {
    /// Why a stop signal could not be set up.
    public struct SetupError: Error, CustomStringConvertible, Sendable {
        /// The failing call.
        public var operation: String
        /// `errno` as returned.
        public var errno: Int32
        /// A sentence naming the call and the cause.
        public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
    }

    /// The descriptor to poll for `POLLIN`.
    let descriptor: Int32
    private let triggerDescriptor: Int32
    private let isSignalFD: Bool
    // Written only by the thread that runs the follower.
    private var requested = false

    private init(descriptor: Int32, triggerDescriptor: Int32, isSignalFD: Bool) {
        self.descriptor = descriptor
        self.triggerDescriptor = triggerDescriptor
        self.isSignalFD = isSignalFD
    }

    deinit {
        close(descriptor)
        if triggerDescriptor >= 0 { close(triggerDescriptor) }
    }

    /// Blocks SIGTERM, SIGINT and SIGHUP in the calling thread and delivers the first two through a
    /// signalfd (`clinux_signalfd_for_lifecycle`); SIGHUP is read and ignored. Call it before starting
    /// any other thread so the signals are blocked everywhere.
    public static func lifecycleSignals() throws(SetupError) -> StopSignal {
        #if canImport(CLinux)
        let fd = clinux_signalfd_for_lifecycle()
        guard fd >= 0 else { throw SetupError(operation: "signalfd", errno: errno) }
        return StopSignal(descriptor: fd, triggerDescriptor: -1, isSignalFD: true)
        #else
        throw SetupError(operation: "signalfd", errno: ENOSYS)
        #endif
    }

    /// A stop signal triggered by calling `request()`, from any thread.
    public static func manual() throws(SetupError) -> StopSignal {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SetupError(operation: "pipe", errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        return StopSignal(descriptor: fds[0], triggerDescriptor: fds[1], isSignalFD: false)
    }

    /// Asks the follower to stop (for `manual()` signals; a no-op for signalfd ones).
    public func request() {
        guard triggerDescriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(triggerDescriptor, &byte, 1)
    }

    /// Whether a stop was requested; reads pending signals without blocking.
    public var isRequested: Bool {
        if requested { return true }
        if isSignalFD {
            while true {
                #if canImport(CLinux)
                let signal = clinux_signalfd_read(descriptor)
                #else
                let signal: Int32 = 0
                #endif
                if signal <= 0 { break }
                if signal == SIGTERM || signal == SIGINT { requested = true }
            }
        } else {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            requested = poll(&entry, 1, 0) > 0
        }
        return requested
    }
}

/// What a bounded wait on one descriptor ended with.
enum WaitOutcome: Equatable {
    /// The descriptor has the events in `revents`.
    case ready(revents: Int16)
    /// The timeout passed.
    case timeout
    /// A stop was requested.
    case stopped
}

extension StopSignal {
    /// Waits up to `timeoutMillis` (negative: forever) for `events` on `fd` (or only for the stop when
    /// `fd` is negative).
    func wait(for events: Int16, on fd: Int32, timeoutMillis: Int32) -> WaitOutcome {
        let deadline = MonotonicClock.now() + Double(max(timeoutMillis, 0)) / 1000
        while true {
            if isRequested { return .stopped }
            var entries = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: fd, events: events, revents: 0),
            ]
            var remaining = timeoutMillis
            if timeoutMillis >= 0 {
                remaining = Int32(max(0, ((deadline - MonotonicClock.now()) * 1000).rounded(.up)))
            }
            let count = poll(&entries, fd >= 0 ? 2 : 1, remaining)
            if count < 0 {
                if errno == EINTR { continue }
                return .timeout
            }
            if entries[0].revents != 0, isRequested { return .stopped }
            if fd >= 0, entries[1].revents != 0 { return .ready(revents: entries[1].revents) }
            if count == 0 || (timeoutMillis >= 0 && MonotonicClock.now() >= deadline) { return .timeout }
        }
    }
}

/// Seconds on `CLOCK_MONOTONIC`.
enum MonotonicClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// Retry delays that double from `initial` up to `maximum` seconds, and start over after a success.
struct Backoff {
    let initial: Double
    let maximum: Double
    private(set) var next: Double

    init(initial: Double = 0.5, maximum: Double = 5) {
        self.initial = initial
        self.maximum = maximum
        next = initial
    }

    /// The delay to wait now; the following one is twice as long, up to `maximum`.
    mutating func take() -> Double {
        let delay = next
        next = min(next * 2, maximum)
        return delay
    }

    mutating func reset() {
        next = initial
    }
}
