/// Counters of the link, for the status line and the logs.
package struct LinkStatistics: Sendable, Equatable {
    /// Frames (full or partial updates) written to the port.
    package var framesSent = 0
    /// Of those, full frames.
    package var fullFrames = 0
    /// Ticks whose frame was dropped because the line could not take it (newest frame wins).
    package var framesSkipped = 0
    /// Ticks on which nothing had changed, so nothing was sent.
    package var framesUnchanged = 0
    /// Bytes written to the port.
    package var bytesSent = 0
    /// Times the port was opened.
    package var connections = 0
    /// Error replies from the device.
    package var deviceErrors = 0
    /// What the device sent that was dropped, a count for each kind (`DeviceReplyProblem.rawValue`).
    package private(set) var badReplyCounts = [Int](repeating: 0, count: DeviceReplyProblem.allCases.count)

    /// Frames an LED strip got dimmer than asked, to stay within its power budget.
    package var framesDimmed = 0

    /// Everything the device sent that was dropped, of every kind.
    package var badReplies: Int { badReplyCounts.reduce(0, +) }

    /// The dropped replies for a status line: "" when there were none, else for example
    /// "7 bad replies from the panel (5 garbage, 2 damaged)".
    package var badRepliesSummary: String {
        guard badReplies > 0 else { return "" }
        let parts = [
            (DeviceReplyProblem.garbage, "garbage"), (.damaged, "damaged"), (.unexpected, "unexpected"),
            (.badInfo, "bad info"), (.badError, "bad error"),
        ].filter { count(of: $0.0) > 0 }.map { "\(count(of: $0.0)) \($0.1)" }
        return "\(badReplies) bad \(badReplies == 1 ? "reply" : "replies") from the panel ("
            + parts.joined(separator: ", ") + ")"
    }

    /// The replies of `kind` that were dropped.
    package func count(of kind: DeviceReplyProblem) -> Int { badReplyCounts[kind.rawValue] }

    /// Counts one more dropped reply of `kind`.
    mutating func count(_ kind: DeviceReplyProblem) {
        badReplyCounts[kind.rawValue] += 1
    }
}
