/// Waits for input on a few descriptors with one `epoll` instance: the descriptors are registered once, not
/// passed on every wait as `poll` needs, which makes each wake-up of the event loop cheaper.
package final class EventPoller {
    /// A descriptor that is ready.
    package struct Ready: Sendable, Equatable {
        /// The token it was watched under.
        package var token: Int32
        /// What happened, in `poll`'s bits (`POLLIN`, `POLLERR`, `POLLHUP`).
        package var events: UInt32
    }

    private let fileDescriptor: Int32
    /// What each token watches: the descriptor and the identity of what it belongs to (a descriptor number is
    /// reused once closed, and closing it ends its watch). A few entries, looked through on every wake-up:
    /// a list costs less than hashing.
    private var watched: [(token: Int32, descriptor: Int32, identity: Int)] = []
    private var tokens = [Int32](repeating: 0, count: 8)
    private var events = [UInt32](repeating: 0, count: 8)

    /// An empty poller (`epoll_create1`).
    package init() throws(SystemError) {
        fileDescriptor = try Posix.epollCreate()
    }

    deinit { Posix.close(fileDescriptor) }

    /// Watches `descriptor` (-1: nothing) under `token`, in place of what `token` watched before. `identity`
    /// tells a reopened descriptor from the one it replaced under the same number (a connection count, say);
    /// nothing is done while both are unchanged.
    package func watch(_ descriptor: Int32, as token: Int32, identity: Int = 0) throws(SystemError) {
        let slot = watched.firstIndex { $0.token == token }
        let previous = slot.map { watched[$0] }
        if let previous, previous.descriptor == descriptor, previous.identity == identity { return }
        // The old descriptor may be closed and its number already reused under another token: leave that one be.
        if let previous, previous.descriptor >= 0,
            !watched.contains(where: { $0.token != token && $0.descriptor == previous.descriptor })
        {
            Posix.epollUnwatch(fileDescriptor, previous.descriptor)
        }
        if descriptor >= 0 { try Posix.epollWatch(fileDescriptor, descriptor, token: token) }
        if let slot {
            watched[slot] = (token, descriptor, identity)
        } else {
            watched.append((token, descriptor, identity))
        }
    }

    /// Waits until at least one descriptor is ready (or a signal interrupts) and calls `body` for each.
    package func wait(_ body: (Ready) -> Void) throws(SystemError) {
        let count = try Posix.epollWait(fileDescriptor, tokens: &tokens, events: &events, timeoutMilliseconds: -1)
        for index in 0..<count { body(Ready(token: tokens[index], events: events[index])) }
    }
}
