/// Turns shairport-sync metadata items into player snapshots.
///
/// Track fields gathered between `ssnc/mdst` and `ssnc/mden` become the current track at `mden`;
/// `pbeg`/`prsm` mean play, `pfls` pause, `pend` stop; `prgr` ("start/current/end" RTP frames at 44100 Hz)
/// gives the position and the duration. Pure: time comes in as a parameter.
public struct ShairportTranslator: Sendable {
    /// RTP frames per second of an AirPlay stream.
    public static let framesPerSecond = 44100.0

    /// What the player is doing, as far as the items so far tell.
    public private(set) var snapshot = PlayerSnapshot(track: nil, state: .stop)

    private var pending = Track(title: "")

    private static let core = FourCharCode("core")
    private static let ssnc = FourCharCode("ssnc")

    /// A translator that has seen nothing yet.
    public init() {}

    /// Applies one item received at monotonic time `now`; returns whether the snapshot changed.
    public mutating func apply(_ item: ShairportItem, now: Double) -> Bool {
        let before = snapshot
        if item.type == Self.core {
            applyCore(item)
        } else if item.type == Self.ssnc {
            applyShairport(item, now: now)
        }
        return snapshot != before
    }

    private mutating func applyCore(_ item: ShairportItem) {
        let text = String(decoding: item.data.prefix(1024), as: UTF8.self)
        switch item.code {
        case FourCharCode("minm"): pending.title = text
        case FourCharCode("asar"): pending.artist = text
        case FourCharCode("asal"): pending.album = text
        case FourCharCode("astm"):
            // Song time: a 32-bit big-endian count of milliseconds.
            guard item.data.count == 4 else { return }
            let millis = item.data.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            if millis > 0 { pending.durationSeconds = Double(millis) / 1000 }
        default: break
        }
    }

    private mutating func applyShairport(_ item: ShairportItem, now: Double) {
        switch item.code {
        case FourCharCode("mdst"):
            pending = Track(title: "")
        case FourCharCode("mden"):
            guard !(pending.title.isEmpty && pending.artist.isEmpty && pending.album.isEmpty) else { return }
            var track = pending
            if track.durationSeconds == nil, FeedPlanner.sameTrack(snapshot.track, track) {
                track.durationSeconds = snapshot.track?.durationSeconds
            }
            if !FeedPlanner.sameTrack(snapshot.track, track) {
                snapshot.position = nil
            }
            snapshot.track = track
        case FourCharCode("pbeg"), FourCharCode("prsm"):
            setState(.play, now: now)
        case FourCharCode("pfls"):
            setState(.pause, now: now)
        case FourCharCode("pend"):
            setState(.stop, now: now)
        case FourCharCode("prgr"):
            applyProgress(item.data, now: now)
        default:
            break
        }
    }

    private mutating func setState(_ state: PlaybackState, now: Double) {
        guard state != snapshot.state else { return }
        if let seconds = snapshot.positionSeconds(at: now) {
            snapshot.position = PlaybackPosition(seconds: seconds, atSeconds: now)
        }
        snapshot.state = state
    }

    private mutating func applyProgress(_ data: [UInt8], now: Double) {
        guard let frames = Self.parseProgress(data) else { return }
        // RTP timestamps are 32-bit and wrap; differences are taken modulo 2^32.
        let elapsed = frames.current &- frames.start
        let length = frames.end &- frames.start
        let position = elapsed > length ? 0 : Double(elapsed) / Self.framesPerSecond
        snapshot.position = PlaybackPosition(seconds: position, atSeconds: now)
        if length > 0, snapshot.track != nil {
            snapshot.track?.durationSeconds = Double(length) / Self.framesPerSecond
        }
    }

    /// Parses `start/current/end` (ASCII decimal, each fitting 32 bits).
    static func parseProgress(_ data: [UInt8]) -> (start: UInt32, current: UInt32, end: UInt32)? {
        guard data.count <= 40 else { return nil }
        let parts = data.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var values: [UInt32] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 10, part.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            let value = part.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }
            guard value <= UInt64(UInt32.max) else { return nil }
            values.append(UInt32(value))
        }
        return (values[0], values[1], values[2])
    }
}
