/// The monotonic clock everything in tickerd measures time with.
public enum Clock {
    /// Now on `CLOCK_MONOTONIC`, as a duration since an arbitrary origin (boot).
    public static var now: Duration { .nanoseconds(Posix.monotonicNanoseconds()) }

    /// Blocks the thread briefly: only for the bounded drain at shutdown, never in the event loop.
    public static func pause(milliseconds: Int) {
        Posix.sleep(milliseconds: milliseconds)
    }
}
