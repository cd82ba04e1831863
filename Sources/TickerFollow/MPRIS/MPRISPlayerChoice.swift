/// Which MPRIS player the follower shows, from what playerctl says about each of them.
///
/// `playerctl --follow` reports whichever player changed last, so a stopped player that merely repeats its
/// state (shairport-sync's, on the system bus) would take the panel from one that plays. Without a
/// `--player` list the choice prefers the player that plays, and stays with it while it plays: a playing
/// player before a paused one, a paused one before a stopped one, any with a track before one without.
/// When a report cannot settle it — another player reported a new track or state while the followed one is
/// the better, which is also what playerctl prints when the followed one has just gone — the follower asks
/// every player once (`playerctl --all-players`) and `answered` decides.
///
/// It also catches what playerctl gets wrong. The report that announces a player's new track carries the old
/// track's position (playerctl prints it before it resets its cached position), so that position is
/// unknown until the next report. And a playerctl that missed a player's change when the player appeared
/// keeps reporting the old state from its cache: once an answer showed another track, `--follow` reports of
/// the old one are not passed on, and if they still come `stuckSeconds` later the outcome says `stuck`, and
/// the follower starts a new playerctl.
///
/// Pure: no I/O; time comes in as a parameter.
package struct MPRISPlayerChoice: Sendable {
    /// What a report or an answer changes.
    package struct Outcome: Equatable, Sendable {
        /// What the feed should hear about the followed player; nil when nothing new.
        package var snapshot: PlayerSnapshot?
        /// Whether another player is followed now (what the feed was told about the old one does not apply).
        package var switched: Bool
        /// Whether every player should be asked for its state; the answer goes to `answered(_:since:now:)`.
        package var ask: Bool
        /// Whether the `--follow` output is stuck on an old state (see above); the report is not passed on.
        package var stuck = false
    }

    /// How long (seconds) `--follow` may go on reporting a track older than an answer showed.
    package static let stuckSeconds = 2.0

    /// Whether the choice is the follower's (prefer the player that plays) rather than playerctl's (a
    /// `--player` list, whose order playerctl keeps).
    package let prefersPlaying: Bool
    /// The player followed, as playerctl names its instance; nil before the first report and once the last
    /// player has gone.
    package private(set) var followed: String?

    private struct Entry: Sendable {
        var snapshot: PlayerSnapshot
        /// The number of the report that told it, or the ask whose answer told it.
        var sequence: Int
    }

    private var players: [String: Entry] = [:]
    /// Each player's track in its last report through `--follow`, which decides whether a report
    /// announces a new track (answers do not count: they come from another playerctl).
    private var reportedTracks: [String: Track?] = [:]
    private var reports = 0
    private var lastReporter: String?
    /// A player whose `--follow` reports showed an older track than an answer did, that track, and when.
    private var doubt: (player: String, track: Track?, since: Duration)?

    /// A choice that has heard of no player yet.
    package init(prefersPlaying: Bool) {
        self.prefersPlaying = prefersPlaying
    }

    /// What is known of the followed player (its last report or answer).
    package var followedSnapshot: PlayerSnapshot? { followed.flatMap { players[$0]?.snapshot } }

    /// The number to give `answered(_:since:now:)` for an ask started now.
    package var askSequence: Int { reports }

    /// Whether the followed player could go away without the `--follow` output saying so: playerctl reports
    /// there only the player that changed last, and that is another one. The follower then asks now and then.
    package var needsWatching: Bool { prefersPlaying && followed != nil && lastReporter != followed }

    /// Takes `snapshot`, what `--follow` reported about `player` at monotonic time `now`.
    package mutating func reported(_ player: String, _ snapshot: PlayerSnapshot, now: Duration) -> Outcome {
        if let doubt, doubt.player == player {
            guard !FeedPlanner.sameTrack(doubt.track, snapshot.track) else {
                // Older than what an answer showed: not passed on, and stuck once it lasts.
                return Outcome(
                    snapshot: nil, switched: false, ask: false, stuck: now - doubt.since >= .seconds(Self.stuckSeconds))
            }
            self.doubt = nil
        }
        var snapshot = snapshot
        if let previous = reportedTracks[player], !FeedPlanner.sameTrack(previous, snapshot.track) {
            snapshot.position = nil
        }
        reportedTracks.updateValue(snapshot.track, forKey: player)
        let known = players[player]?.snapshot
        reports += 1
        players[player] = Entry(snapshot: snapshot, sequence: reports)
        lastReporter = player
        guard prefersPlaying else {
            let switched = followed != player
            followed = player
            return Outcome(snapshot: snapshot, switched: switched, ask: false)
        }
        guard let current = followed, let shown = players[current] else {
            // The first report names the player that changed last, not the one that plays: the answer decides.
            followed = player
            return Outcome(snapshot: nil, switched: false, ask: true)
        }
        if current == player {
            // It stopped playing while another one played when last heard of: does that one still play?
            let outranked = players.contains { $0.key != player && Self.rank($0.value.snapshot) > Self.rank(snapshot) }
            return Outcome(snapshot: snapshot, switched: false, ask: outranked)
        }
        guard Self.rank(snapshot) > Self.rank(shown.snapshot) else {
            // The followed player is the better one, or it has just gone and playerctl prints the next one:
            // ask, unless this one only repeats itself (playerctl's ticks while it plays), which leaves it to
            // the asking every few seconds of `needsWatching`.
            let news = known.map { !FeedPlanner.sameTrack($0.track, snapshot.track) || $0.state != snapshot.state }
            return Outcome(snapshot: nil, switched: false, ask: news ?? true)
        }
        followed = player
        return Outcome(snapshot: snapshot, switched: true, ask: false)
    }

    /// playerctl says no player is left.
    package mutating func noPlayers() -> Outcome {
        doubt = nil
        players = [:]
        reportedTracks = [:]
        lastReporter = nil
        let switched = followed != nil
        followed = nil
        return Outcome(snapshot: PlayerSnapshot(track: nil, state: .stop), switched: switched, ask: false)
    }

    /// Takes the answer, at monotonic time `now`, to an ask started when `askSequence` was `since`: every
    /// player that has a track, as `playerctl --all-players` printed them. A player missing from it has gone
    /// or has nothing to show; reports that arrived after the ask began are newer than the answer and stay.
    package mutating func answered(
        _ answer: [(player: String, snapshot: PlayerSnapshot)], since: Int, now: Duration
    ) -> Outcome {
        var known: [String: Entry] = [:]
        for (player, snapshot) in answer {
            known[player] = Entry(snapshot: snapshot, sequence: since)
            if doubt == nil, let reported = reportedTracks[player], (players[player]?.sequence ?? 0) <= since,
                !FeedPlanner.sameTrack(reported, snapshot.track)
            {
                doubt = (player, reported, now)
            }
        }
        for (player, entry) in players where entry.sequence > since { known[player] = entry }
        players = known
        let previous = followed
        let best = players.min { isPreferred($0.key, $0.value, over: $1.key, $1.value) }
        followed = best?.key
        guard let best else {
            return Outcome(snapshot: PlayerSnapshot(track: nil, state: .stop), switched: previous != nil, ask: false)
        }
        let switched = previous != best.key
        // A report newer than the answer went to the feed when it came.
        let fresh = switched || best.value.sequence == since
        return Outcome(snapshot: fresh ? best.value.snapshot : nil, switched: switched, ask: false)
    }

    /// How much a player deserves the panel: playing, then paused, then stopped with a track, then nothing.
    static func rank(_ snapshot: PlayerSnapshot) -> Int {
        guard snapshot.track != nil else { return 0 }
        switch snapshot.state {
        case .play: return 3
        case .pause: return 2
        case .stop: return 1
        }
    }

    /// Orders the candidates of an answer: by rank, then the followed player, then the one reported last, then
    /// by name (so that the choice does not depend on the order of a dictionary).
    private func isPreferred(_ a: String, _ first: Entry, over b: String, _ second: Entry) -> Bool {
        let ranks = (Self.rank(first.snapshot), Self.rank(second.snapshot))
        if ranks.0 != ranks.1 { return ranks.0 > ranks.1 }
        let preferences = (preference(a), preference(b))
        if preferences.0 != preferences.1 { return preferences.0 > preferences.1 }
        return a < b
    }

    private func preference(_ player: String) -> Int {
        player == followed ? 2 : player == lastReporter ? 1 : 0
    }
}
