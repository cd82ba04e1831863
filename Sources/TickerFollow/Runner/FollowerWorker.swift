import Foundation
import TickerIO

/// A follower's worker thread, which keeps slow requests (a server, a decoder) off the follower's loop: the
/// loop queues requests, the thread serves them one at a time, and what they gave comes back through
/// `takeArrivals()` when `wakeDescriptor` turns readable. Only the newest requests wait, one for each key: a
/// follower skipping through a playlist must not queue every song. One lock guards the queue, the arrivals and
/// whatever the owner keeps with them (`withQueue`, `deliver`).
final class FollowerWorker<Request, Arrival>: @unchecked Sendable {
    /// The requests waiting, as the worker's lock guards them.
    struct Queue {
        fileprivate var requests: [Request] = []
        fileprivate let newest: Int
        fileprivate let key: (Request) -> String
        /// No request is served before this time (`Clock.now`, in seconds): the server is left alone.
        var quietUntil = 0.0

        /// Queues `request` behind the others, in place of an older one with its key, forgetting the oldest
        /// beyond the newest few.
        mutating func add(_ request: Request) {
            let key = key(request)
            requests.removeAll { self.key($0) == key }
            requests.append(request)
            if requests.count > newest { requests.removeFirst(requests.count - newest) }
        }

        /// Puts `request` (which was served and is to be asked again) first, unless it is queued already or
        /// newer requests have taken its place.
        mutating func putBack(_ request: Request) {
            let key = key(request)
            if requests.count < newest, !requests.contains(where: { self.key($0) == key }) {
                requests.insert(request, at: 0)
            }
        }
    }

    private let wake: WakePipe
    private let thread: String
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: Queue
    private var arrivals: [Arrival] = []
    private var stopping = false

    /// A worker whose thread is named `thread` and whose wake pipe `wakePipe` (in error messages); it keeps the
    /// `newest` requests, told apart by `key`. `start` starts the thread.
    init(thread: String, wakePipe: String, newest: Int, key: @escaping (Request) -> String) throws(SystemError) {
        self.thread = thread
        queue = Queue(newest: newest, key: key)
        wake = try WakePipe(wakePipe)
    }

    /// Starts the thread, which calls `serve` for each request, without the lock, until `stop()`.
    func start(_ serve: @escaping @Sendable (Request) -> Void) {
        let thread = Thread { [self] in
            while let request = next() { serve(request) }
        }
        thread.name = self.thread
        thread.start()
    }

    /// Readable when `takeArrivals()` has something.
    var wakeDescriptor: Int32 { wake.descriptor }

    /// Runs `body` with the lock held, on the queue; the thread then looks at the queue again.
    func withQueue<Result>(_ body: (inout Queue) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        let result = body(&queue)
        condition.signal()
        return result
    }

    /// Queues `request` (`Queue.add`).
    func request(_ request: Request) {
        withQueue { $0.add(request) }
    }

    /// Hands `arrival`, if any, to the loop and wakes it; `alsoLocked` runs with the lock held, before.
    func deliver(_ arrival: Arrival?, alsoLocked: () -> Void = {}) {
        condition.lock()
        alsoLocked()
        if let arrival { arrivals.append(arrival) }
        condition.unlock()
        if arrival != nil { wake.wake() }
    }

    /// What arrived since the last call.
    func takeArrivals() -> [Arrival] {
        wake.drain()
        condition.lock()
        defer { condition.unlock() }
        let taken = arrivals
        arrivals = []
        return taken
    }

    /// Makes the thread end after its current request, without waiting for it: a follower asked to stop exits
    /// at once, whatever the server is doing.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next request to serve, or nil when stopping. Waits while the queue is empty or the server is being
    /// left alone.
    private func next() -> Request? {
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            let now = Clock.now.inSeconds
            if now < queue.quietUntil {
                _ = condition.wait(until: Date(timeIntervalSinceNow: queue.quietUntil - now))
                continue
            }
            if !queue.requests.isEmpty { return queue.requests.removeFirst() }
            condition.wait()
        }
        return nil
    }
}
