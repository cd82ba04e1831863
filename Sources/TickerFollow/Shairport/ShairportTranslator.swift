/// Turns shairport-sync metadata items into player snapshots.
///
/// Track fields gathered between `ssnc/mdst` and `ssnc/mden` become the current track at `mden`. `prgr`
/// ("start/current/end" RTP frames at 44100 Hz) is the session's progress: the position and the duration of
/// the track whose batch it describes — the one whose `mdst`/`mden` RTP time lies between its start and end.
/// Senders differ in the order: shairport-sync's usual one puts the batch first, pyatv sends the progress
/// before the batch, also for the next song while the previous one is still the current track. A progress
/// that describes no current track waits for its batch.
///
/// The clock follows the sound: `pbeg` opens a session, and the audio starts at `prsm` (shairport-sync sends
/// it when the first frame plays, after `pffr` and the buffering), so the state turns to play there, at the
/// progress position. The flush of the session's start (`pfls` between `pbeg` and the first `prsm`: the
/// RECORD request flushes up to its start frame) is not a pause; a later `pfls` is, and its frame is where
/// the sender resumes, which is where the next `prsm` starts the clock. Should no `prsm` come within
/// `startSeconds` of `pbeg`, the clock starts then. `pend` ends the session and the track.
///
/// A `PICT` (the cover, with `include_cover_art`; `pcst` and `pcen` bracket it, `pcst` with its RTP time) is
/// the cover of the batch open around it, else of the current track when the RTP times agree (or one is
/// missing); one that came before its batch (the same RTP time) is taken by that batch's track. An empty
/// `PICT` says there is none.
///
/// Pure: time comes in as a parameter.
package struct ShairportTranslator: Sendable {
    /// RTP frames per second of an AirPlay stream.
    package static let framesPerSecond = 44100.0
    /// How long (seconds) after `pbeg` the clock starts when no `prsm` has said so.
    package static let startSeconds = 4.0

    /// What the player is doing, as far as the items so far tell.
    package private(set) var snapshot = PlayerSnapshot(track: nil, state: .stop)

    /// A `prgr`: RTP frames at the start, the current point and the end of what plays.
    struct Progress: Equatable, Sendable {
        var start: UInt32
        var current: UInt32
        var end: UInt32

        /// Whether `frame` lies in the span (32-bit RTP times wrap; differences are taken modulo 2^32).
        func covers(_ frame: UInt32) -> Bool { frame &- start < end &- start }

        /// Seconds from the start to `frame`, when it lies in the span.
        func seconds(at frame: UInt32) -> Double? {
            frame &- start <= end &- start ? Double(frame &- start) / ShairportTranslator.framesPerSecond : nil
        }

        var duration: Double { Double(end &- start) / ShairportTranslator.framesPerSecond }
    }

    private var pending = Track(title: "")
    private var pendingFrame: UInt32?
    /// Whether a batch is open (between `mdst` and `mden`).
    private var batchOpen = false
    /// The RTP time of the picture `pcst` announced.
    private var pictureFrame: UInt32?
    /// The last picture, with its RTP time, for a batch that comes after it.
    private var lastPicture: (frame: UInt32, cover: CoverSource?)?
    /// The RTP time of the current track's batch, when the sender gave one.
    private var trackFrame: UInt32?
    /// The session's last progress, and whether a track has taken it.
    private var progress: Progress?
    private var progressTaken = false
    /// When `pbeg` opened a session whose audio has not started yet.
    private var startingSince: Duration?
    /// Where the sender resumes after the last flush, in seconds.
    private var resumeSeconds: Double?

    private static let core = FourCharCode("core")
    private static let ssnc = FourCharCode("ssnc")

    /// A translator that has seen nothing yet.
    package init() {}

    /// When (monotonic time) `expire(now:)` has something to do: the clock of a session whose audio never
    /// said it started; nil when nothing waits.
    package var deadline: Duration? { startingSince.map { $0 + .seconds(Self.startSeconds) } }

    /// Applies one item received at monotonic time `now`; returns whether the snapshot changed.
    package mutating func apply(_ item: ShairportItem, now: Duration) -> Bool {
        let before = snapshot
        if item.type == Self.core {
            applyCore(item)
        } else if item.type == Self.ssnc {
            applyShairport(item, now: now)
        }
        return snapshot != before
    }

    /// Starts the clock of a session begun `startSeconds` ago whose audio never said it started; returns
    /// whether the snapshot changed.
    package mutating func expire(now: Duration) -> Bool {
        guard let deadline, now >= deadline else { return false }
        let before = snapshot
        startAudio(now: now)
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

    private mutating func applyShairport(_ item: ShairportItem, now: Duration) {
        switch item.code {
        case FourCharCode("mdst"):
            pending = Track(title: "")
            pendingFrame = Self.frame(item.data)
            batchOpen = true
        case FourCharCode("mden"):
            batchOpen = false
            finishBatch(frame: Self.frame(item.data) ?? pendingFrame, now: now)
        case FourCharCode("pcst"):
            pictureFrame = Self.frame(item.data)
        case FourCharCode("PICT"):
            let cover = item.data.isEmpty ? nil : CoverSource.bytes(item.data)
            let frame = pictureFrame
            pictureFrame = nil
            lastPicture = frame.map { (frame: $0, cover: cover) }
            if batchOpen {
                pending.cover = cover
            } else if snapshot.track != nil, frame == nil || frame == trackFrame {
                // Another RTP time than the current track's: the next batch's picture, come first.
                snapshot.track?.cover = cover
            }
        case FourCharCode("pbeg"):
            if snapshot.state != .play { startingSince = now }
        case FourCharCode("prsm"):
            startAudio(now: now)
        case FourCharCode("pfls"):
            flush(to: Self.frame(item.data), now: now)
        case FourCharCode("pend"):
            snapshot = PlayerSnapshot(track: nil, state: .stop)
            lastPicture = nil
            trackFrame = nil
            progress = nil
            startingSince = nil
            resumeSeconds = nil
        case FourCharCode("prgr"):
            guard let values = Self.parseProgress(item.data) else { return }
            let progress = Progress(start: values.start, current: values.current, end: values.end)
            self.progress = progress
            progressTaken = false
            if snapshot.track != nil, trackFrame.map(progress.covers) ?? true { take(progress, now: now) }
        default:
            break
        }
    }

    private mutating func finishBatch(frame: UInt32?, now: Duration) {
        guard !(pending.title.isEmpty && pending.artist.isEmpty && pending.album.isEmpty) else { return }
        var track = pending
        let same = FeedPlanner.sameTrack(snapshot.track, track)
        if same, track.durationSeconds == nil { track.durationSeconds = snapshot.track?.durationSeconds }
        if track.cover == nil {
            if same {
                track.cover = snapshot.track?.cover
            } else if let lastPicture, let frame, lastPicture.frame == frame {
                track.cover = lastPicture.cover
            }
        }
        snapshot.track = track
        trackFrame = frame
        guard !same else { return }
        snapshot.position = nil
        resumeSeconds = nil
        // The progress that came before its batch (pyatv's order); without RTP times, one no track took yet.
        if let progress, let frame, progress.covers(frame) {
            take(progress, now: now)
        } else if let progress, frame == nil, !progressTaken {
            take(progress, now: now)
        }
    }

    /// Makes `progress` the current track's: its duration, and its position (which holds until the audio
    /// starts, unless it already plays).
    private mutating func take(_ progress: Progress, now: Duration) {
        progressTaken = true
        let seconds = progress.seconds(at: progress.current) ?? 0
        snapshot.position = PlaybackPosition(seconds: seconds, at: now)
        resumeSeconds = nil
        if progress.end != progress.start { snapshot.track?.durationSeconds = progress.duration }
    }

    /// The audio (re)starts: play, from where the sender resumes.
    private mutating func startAudio(now: Duration) {
        startingSince = nil
        let seconds = resumeSeconds ?? snapshot.positionSeconds(at: now)
        resumeSeconds = nil
        snapshot.position = seconds.map { PlaybackPosition(seconds: $0, at: now) }
        snapshot.state = .play
    }

    private mutating func flush(to frame: UInt32?, now: Duration) {
        resumeSeconds = frame.flatMap { frame in progress?.seconds(at: frame) }
        // The flush of the session's own start stops nothing that played.
        guard startingSince == nil, snapshot.state == .play else { return }
        if let seconds = snapshot.positionSeconds(at: now) {
            snapshot.position = PlaybackPosition(seconds: seconds, at: now)
        }
        snapshot.state = .pause
    }

    /// An RTP time written as ASCII decimal (`mdst`, `mden`, `pfls`); nil for anything else.
    static func frame(_ data: [UInt8]) -> UInt32? {
        guard !data.isEmpty, data.count <= 10, data.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = data.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }
        return value <= UInt64(UInt32.max) ? UInt32(value) : nil
    }

    /// Parses `start/current/end` (ASCII decimal, each fitting 32 bits).
    static func parseProgress(_ data: [UInt8]) -> (start: UInt32, current: UInt32, end: UInt32)? {
        guard data.count <= 40 else { return nil }
        let parts = data.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { frame(Array($0)) }
        guard parts.count == 3, let start = parts[0], let current = parts[1], let end = parts[2] else { return nil }
        return (start, current, end)
    }
}
