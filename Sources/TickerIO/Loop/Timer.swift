/// A periodic timer on `CLOCK_MONOTONIC` (a `timerfd`): readable when it has fired.
package final class PeriodicTimer {
    /// The descriptor to poll.
    package let fileDescriptor: Int32

    /// Creates a disarmed timer (`timerfd_create`).
    package init() throws(SystemError) {
        fileDescriptor = try Posix.monotonicTimer()
    }

    deinit { Posix.close(fileDescriptor) }

    /// Fires every `intervalNanoseconds`, first after `firstNanoseconds` (`timerfd_settime`).
    package func arm(intervalNanoseconds: Int64, firstNanoseconds: Int64? = nil) throws(SystemError) {
        try Posix.armTimer(
            fileDescriptor, firstNanoseconds: firstNanoseconds ?? intervalNanoseconds,
            intervalNanoseconds: intervalNanoseconds)
    }

    /// Stops the timer.
    package func disarm() throws(SystemError) {
        try Posix.armTimer(fileDescriptor, firstNanoseconds: 0, intervalNanoseconds: 0)
    }

    /// How many times it fired since the last call (0 when it has not).
    package func expirations() -> UInt64 {
        var count: UInt64 = 0
        let result = withUnsafeMutableBytes(of: &count) { raw in
            try? Posix.read(fileDescriptor, into: raw, what: "timerfd")
        }
        if case .done(8) = result { return count }
        return 0
    }
}

/// A one-shot timer on `CLOCK_MONOTONIC` (a `timerfd` armed at an absolute instant): readable once that
/// instant has come. Armed at instants of `Clock.now`, so a late wake-up never shifts the next one.
package final class DeadlineTimer {
    /// The descriptor to poll.
    package let fileDescriptor: Int32
    /// The instant it is armed for, or nil when disarmed or already fired.
    package private(set) var deadline: Duration?

    /// Creates a disarmed timer (`timerfd_create`).
    package init() throws(SystemError) {
        fileDescriptor = try Posix.monotonicTimer()
    }

    deinit { Posix.close(fileDescriptor) }

    /// Fires once at `instant` on `Clock.now`'s clock, at once if it has passed (`timerfd_settime` with
    /// `TFD_TIMER_ABSTIME`, rounded up to the nanosecond). Re-arming for the instant already set costs nothing.
    package func arm(at instant: Duration) throws(SystemError) {
        guard instant != deadline else { return }
        let (seconds, attoseconds) = instant.components
        let nanoseconds = seconds * 1_000_000_000 + (attoseconds + 999_999_999) / 1_000_000_000
        try Posix.armTimer(fileDescriptor, atNanoseconds: nanoseconds)
        deadline = instant
    }

    /// Stops the timer.
    package func disarm() throws(SystemError) {
        try Posix.armTimer(fileDescriptor, firstNanoseconds: 0, intervalNanoseconds: 0)
        deadline = nil
    }

    /// Takes note that poll found it readable, without reading it: the next `arm` resets the expiry count
    /// (`timerfd_settime` does), which saves a `read` per wake-up.
    package func expired() {
        deadline = nil
    }

    /// Whether it fired since the last call; consumes the expiry.
    package func fired() -> Bool {
        var count: UInt64 = 0
        let result = withUnsafeMutableBytes(of: &count) { raw in
            try? Posix.read(fileDescriptor, into: raw, what: "timerfd")
        }
        guard case .done(8) = result, count > 0 else { return false }
        deadline = nil
        return true
    }
}
