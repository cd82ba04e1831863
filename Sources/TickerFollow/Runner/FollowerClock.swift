import TickerIO

/// The clock a follower and its runner read: monotonic time as a `Duration` since an arbitrary origin.
/// Injected, so that nothing below the runner reads the system clock itself and a test can hand in a manual
/// one.
package struct FollowerClock: Sendable {
    private let read: @Sendable () -> Duration

    /// A clock that reads `read` for the time.
    package init(_ read: @escaping @Sendable () -> Duration) {
        self.read = read
    }

    /// `CLOCK_MONOTONIC`: the clock of every follower outside the tests.
    package static let monotonic = FollowerClock { Clock.now }

    /// Now.
    package var now: Duration { read() }
}
