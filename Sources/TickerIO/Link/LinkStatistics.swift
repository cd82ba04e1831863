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
    /// Bytes from the device that did not frame as packets (each run up to a 0x00 counts once).
    package var garbage = 0
    /// Packets from the device that were too short or had a bad CRC.
    package var damagedPackets = 0
    /// Packets from the device of another protocol version or of a type a device does not send.
    package var unexpectedPackets = 0
    /// Info messages from the device that did not decode.
    package var badInfoMessages = 0
    /// Error messages from the device that did not decode.
    package var badErrorMessages = 0

    /// Frames an LED strip got dimmer than asked, to stay within its power budget.
    package var framesDimmed = 0

    /// Everything the device sent that was dropped, of every kind.
    package var badReplies: Int { garbage + damagedPackets + unexpectedPackets + badInfoMessages + badErrorMessages }

    /// The dropped replies for a status line: "" when there were none, else for example
    /// "7 bad replies from the panel (5 garbage, 2 damaged)".
    package var badRepliesSummary: String {
        guard badReplies > 0 else { return "" }
        let parts = [
            (garbage, "garbage"), (damagedPackets, "damaged"), (unexpectedPackets, "unexpected"),
            (badInfoMessages, "bad info"), (badErrorMessages, "bad error"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "\(badReplies) bad \(badReplies == 1 ? "reply" : "replies") from the panel ("
            + parts.joined(separator: ", ") + ")"
    }

    mutating func count(_ kind: DeviceReplyProblem) {
        switch kind {
        case .garbage: garbage += 1
        case .damaged: damagedPackets += 1
        case .unexpected: unexpectedPackets += 1
        case .badInfo: badInfoMessages += 1
        case .badError: badErrorMessages += 1
        }
    }
}
