/// The feed as the daemon's decider reads it: bytes decoded into commands; a partial line or an unterminated
/// lyrics block reported once it goes stale, at a check due when nothing more comes (`due`); and the problems
/// logged at most `FeedProblemLimiter.limit` a minute, and all counted. A small pure value; time is passed in.
struct FeedIntake: Sendable {
    /// Problems seen since start, logged or not.
    private(set) var problems = 0
    private var decoder = FeedDecoder()
    /// When to look again for a stale partial line or an unterminated lyrics block.
    private var check: Duration?
    private var limiter: FeedProblemLimiter

    /// An intake that logs `problemsPerMinute` problems a minute.
    init(problemsPerMinute: Int) {
        limiter = FeedProblemLimiter(limit: problemsPerMinute)
    }

    /// Problems logged per minute; the rest are counted and summed up.
    var problemsPerMinute: Int {
        get { limiter.limit }
        set { limiter.limit = newValue }
    }

    /// Bytes read at `now`: the commands they complete, in order. The log lines for their problems go to
    /// `actions`.
    mutating func read<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, at now: Duration, into actions: inout [DaemonMachine.Action]
    ) -> [FeedCommand] {
        let events = decoder.decode(bytes, now: now)
        report(events, at: now, into: &actions)
        // A partial line or an open lyrics block goes stale if nothing more comes.
        check = now + decoder.limits.staleAfter + .milliseconds(1)
        return events.compactMap { if case .command(let command, _) = $0 { command } else { nil } }
    }

    /// At a wake-up at `now`: what went stale is reported, and the summary of a minute of problems when the
    /// minute ended, to `actions`.
    mutating func catchUp(at now: Duration, into actions: inout [DaemonMachine.Action]) {
        if let check, now >= check {
            report(decoder.flushStale(now: now), at: now, into: &actions)
            self.check = decoder.isInLyricsBlock ? now + decoder.limits.staleAfter : nil
        }
        if let end = limiter.summaryDue, now >= end, let summary = limiter.close() {
            actions.append(.log(.warning, summary))
        }
    }

    /// When `catchUp(at:into:)` next has something to do: a check for a stale feed, or the end of a minute of
    /// problems not all logged.
    var due: Duration? {
        .sooner(check, limiter.summaryDue)
    }

    /// Logs problems, at most `problemsPerMinute` a minute, and counts them all. The problems not logged are
    /// summed up in one line when their minute ends (`catchUp` then), whether or not more come.
    private mutating func report(_ events: [FeedEvent], at now: Duration, into actions: inout [DaemonMachine.Action]) {
        for case .problem(let problem) in events {
            problems += 1
            let (summary, log) = limiter.record(at: now)
            if let summary { actions.append(.log(.warning, summary)) }
            if log { actions.append(.log(.warning, problem.description)) }
        }
    }
}
