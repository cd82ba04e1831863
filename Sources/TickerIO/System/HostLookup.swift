import Glibc

/// Looks a host name up away from the event loop: `getaddrinfo` may wait for seconds (a `.local` name asked of
/// mDNS, a DNS server that does not answer), and the loop must keep its frames. The lookup runs on a worker
/// thread; its answer is left here and a byte written to a pipe, whose read end the loop polls. One lookup at a
/// time; the descriptor is the same for the lookup's whole life.
///
/// The worker is a plain POSIX thread and the answer sits behind a `pthread_mutex_t`: Dispatch and the
/// Synchronization module would bring the Swift concurrency and regex runtimes into the daemon, about 1.7 MB
/// of resident memory.
package final class HostLookup {
    /// What a lookup found.
    package typealias Answer = Result<[SocketAddress], ResolveError>

    /// The worker's side: the pipe and the answer, kept until both the lookup and its owner let go of them, so
    /// that a worker still running after its owner is gone writes to its own pipe, never to a reused number.
    private final class Mailbox: @unchecked Sendable {
        let read: Int32
        let write: Int32
        // Allocated, so that the mutex never moves; guards `answer`.
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private var answer: Answer?

        init() throws(SystemError) {
            (read, write) = try Posix.pipe()
            do {
                try Posix.setNonBlocking(read, what: "lookup pipe")
            } catch {
                Posix.close(read)
                Posix.close(write)
                lock.deallocate()
                throw error
            }
            pthread_mutex_init(lock, nil)
        }

        deinit {
            pthread_mutex_destroy(lock)
            lock.deallocate()
            Posix.close(read)
            Posix.close(write)
        }

        /// Leaves `answer` and wakes the loop.
        func post(_ answer: Answer) {
            pthread_mutex_lock(lock)
            self.answer = answer
            pthread_mutex_unlock(lock)
            var byte: UInt8 = 1
            _ = Glibc.write(write, &byte, 1)
        }

        /// The answer left, if any, taken out.
        func take() -> Answer? {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            let taken = answer
            answer = nil
            return taken
        }
    }

    /// What a worker thread runs, handed to it through `pthread_create`'s context pointer.
    private final class Work {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }

    private let mailbox: Mailbox

    /// A lookup with its pipe; nothing is asked yet.
    package init() throws(SystemError) {
        mailbox = try Mailbox()
    }

    /// The descriptor that turns readable when an answer is in.
    package var fileDescriptor: Int32 { mailbox.read }

    /// Starts looking up the UDP addresses of `host` and `port`.
    package func start(host: String, port: UInt16) {
        let mailbox = self.mailbox
        let lookup: @Sendable () -> Void = {
            mailbox.post(
                Answer { () throws(ResolveError) -> [SocketAddress] in
                    try Posix.datagramAddresses(host: host, port: port)
                })
        }
        // Without a thread (none left to start), the lookup waits here, once.
        if !Self.detach(lookup) { lookup() }
    }

    /// Runs `work` on a new detached thread; false when none could be started.
    private static func detach(_ work: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// The answer, once it is in (and empties the pipe); nil while the lookup runs.
    package func take() -> Answer? {
        var sink = [UInt8](repeating: 0, count: 16)
        while case .done(let count)? = try? Posix.read(mailbox.read, into: &sink, what: "lookup"), count > 0 {}
        return mailbox.take()
    }
}
