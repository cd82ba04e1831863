import TickerCore
import TickerIO

/// One kind of player, as the runner drives it: how to connect, what to poll once connected, and what a
/// readiness (or the end of a wait) gives. The runner does the rest every follower shares: the feed, the
/// back-off and its log line, the stop request, the lyrics arriving from the server meanwhile.
///
/// The follower value lives as long as the run (what outlives a connection, such as shairport-sync's track,
/// is kept in it); a `Session` lives as long as one connection.
protocol Follower {
    /// What one connection holds (a socket, a pipe, a child process) and what it has learnt.
    associatedtype Session

    /// Whether a player that went away leaves a stopped clock on the feed (its state is unknown now); false
    /// where the track outlives the connection.
    static var lostStopsClock: Bool { get }

    /// Whether a connection counts as a recovery as soon as it is made (false: the session says so itself,
    /// with `FollowerRunner.recovered()`, once the player has reported).
    static var connectingRecovers: Bool { get }

    /// The line logged when a try failed with a problem that is news, before waiting `delay`.
    func retryLine(for problem: String, delay: Duration, retry: Retry) -> String

    /// Before the first connection.
    mutating func begin(_ runner: FollowerRunner)

    /// Connects to the player (blocking within its own timeouts, stopping early for a stop request).
    mutating func connect(_ runner: FollowerRunner) throws(FollowerEnd) -> Session

    /// Once connected: what to send first and publish.
    mutating func start(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd)

    /// What to poll next, and until when.
    mutating func poll(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) -> FollowerWait

    /// What the wait gave: descriptors ready, or its deadline (or the feed's retry) come.
    mutating func ready(_ readiness: FollowerReadiness, in session: inout Session, _ runner: FollowerRunner)
        throws(FollowerEnd)

    /// The connection ends (for any reason): release what it holds.
    mutating func close(_ session: inout Session, _ runner: FollowerRunner)
}

extension Follower {
    static var lostStopsClock: Bool { true }

    static var connectingRecovers: Bool { true }

    func retryLine(for problem: String, delay: Duration, retry: Retry) -> String {
        "\(problem); retrying (every \(retry.backoff.maximum.logDescription) at most)"
    }

    mutating func begin(_ runner: FollowerRunner) {}

    mutating func start(_ session: inout Session, _ runner: FollowerRunner) throws(FollowerEnd) {}

    mutating func close(_ session: inout Session, _ runner: FollowerRunner) {}
}

/// What a follower waits for next: descriptors to poll (beside the signals and the lyrics server's wake,
/// which the runner adds) and an instant on its clock to be woken at.
struct FollowerWait {
    /// The descriptors and their events; their `revents` come back in `FollowerReadiness.ready`.
    var entries: [Posix.PollEntry]
    /// When to be woken with `.timeout` although nothing is ready; nil for never.
    var deadline: Duration?

    /// A wait on `entries` until `deadline`.
    init(_ entries: [Posix.PollEntry], until deadline: Duration? = nil) {
        self.entries = entries
        self.deadline = deadline
    }
}

/// What a wait gave.
enum FollowerReadiness: Equatable {
    /// Some descriptors are ready: the `revents` of each entry of the `FollowerWait`, in order.
    case ready([Int16])
    /// The deadline, or the feed's retry, has come.
    case timeout
}

/// How a connection attempt or a session ended.
enum FollowerEnd: Error, Equatable {
    /// SIGTERM or SIGINT arrived.
    case stopped
    /// The connection ended and is made again at once; `warning` is logged when there is one, and with
    /// `stopsClock` the feed is told that nothing plays.
    case reconnect(warning: String?, stopsClock: Bool)
    /// A try failed with `problem`: logged once per change of trouble, then waited out with back-off.
    case failed(String)
}
