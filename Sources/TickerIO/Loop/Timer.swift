import CLinux

/// A periodic timer on `CLOCK_MONOTONIC` (a `timerfd`): readable when it has fired.
public final class PeriodicTimer {
    /// The descriptor to poll.
    public let fileDescriptor: Int32

    /// Creates a disarmed timer (`timerfd_create`).
    public init() throws(SystemError) {
        let fd = clinux_timerfd_create_monotonic()
        guard fd >= 0 else { throw SystemError("timerfd_create") }
        fileDescriptor = fd
    }

    deinit { Posix.close(fileDescriptor) }

    /// Fires every `intervalNanoseconds`, first after `firstNanoseconds` (`timerfd_settime`).
    public func arm(intervalNanoseconds: Int64, firstNanoseconds: Int64? = nil) throws(SystemError) {
        guard clinux_timerfd_arm(fileDescriptor, firstNanoseconds ?? intervalNanoseconds, intervalNanoseconds) == 0
        else { throw SystemError("timerfd_settime") }
    }

    /// Stops the timer.
    public func disarm() throws(SystemError) {
        guard clinux_timerfd_arm(fileDescriptor, 0, 0) == 0 else { throw SystemError("timerfd_settime") }
    }

    /// How many times it fired since the last call (0 when it has not).
    public func expirations() -> UInt64 {
        var count: UInt64 = 0
        let result = withUnsafeMutableBytes(of: &count) { raw in
            try? Posix.read(fileDescriptor, into: raw, what: "timerfd")
        }
        if case .done(8) = result { return count }
        return 0
    }
}

/// SIGTERM, SIGINT and SIGHUP delivered through a `signalfd` instead of handlers, so the event loop reads
/// them like any other input. Creating it blocks those signals for the process (call it before threads start)
/// and ignores SIGPIPE.
public final class SignalSource {
    /// The descriptor to poll.
    public let fileDescriptor: Int32

    /// Blocks the lifecycle signals and opens a `signalfd` for them.
    public init() throws(SystemError) {
        let fd = clinux_signalfd_for_lifecycle()
        guard fd >= 0 else { throw SystemError("signalfd") }
        fileDescriptor = fd
    }

    deinit { Posix.close(fileDescriptor) }

    /// The next pending signal number, or nil when none is pending.
    public func next() -> Int32? {
        let signal = clinux_signalfd_read(fileDescriptor)
        return signal > 0 ? signal : nil
    }
}
