import TickerCore

/// What the daemon's loop needs of a link to a device, whatever it speaks: `PanelLink` (tickerd's protocol)
/// or `StripLink` (Adalight, TPM2). How a frame is handed over differs and is not part of this.
public protocol FrameSink: AnyObject {
    /// The port's descriptor to poll for replies and hang-ups, or -1 while none is open.
    var fileDescriptor: Int32 { get }
    /// The instant the link next needs servicing though the picture has not changed.
    var nextDeadline: Duration { get }
    /// Whether the device is connected and streaming.
    var isStreaming: Bool { get }
    /// A one-line description for systemd's STATUS=.
    var status: String { get }
    /// Counters.
    var statistics: LinkStatistics { get }
    /// Sets the brightness (0–255) of the next frames.
    func setBrightness(_ level: UInt8)
    /// Reads what the device sent; call when poll says the port is readable.
    func readReplies(at now: Duration)
    /// The port reported a hang-up or an error: close it now.
    func hangUp(at now: Duration)
    /// Leaves the device as `action` says (a dark picture, or handed back to its own effects) and waits up to
    /// `timeout` for the line to drain: for shutting down.
    func finish(_ action: Config.ExitAction, timeout: Duration)
    /// Closes the port for good.
    func close()
}
