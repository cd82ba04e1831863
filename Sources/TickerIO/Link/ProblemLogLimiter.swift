/// Decides which problems to log so that a device streaming garbage at line rate cannot flood the journal:
/// the first `firstLogged` of each kind, then at most one summary of each kind per `summaryInterval` while
/// they keep coming. Pure; time is passed in.
package struct ProblemLogLimiter<Kind: Hashable & Sendable>: Sendable {
    /// What to do with a problem.
    package enum Decision: Equatable, Sendable {
        /// Log it; `isLastBeforeQuiet` on the last one logged before the summaries take over.
        case log(isLastBeforeQuiet: Bool)
        /// Log a summary: `suppressed` problems of this kind (this one included) since the line at `since`.
        case summary(suppressed: Int, since: Duration)
        /// Count it only.
        case quiet
    }

    private struct Tally: Sendable {
        var seen = 0
        var suppressed = 0
        var lastLine: Duration = .zero
    }

    /// Problems of each kind logged one by one.
    package let firstLogged: Int
    /// The least time between two summaries of one kind.
    package let summaryInterval: Duration
    private var tallies: [Kind: Tally] = [:]

    /// A limiter that logs the first `firstLogged` problems of each kind, then a summary at most every
    /// `summaryInterval`.
    package init(firstLogged: Int = 3, summaryInterval: Duration = .seconds(60)) {
        self.firstLogged = firstLogged
        self.summaryInterval = summaryInterval
    }

    /// Records a problem of `kind` at `now` and says whether to log it.
    package mutating func record(_ kind: Kind, at now: Duration) -> Decision {
        var tally = tallies[kind] ?? Tally()
        defer { tallies[kind] = tally }
        tally.seen &+= 1
        if tally.seen <= firstLogged {
            tally.lastLine = now
            return .log(isLastBeforeQuiet: tally.seen == firstLogged)
        }
        tally.suppressed += 1
        guard now - tally.lastLine >= summaryInterval else { return .quiet }
        let decision = Decision.summary(suppressed: tally.suppressed, since: tally.lastLine)
        tally.suppressed = 0
        tally.lastLine = now
        return decision
    }

    /// Records a problem of `kind` at `now` and gives the line to log for it, if any: `single(isLastBeforeQuiet)`
    /// while problems of the kind are logged one by one, then `summary(suppressed, seconds)` for the
    /// `suppressed` problems of the last `seconds` (whole seconds since the kind's last line).
    package mutating func message(
        for kind: Kind, at now: Duration, single: (_ isLastBeforeQuiet: Bool) -> String,
        summary: (_ suppressed: Int, _ seconds: Int) -> String
    ) -> String? {
        switch record(kind, at: now) {
        case .quiet: nil
        case .log(let isLast): single(isLast)
        case .summary(let suppressed, let since): summary(suppressed, Int((now - since) / .seconds(1)))
        }
    }
}
