
/// A periodic timer on `CLOCK_MONOTONIC` (a `timerfd`): readable when it has fired.
public final class PeriodicTimer {
    /// The descriptor to poll.
    public let fileDescriptor: Int32

    /// Creates a disarmed timer (`timerfd_create`).
    public init() throws(SystemError) {
        fileDescriptor = try Posix.monotonicTimer()
    }

    deinit { Posix.close(fileDescriptor) }

    /// Fires every `intervalNanoseconds`, first after `firstNanoseconds` (`timerfd_settime`).
    public func arm(intervalNanoseconds: Int64, firstNanoseconds: Int64? = nil) throws(SystemError) {
        try Posix.armTimer(
            fileDescriptor, firstNanoseconds: firstNanoseconds ?? intervalNanoseconds, intervalNanoseconds: intervalNanoseconds)
    }

    /// Stops the timer.
    public func disarm() throws(SystemError) {
        try Posix.armTimer(fileDescriptor, firstNanoseconds: 0, intervalNanoseconds: 0)
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
