import Dispatch
import Glibc
import Synchronization

/// Looks a host name up away from the event loop: `getaddrinfo` may wait for seconds (a `.local` name asked of
/// mDNS, a DNS server that does not answer), and the loop must keep its frames. The lookup runs on a worker
/// thread; its answer is left here and a byte written to a pipe, whose read end the loop polls. One lookup at a
/// time; the descriptor is the same for the lookup's whole life.
package final class HostLookup {
    /// What a lookup found.
    package typealias Answer = Result<[SocketAddress], ResolveError>

    /// The worker's side: the pipe and the answer, kept until both the lookup and its owner let go of them, so
    /// that a worker still running after its owner is gone writes to its own pipe, never to a reused number.
    private final class Mailbox: Sendable {
        let read: Int32
        let write: Int32
        let answer = Mutex<Answer?>(nil)

        init() throws(SystemError) {
            (read, write) = try Posix.pipe()
            do {
                try Posix.setNonBlocking(read, what: "lookup pipe")
            } catch {
                Posix.close(read)
                Posix.close(write)
                throw error
            }
        }

        deinit {
            Posix.close(read)
            Posix.close(write)
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
        DispatchQueue.global().async {
            let answer = Answer { () throws(ResolveError) -> [SocketAddress] in
                try Posix.datagramAddresses(host: host, port: port)
            }
            mailbox.answer.withLock { $0 = answer }
            var byte: UInt8 = 1
            _ = Glibc.write(mailbox.write, &byte, 1)
        }
    }

    /// The answer, once it is in (and empties the pipe); nil while the lookup runs.
    package func take() -> Answer? {
        var sink = [UInt8](repeating: 0, count: 16)
        while case .done(let count)? = try? Posix.read(mailbox.read, into: &sink, what: "lookup"), count > 0 {}
        return mailbox.answer.withLock { answer in
            defer { answer = nil }
            return answer
        }
    }
}
