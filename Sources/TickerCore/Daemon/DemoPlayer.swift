/// The built-in demo track (`DemoTrack`), played over and over: started at the machine's origin, announced to
/// the renderer at the first wake-up (the machine's `init` returns no actions), and started over at its end.
struct DemoPlayer: Sendable {
    /// The start that the renderer has not been told of yet.
    private var unannounced: Duration?

    /// Starts the track in `state` at `origin`, to be announced by `announcement()`.
    mutating func begin(_ state: inout PlayerState, at origin: Duration) {
        Self.start(&state, at: origin)
        unannounced = origin
    }

    /// The start not announced yet, once.
    mutating func announcement() -> Duration? {
        defer { unannounced = nil }
        return unannounced
    }

    /// Starts the track in `state` over at `tick` when it has played to its end; answers whether it did.
    func startOver(_ state: inout PlayerState, at tick: Duration) -> Bool {
        guard state.playbackPosition(at: tick) >= DemoTrack.duration else { return false }
        Self.start(&state, at: tick)
        return true
    }

    /// When the track in `state` ends, seen from `now`; nil while it does not play.
    func end(of state: PlayerState, after now: Duration) -> Duration? {
        state.playback == .playing ? now + (DemoTrack.duration - state.playbackPosition(at: now)) : nil
    }

    private static func start(_ state: inout PlayerState, at now: Duration) {
        for command in DemoTrack.commands { state.apply(command, at: now) }
    }
}
