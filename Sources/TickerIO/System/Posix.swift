import CLinux
import Glibc
import TickerCore

/// The system calls tickerd makes, wrapped once: errors become `SystemError`s, `EINTR` is retried, and
/// `EAGAIN` is a value rather than an error. Everything else in TickerIO calls these instead of Glibc.
package enum Posix {
    /// What a non-blocking read or write did.
    package enum Transfer: Equatable, Sendable {
        /// This many bytes moved (0 on a read means end of file).
        case done(Int)
        /// Nothing can move now (`EAGAIN`); try again when poll says so.
        case wouldBlock
    }

    /// `POLLIN`: the events to wait for to read.
    package static let readable = Int16(POLLIN)
    /// `POLLOUT`: the events to wait for to write.
    package static let writable = Int16(POLLOUT)

    /// `open(2)`: returns the descriptor.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemError) -> Int32 {
        while true {
            let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw SystemError("open", path) }
        }
    }

    /// `close(2)`, ignoring errors (there is nothing useful to do about them).
    package static func close(_ fd: Int32) {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
    }

    /// `read(2)` into `buffer`.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, what: String) throws(SystemError)
        -> Transfer
    {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .done(0) }
        return try transfer("read", what) { Glibc.read(fd, base, buffer.count) }
    }

    /// `read(2)` into `buffer`, from its start for as many bytes as it holds.
    package static func read(_ fd: Int32, into buffer: inout [UInt8], what: String) throws(SystemError) -> Transfer {
        let result = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) -> Transfer in try read(fd, into: raw, what: what) }
        }
        return try result.get()
    }

    /// `write(2)` of `bytes`; a short count is possible on non-blocking descriptors.
    package static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, what: String) throws(SystemError)
        -> Transfer
    {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .done(0) }
        return try transfer("write", what) { Glibc.write(fd, base, bytes.count) }
    }

    /// `write(2)` of `bytes` from `offset` on; a short count is possible on non-blocking descriptors.
    package static func write(_ fd: Int32, _ bytes: [UInt8], from offset: Int, what: String) throws(SystemError)
        -> Transfer
    {
        try transfer(bytes, from: offset) { (rest) throws(SystemError) in try write(fd, rest, what: what) }
    }

    /// Runs `call` (a `write` or a `send`) on the bytes of `bytes` from `offset` on.
    static func transfer(
        _ bytes: [UInt8], from offset: Int, _ call: (UnsafeRawBufferPointer) throws(SystemError) -> Transfer
    ) throws(SystemError) -> Transfer {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SystemError) -> Transfer in try call(UnsafeRawBufferPointer(rebasing: raw[offset...])) }
        }
        return try result.get()
    }

    /// Runs `call` (a `read(2)`, `write(2)` or `send(2)` returning its count or -1) until it is not interrupted:
    /// the count it moved, `wouldBlock` for `EAGAIN`, or the error of `operation` on `what`.
    static func transfer(_ operation: String, _ what: String, _ call: () -> Int) throws(SystemError) -> Transfer {
        while true {
            let n = call()
            if n >= 0 { return .done(n) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw SystemError(operation, what)
            }
        }
    }

    /// Writes all of `bytes` to a blocking descriptor.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], what: String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            switch try write(fd, bytes, from: offset, what: what) {
            case .done(let n): offset += n
            case .wouldBlock:
                var entry = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
                _ = try poll(&entry, timeoutMilliseconds: 1000)
            }
        }
    }

    /// One descriptor to `poll`, and the events to wait for (`readable`, `writable`).
    package typealias PollEntry = pollfd

    /// `poll(2)`; returns how many entries have events. `EINTR` counts as none.
    package static func poll(_ entries: inout [pollfd], timeoutMilliseconds: Int32) throws(SystemError) -> Int {
        let n = entries.withUnsafeMutableBufferPointer { buffer in
            Glibc.poll(buffer.baseAddress, nfds_t(buffer.count), timeoutMilliseconds)
        }
        if n >= 0 { return Int(n) }
        if errno == EINTR { return 0 }
        throw SystemError("poll")
    }

    /// An epoll instance (`epoll_create1(EPOLL_CLOEXEC)`).
    package static func epollCreate() throws(SystemError) -> Int32 {
        let fd = clinux_epoll_create()
        guard fd >= 0 else { throw SystemError("epoll_create1") }
        return fd
    }

    /// Watches `fd` for input under `token` in epoll instance `epfd` (`epoll_ctl` ADD, or MOD when it is
    /// already watched).
    package static func epollWatch(_ epfd: Int32, _ fd: Int32, token: Int32) throws(SystemError) {
        guard clinux_epoll_watch(epfd, fd, token) == 0 else { throw SystemError("epoll_ctl") }
    }

    /// Stops watching `fd` (`epoll_ctl` DEL); a descriptor already closed is no longer watched anyway.
    package static func epollUnwatch(_ epfd: Int32, _ fd: Int32) {
        _ = clinux_epoll_unwatch(epfd, fd)
    }

    /// `epoll_wait(2)`: fills `tokens` and `events` (poll's bits) for the ready descriptors, up to their
    /// capacity (at most 16), and returns how many. `EINTR` counts as none.
    package static func epollWait(
        _ epfd: Int32, tokens: inout [Int32], events: inout [UInt32], timeoutMilliseconds: Int32
    ) throws(SystemError) -> Int {
        let capacity = Int32(min(tokens.count, events.count))
        let n = tokens.withUnsafeMutableBufferPointer { tokenBuffer in
            events.withUnsafeMutableBufferPointer { eventBuffer in
                clinux_epoll_wait(epfd, tokenBuffer.baseAddress, eventBuffer.baseAddress, capacity, timeoutMilliseconds)
            }
        }
        if n >= 0 { return Int(n) }
        if errno == EINTR { return 0 }
        throw SystemError("epoll_wait")
    }

    /// Nanoseconds on `CLOCK_MONOTONIC`.
    package static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Nanoseconds on `CLOCK_REALTIME`: the wall clock, since the Unix epoch.
    package static func realtimeNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// `fcntl(F_SETFL)` adding `O_NONBLOCK`.
    package static func setNonBlocking(_ fd: Int32, what: String) throws(SystemError) {
        let flags = fcntl(fd, F_GETFL)
        if flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 { throw SystemError("fcntl", what) }
    }

    /// `fstat(2)`.
    package static func fstat(_ fd: Int32, what: String) throws(SystemError) -> stat {
        var info = stat()
        if Glibc.fstat(fd, &info) != 0 { throw SystemError("fstat", what) }
        return info
    }

    /// `lstat(2)`, or nil when the path does not exist.
    package static func lstat(_ path: String) throws(SystemError) -> stat? {
        var info = stat()
        if Glibc.lstat(path, &info) == 0 { return info }
        if errno == ENOENT { return nil }
        throw SystemError("lstat", path)
    }

    /// `mkfifo(3)`.
    package static func mkfifo(_ path: String, mode: mode_t) throws(SystemError) {
        if Glibc.mkfifo(path, mode) != 0 { throw SystemError("mkfifo", path) }
    }

    /// `mkdir(2)`.
    package static func mkdir(_ path: String, mode: mode_t) throws(SystemError) {
        if Glibc.mkdir(path, mode) != 0 { throw SystemError("mkdir", path) }
    }

    /// `fchmod(2)`.
    package static func fchmod(_ fd: Int32, mode: mode_t, what: String) throws(SystemError) {
        if Glibc.fchmod(fd, mode) != 0 { throw SystemError("chmod", what) }
    }

    /// `fchown(2)` to group `gid`, leaving the owner.
    package static func fchgrp(_ fd: Int32, gid: gid_t, what: String) throws(SystemError) {
        if Glibc.fchown(fd, uid_t.max, gid) != 0 { throw SystemError("chown", what) }
    }

    /// The id of the group called `name`, or nil when there is none.
    package static func groupID(named name: String) -> gid_t? {
        guard let entry = getgrnam(name) else { return nil }
        return entry.pointee.gr_gid
    }

    /// `unlink(2)`; a missing path is not an error.
    package static func unlink(_ path: String) throws(SystemError) {
        if Glibc.unlink(path) != 0, errno != ENOENT { throw SystemError("unlink", path) }
    }

    /// `symlink(2)`.
    package static func symlink(target: String, at path: String) throws(SystemError) {
        if Glibc.symlink(target, path) != 0 { throw SystemError("symlink", path) }
    }

    /// `realpath(3)`: the path with every symbolic link resolved.
    package static func realpath(_ path: String) throws(SystemError) -> String {
        guard let resolved = Glibc.realpath(path, nil) else { throw SystemError("resolve", path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `flock(2)` with `LOCK_EX | LOCK_NB`: false when another process holds the lock.
    package static func lockExclusively(_ fd: Int32, what: String) throws(SystemError) -> Bool {
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
        if errno == EWOULDBLOCK { return false }
        throw SystemError("lock", what)
    }

    /// The value of environment variable `name`.
    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The host's name (`gethostname(2)`), or `localhost` when it cannot be read.
    package static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// This process's id.
    package static var processID: Int32 { getpid() }

    /// The contents of the file at `path`; fails on files larger than `limit` bytes.
    package static func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let fd = try open(path, O_RDONLY)
        defer { close(fd) }
        return try readAll(fd, limit: limit, what: path)
    }

    /// Reads `fd` to its end; more than `limit` bytes is an `EFBIG` error.
    package static func readAll(_ fd: Int32, limit: Int, what path: String) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard case .done(let count) = try read(fd, into: &chunk, what: path) else { continue }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw SystemError("read", path, code: .fileTooLarge) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// `signal(SIGPIPE, SIG_IGN)`: writing to a pipe whose reader left is then an `EPIPE` error, not death.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// `POSIX_SPAWN_SETSID`, the `posix_spawnattr_setflags` flag that starts the child in a session of its own.
    package static var spawnNewSession: Int16 { clinux_posix_spawn_setsid() }

    /// `fcntl(F_SETFD, FD_CLOEXEC)`.
    package static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// `unsetenv(3)`.
    package static func unsetEnvironment(_ name: String) {
        unsetenv(name)
    }

    /// `isatty(3)`.
    package static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The terminal settings of `fd` (`tcgetattr`), or nil when it is not a terminal.
    package static func terminalMode(_ fd: Int32) -> termios? {
        var mode = termios()
        return tcgetattr(fd, &mode) == 0 ? mode : nil
    }

    /// Applies terminal settings at once (`tcsetattr(TCSANOW)`).
    package static func setTerminalMode(_ fd: Int32, _ mode: termios) {
        var mode = mode
        _ = tcsetattr(fd, TCSANOW, &mode)
    }

    /// `nanosleep(2)`: only for bounded waits outside the event loop.
    package static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        _ = nanosleep(&request, nil)
    }

    /// The local wall time now (`clock_gettime(CLOCK_REALTIME)`, `localtime_r`: the time zone's rules,
    /// daylight saving time included), for the idle clock.
    package static func localWallTime() -> WallTime {
        let (parts, nanoseconds) = localNow()
        return WallTime(
            year: Int(parts.tm_year) + 1_900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            weekday: Int(parts.tm_wday), hour: Int(parts.tm_hour), minute: Int(parts.tm_min),
            second: Int(parts.tm_sec), nanosecond: nanoseconds)
    }

    /// The local time now, broken down (`clock_gettime(CLOCK_REALTIME)`, `localtime_r`), and the nanoseconds
    /// into its second.
    private static func localNow() -> (parts: tm, nanoseconds: Int) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        localtime_r(&now.tv_sec, &parts)
        return (parts, now.tv_nsec)
    }

    /// A unix datagram socket (`socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC)`), or -1.
    package static func unixDatagramSocket() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    /// Sends `bytes` as one datagram on `socket` to the unix socket at `path` (`sendto`); a path starting with
    /// `@` names an abstract socket. Returns false when it could not be sent.
    @discardableResult
    package static func sendDatagram(_ bytes: [UInt8], on socket: Int32, to path: String) -> Bool {
        var address = sockaddr_un()
        var name = Array(path.utf8)
        guard !name.isEmpty, name.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        if name[0] == UInt8(ascii: "@") { name[0] = 0 }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in name.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count + (name[0] == 0 ? 0 : 1))
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                bytes.withUnsafeBytes { raw in
                    sendto(socket, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL), target, length)
                }
            }
        }
        return sent == bytes.count
    }

    /// A non-blocking monotonic `timerfd`, or throws.
    package static func monotonicTimer() throws(SystemError) -> Int32 {
        let fd = clinux_timerfd_create_monotonic()
        guard fd >= 0 else { throw SystemError("timerfd_create") }
        return fd
    }

    /// Arms a `timerfd` (`timerfd_settime`): first expiry after `first` ns, then every `interval` ns (0: once;
    /// both 0: disarmed).
    package static func armTimer(_ fd: Int32, firstNanoseconds first: Int64, intervalNanoseconds interval: Int64)
        throws(SystemError)
    {
        guard clinux_timerfd_arm(fd, first, interval) == 0 else { throw SystemError("timerfd_settime") }
    }

    /// Arms a `timerfd` to fire once at `deadline` ns on its clock (`timerfd_settime` with `TFD_TIMER_ABSTIME`).
    package static func armTimer(_ fd: Int32, atNanoseconds deadline: Int64) throws(SystemError) {
        guard clinux_timerfd_arm_absolute(fd, deadline) == 0 else { throw SystemError("timerfd_settime") }
    }

    /// Blocks SIGTERM, SIGINT and SIGHUP, ignores SIGPIPE, and returns a non-blocking `signalfd` for the three.
    package static func lifecycleSignals() throws(SystemError) -> Int32 {
        let fd = clinux_signalfd_for_lifecycle()
        guard fd >= 0 else { throw SystemError("signalfd") }
        return fd
    }

    /// The next signal read from a `signalfd`, or nil when none is pending.
    package static func nextSignal(_ fd: Int32) -> Int32? {
        let signal = clinux_signalfd_read(fd)
        return signal > 0 ? signal : nil
    }

    /// `openpty` with the slave in raw mode: the master, the slave and the slave's path.
    package static func openPseudoTerminal() throws(SystemError) -> (master: Int32, slave: Int32, path: String) {
        var master: Int32 = -1
        var slave: Int32 = -1
        var name = [CChar](repeating: 0, count: 128)
        let opened = name.withUnsafeMutableBufferPointer { buffer in
            clinux_openpty_raw(&master, &slave, buffer.baseAddress, Int32(buffer.count))
        }
        guard opened == 0 else { throw SystemError("openpty") }
        let path = name.withUnsafeBufferPointer { buffer in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return (master, slave, path)
    }

    /// `TIOCEXCL` (true) or `TIOCNXCL` (false) on a terminal: whether further opens are refused.
    package static func setExclusive(_ fd: Int32, _ exclusive: Bool) {
        _ = exclusive ? clinux_tty_exclusive(fd) : clinux_tty_nonexclusive(fd)
    }

    /// Sets SPI mode 0, 8-bit words and a clock of `speedHz` on an spidev descriptor (`SPI_IOC_WR_MODE`,
    /// `SPI_IOC_WR_BITS_PER_WORD`, `SPI_IOC_WR_MAX_SPEED_HZ`); the error is ENOTTY when `fd` is no SPI device.
    package static func configureSPI(_ fd: Int32, speedHz: Int, what: String) throws(SystemError) {
        guard clinux_spi_configure(fd, UInt32(clamping: speedHz)) == 0 else { throw SystemError("set up SPI on", what) }
    }

    /// Bytes still queued for output on a terminal (`TIOCOUTQ`), or nil.
    package static func outputQueued(_ fd: Int32) -> Int? {
        let n = clinux_tty_output_queued(fd)
        return n >= 0 ? Int(n) : nil
    }
}

extension pollfd {
    /// An entry waiting for `events` on `fd`.
    package init(_ fd: Int32, _ events: Int16) {
        self.init(fd: fd, events: events, revents: 0)
    }
}
