/// The monotonic clock everything in tickerd measures time with, and the wall clock for what must be
/// understood by another process or after a reboot.
package enum Clock {
    /// Now on `CLOCK_MONOTONIC`, as a duration since an arbitrary origin (boot).
    package static var now: Duration { .nanoseconds(Posix.monotonicNanoseconds()) }

    /// Now on `CLOCK_REALTIME`, as a duration since the Unix epoch. It may jump when the clock is set.
    package static var wallNow: Duration { .nanoseconds(Posix.realtimeNanoseconds()) }

    /// Blocks the thread briefly: only for the bounded drain at shutdown, never in the event loop.
    package static func pause(milliseconds: Int) {
        Posix.sleep(milliseconds: milliseconds)
    }
}
