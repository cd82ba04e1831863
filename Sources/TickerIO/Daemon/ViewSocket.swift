import Glibc
import TickerCore

/// The daemon's view socket (`[feed] view`): a unix `SOCK_SEQPACKET` socket on which viewers (the web front
/// end, `tickerctl panel --protocol view`) get each frame the daemon sends, its status and the problems it
/// logged, as `ViewMessage` records. It never waits for a viewer: every record is sent with `MSG_DONTWAIT`; a
/// viewer whose buffer is full skips that record, one that hung up or failed is closed. With no viewer, nothing
/// is encoded and no system call is made.
///
/// A viewer sends nothing: its descriptor is watched for input (`viewerDescriptor`), and input or a hang-up
/// there closes it (`viewerReady`), so an idle viewer that went away is noticed at once.
package final class ViewSocket {
    /// The most viewers at once; one more is closed as soon as it is accepted.
    package static let maxViewers = 8
    /// How often a status whose only change is the sink's counters goes out.
    package static let countersInterval = Duration.seconds(2)

    /// The socket's path.
    package let path: String
    /// The listening descriptor, to watch for new viewers.
    package let fileDescriptor: Int32
    private var viewers = [Int32](repeating: -1, count: ViewSocket.maxViewers)
    /// Counts the viewers accepted, so that a new viewer under a reused slot and number is watched anew.
    private var identities = [Int](repeating: 0, count: ViewSocket.maxViewers)
    private var accepted = 0
    private var viewerCount = 0
    /// Counts the viewers accepted and closed: the descriptors to watch changed when it did.
    package private(set) var viewerChanges = 0
    /// The records a viewer skipped because its buffer was full, over all viewers.
    package private(set) var recordsSkipped = 0
    /// The frames published, the last one's number: the frame record's sequence.
    package private(set) var sequence: UInt64 = 0
    /// The last frame published, kept for a new viewer.
    private var lastPicture: Picture?
    private var lastBrightness: UInt8 = 0
    private var lastWallNanoseconds: UInt64 = 0
    /// The status the viewers were told last, its record, and when its counters alone may go out again.
    private var lastStatus = ViewStatus()
    private var statusRecord: [UInt8] = []
    private var countersDue = Duration.zero
    /// The cover the viewers were told of last, and its record.
    private var lastCover: FeedPicture?
    private var coverRecord = ViewMessage.cover(width: 0, height: 0, pixels: []).encoded
    private var record: [UInt8] = []
    private var problemsSent = 0
    private let logger: Logger

    /// Listens at `path` (a stale socket there is replaced; anything else is refused), mode 0660, in group
    /// `group` when it is given and the daemon may give the socket to it (else the daemon's own, logged).
    package init(path: String, group: String, logger: Logger) throws(SystemError) {
        self.path = path
        self.logger = logger
        if let existing = try Posix.lstat(path) {
            guard existing.st_mode & S_IFMT == S_IFSOCK else { throw SystemError("bind", path, code: .fileExists) }
            try Posix.unlink(path)
        }
        fileDescriptor = try Posix.listenSequencedPackets(at: path, backlog: Int32(Self.maxViewers))
        let gid = group.isEmpty ? nil : Posix.groupID(named: group)
        do {
            try Posix.setPermissions(path, mode: 0o660, gid: gid)
        } catch {
            logger.notice("view socket '\(path)' keeps the daemon's group: \(error)")
        }
    }

    /// Whether a viewer is connected: without one, publishing costs nothing.
    package var hasViewers: Bool { viewerCount > 0 }

    /// The descriptor of viewer `slot` (-1: none) and its identity, for the poller.
    package func viewerDescriptor(_ slot: Int) -> (descriptor: Int32, identity: Int) {
        (viewers[slot], identities[slot])
    }

    /// Accepts the viewers waiting (the listening descriptor polled readable) and tells each at once the last
    /// frame, `status`, `problems` (oldest first) and `cover`; one more than `maxViewers` is closed at once.
    package func acceptViewers(
        status: ViewStatus, problems: (problems: [ViewProblem], total: Int), cover: FeedPicture?, at now: Duration
    ) {
        // The viewers connected already are told of a changed status and cover first, as the newcomers are.
        publish(status: status, at: now)
        publish(cover: cover)
        while true {
            let fd: Int32
            do {
                guard let accepted = try Posix.accept(fileDescriptor, what: path) else { return }
                fd = accepted
            } catch {
                logger.warning("view socket: \(error)")
                return
            }
            guard let slot = viewers.firstIndex(of: -1) else {
                logger.info("view socket: a viewer refused, \(Self.maxViewers) are connected")
                Posix.close(fd)
                continue
            }
            viewers[slot] = fd
            viewerChanges += 1
            accepted += 1
            identities[slot] = accepted
            viewerCount += 1
            if let picture = lastPicture {
                ViewMessage.encodeFrame(
                    picture, sequence: sequence, wallNanoseconds: lastWallNanoseconds, brightness: lastBrightness,
                    into: &record)
                send(record, toSlot: slot)
            }
            tell(status, at: now)
            send(statusRecord, toSlot: slot)
            for problem in problems.problems { send(ViewMessage.problem(problem).encoded, toSlot: slot) }
            send(coverRecord, toSlot: slot)
            // The others have had these problems already (`publish(problems:)` runs before this).
            problemsSent = problems.total
        }
    }

    /// Publishes `picture`, sent with `brightness` (0–255): the next frame record goes to every viewer, and is
    /// kept for the viewers to come.
    package func publish(_ picture: Picture, brightness: UInt8) {
        sequence += 1
        lastWallNanoseconds = UInt64(clamping: Posix.realtimeNanoseconds())
        lastBrightness = brightness
        keep(picture)
        guard viewerCount > 0 else { return }
        ViewMessage.encodeFrame(
            picture, sequence: sequence, wallNanoseconds: lastWallNanoseconds, brightness: brightness, into: &record)
        sendToAll(record)
    }

    /// Whether `picture` at `brightness` is what was published last: a panel without a device publishes only
    /// changes.
    package func isLast(_ picture: Picture, brightness: UInt8) -> Bool {
        lastBrightness == brightness && lastPicture == picture
    }

    /// Sends `status` to every viewer when it differs from what they were told last: at once when more than the
    /// sink's counters changed, and when only they did (on every frame), at most every `countersInterval`.
    /// Encoding the status costs more than a frame record.
    package func publish(status: ViewStatus, at now: Duration) {
        guard viewerCount > 0, status != lastStatus else { return }
        var countersOnly = lastStatus
        countersOnly.framesSent = status.framesSent
        countersOnly.framesSkipped = status.framesSkipped
        guard countersOnly != status || now >= countersDue else { return }
        tell(status, at: now)
        sendToAll(statusRecord)
    }

    /// Keeps `status` as told at `now`, and its record.
    private func tell(_ status: ViewStatus, at now: Duration) {
        lastStatus = status
        statusRecord = ViewMessage.status(status).encoded
        countersDue = now + Self.countersInterval
    }

    /// Keeps the track's cover (its first frame; none is a 0 × 0 record), and sends it to every viewer when it
    /// changed.
    package func publish(cover: FeedPicture?) {
        guard setCover(cover), viewerCount > 0 else { return }
        sendToAll(coverRecord)
    }

    /// Keeps `cover` and its record; returns whether it changed.
    private func setCover(_ cover: FeedPicture?) -> Bool {
        guard cover != lastCover else { return false }
        lastCover = cover
        coverRecord =
            ViewMessage.cover(
                width: cover?.width ?? 0, height: cover?.height ?? 0, pixels: cover?.frames.first?.pixels ?? []
            ).encoded
        return true
    }

    /// Sends the problems of `problems` that the viewers have not had yet.
    package func publish(problems: (problems: [ViewProblem], total: Int)) {
        guard viewerCount > 0, problems.total != problemsSent else { return }
        let new = min(problems.total - problemsSent, problems.problems.count)
        problemsSent = problems.total
        for problem in problems.problems.suffix(new) { sendToAll(ViewMessage.problem(problem).encoded) }
    }

    /// Viewer `slot`'s descriptor polled readable or hung up: a viewer sends nothing, so it is closed.
    package func viewerReady(_ slot: Int) {
        guard viewers[slot] >= 0 else { return }
        closeViewer(slot)
    }

    /// Closes every viewer and the socket, and removes its path.
    package func close() {
        for slot in viewers.indices where viewers[slot] >= 0 { closeViewer(slot) }
        Posix.close(fileDescriptor)
        try? Posix.unlink(path)
    }

    /// Copies `picture` into the kept one, in its storage while the size stays (no allocation per frame).
    private func keep(_ picture: Picture) {
        guard var kept = lastPicture, kept.frame.layout == picture.frame.layout,
            kept.frame.depth == picture.frame.depth,
            kept.colors.bytes.count == picture.colors.bytes.count
        else {
            lastPicture = picture
            return
        }
        lastPicture = nil
        kept.frame.copy(from: picture.frame)
        kept.colors.bytes.overwrite(with: picture.colors.bytes)
        lastPicture = kept
    }

    private func sendToAll(_ bytes: [UInt8]) {
        for slot in viewers.indices where viewers[slot] >= 0 { send(bytes, toSlot: slot) }
    }

    private func send(_ bytes: [UInt8], toSlot slot: Int) {
        do {
            if case .wouldBlock = try Posix.sendRecord(viewers[slot], bytes, what: path) { recordsSkipped += 1 }
        } catch {
            logger.info("view socket: a viewer closed: \(error)")
            closeViewer(slot)
        }
    }

    private func closeViewer(_ slot: Int) {
        Posix.close(viewers[slot])
        viewers[slot] = -1
        viewerCount -= 1
        viewerChanges += 1
    }
}
