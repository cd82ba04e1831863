import Glibc
import TickerCore

/// What the page shows of the daemon, shared between the thread that reads the daemon (`DaemonWatch`) and the
/// connections' threads that stream it to browsers: the last frames, the state, the cover. A stream waits on
/// it for what it has not sent yet; one that fell behind by more than the frames kept skips to the newest.
package final class LiveView: @unchecked Sendable {
    /// What a stream has sent so far.
    package struct Cursor: Sendable {
        var frame: UInt64 = 0
        var state = 0
        var cover = 0
    }

    /// Frames kept for streams that fell behind: half a second at 60 frames a second.
    static let keptFrames = 32
    /// The most streams at once; one more is refused (503).
    package static let maxViewers = 32

    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()
    // Guarded by `mutex`.
    private var frames: [(sequence: UInt64, event: [UInt8])] = []
    private var lastFrame: ViewFrame?
    private var state: (version: Int, event: [UInt8], json: JSONValue) = (0, [], .null)
    private var cover: (version: Int, event: [UInt8]) = (0, [])
    private var viewers = 0
    private var stopping = false

    package init() {
        pthread_mutex_init(&mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&changed, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    /// A frame the daemon sent.
    package func show(_ frame: ViewFrame) {
        let event = frame.event
        locked {
            if frames.count == Self.keptFrames { frames.removeFirst() }
            frames.append((frame.sequence, event))
            lastFrame = frame
            pthread_cond_broadcast(&changed)
        }
    }

    /// The daemon's state as the page shows it (`WebState`), when it differs from the last.
    package func setState(_ json: JSONValue) {
        locked {
            guard json != state.json else { return }
            state = (state.version + 1, Array("event: state\ndata: \(json.encoded)\n\n".utf8), json)
            pthread_cond_broadcast(&changed)
        }
    }

    /// The track's cover as an event (`WebState.coverEvent`).
    package func setCover(_ event: [UInt8]) {
        locked {
            guard event != cover.event else { return }
            cover = (cover.version + 1, event)
            pthread_cond_broadcast(&changed)
        }
    }

    /// The newest frame, for `/api/screen`.
    package var newestFrame: ViewFrame? { locked { lastFrame } }
    /// The state last set.
    package var currentState: JSONValue { locked { state.json } }

    /// Takes a place for one more stream; false when all are taken.
    package func admitViewer() -> Bool {
        locked {
            guard viewers < Self.maxViewers else { return false }
            viewers += 1
            return true
        }
    }

    package func viewerLeft() { locked { viewers -= 1 } }

    /// Ends every stream's wait.
    package func stop() {
        locked {
            stopping = true
            pthread_cond_broadcast(&changed)
        }
    }

    /// What `cursor` has not had yet, waiting up to `timeout` for it: the state and the cover when they
    /// changed, then the frames after the cursor's (the newest alone when it fell behind the frames kept).
    /// Empty after the timeout with nothing new; nil once stopping.
    package func next(after cursor: inout Cursor, timeout: Duration) -> [UInt8]? {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return locked {
            while true {
                if stopping { return nil }
                var out: [UInt8] = []
                if cursor.state != state.version, state.version > 0 {
                    out += state.event
                    cursor.state = state.version
                }
                if cursor.cover != cover.version {
                    out += cover.event
                    cursor.cover = cover.version
                }
                if let newest = frames.last, newest.sequence != cursor.frame {
                    let unsent = frames.filter { $0.sequence > cursor.frame }
                    // A restarted daemon counts from 1 again; one that fell behind skips to the newest.
                    let start = unsent.first?.sequence == cursor.frame + 1 ? unsent : [newest]
                    for frame in start { out += frame.event }
                    cursor.frame = newest.sequence
                }
                if !out.isEmpty { return out }
                if pthread_cond_timedwait(&changed, &mutex, &deadline) == ETIMEDOUT { return [] }
            }
        }
    }
}
