import TickerIO

/// One browser's stream of the live view (`GET /api/stream`, server-sent events): the state, then each frame
/// as the daemon sent it, and a `keepalive` event after a second with nothing new.
final class LiveStream: WebStream, @unchecked Sendable {
    private let live: LiveView
    // Read and written on the connection's thread only.
    private var cursor = LiveView.Cursor()

    init(_ live: LiveView) { self.live = live }

    deinit { live.viewerLeft() }

    func next() -> [UInt8]? {
        guard let events = live.next(after: &cursor, timeout: .seconds(1)) else { return nil }
        if !events.isEmpty { return events }
        let now = Double(Clock.wallNow.components.seconds)
        return Array("event: keepalive\ndata: {\"time\":\(Int(now))}\n\n".utf8)
    }
}
