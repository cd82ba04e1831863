import CLinux
import Glibc

/// The system calls tickerd makes, wrapped once: errors become `SystemError`s, `EINTR` is retried, and
/// `EAGAIN` is a value rather than an error. Everything else in TickerIO calls these instead of Glibc.
public enum Posix {
    /// What a non-blocking read or write did.
    public enum Transfer: Equatable, Sendable {
        /// This many bytes moved (0 on a read means end of file).
        case done(Int)
        /// Nothing can move now (`EAGAIN`); try again when poll says so.
        case wouldBlock
    }

    /// `open(2)`: returns the descriptor.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemError) -> Int32 {
        while true {
            let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw SystemError("open", path) }
        }
    }

    /// `close(2)`, ignoring errors (there is nothing useful to do about them).
    public static func close(_ fd: Int32) {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
    }

    /// `read(2)` into `buffer`.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, what: String) throws(SystemError)
        -> Transfer
    {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .done(0) }
        while true {
            let n = Glibc.read(fd, base, buffer.count)
            if n >= 0 { return .done(n) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw SystemError("read", what)
            }
        }
    }

    /// `write(2)` of `bytes`; a short count is possible on non-blocking descriptors.
    public static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, what: String) throws(SystemError)
        -> Transfer
    {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .done(0) }
        while true {
            let n = Glibc.write(fd, base, bytes.count)
            if n >= 0 { return .done(n) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw SystemError("write", what)
            }
        }
    }

    /// Writes all of `bytes` to a blocking descriptor.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], what: String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(SystemError) -> Transfer in
                    try write(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]), what: what)
                }
            }
            switch try result.get() {
            case .done(let n): offset += n
            case .wouldBlock:
                var entry = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
                _ = try poll(&entry, timeoutMilliseconds: 1000)
            }
        }
    }

    /// `poll(2)`; returns how many entries have events. `EINTR` counts as none.
    public static func poll(_ entries: inout [pollfd], timeoutMilliseconds: Int32) throws(SystemError) -> Int {
        let n = entries.withUnsafeMutableBufferPointer { buffer in
            Glibc.poll(buffer.baseAddress, nfds_t(buffer.count), timeoutMilliseconds)
        }
        if n >= 0 { return Int(n) }
        if errno == EINTR { return 0 }
        throw SystemError("poll")
    }

    /// Nanoseconds on `CLOCK_MONOTONIC`.
    public static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// `fcntl(F_SETFL)` adding `O_NONBLOCK`.
    public static func setNonBlocking(_ fd: Int32, what: String) throws(SystemError) {
        let flags = fcntl(fd, F_GETFL)
        if flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 { throw SystemError("fcntl", what) }
    }

    /// `fstat(2)`.
    public static func fstat(_ fd: Int32, what: String) throws(SystemError) -> stat {
        var info = stat()
        if Glibc.fstat(fd, &info) != 0 { throw SystemError("fstat", what) }
        return info
    }

    /// `lstat(2)`, or nil when the path does not exist.
    public static func lstat(_ path: String) throws(SystemError) -> stat? {
        var info = stat()
        if Glibc.lstat(path, &info) == 0 { return info }
        if errno == ENOENT { return nil }
        throw SystemError("lstat", path)
    }

    /// `mkfifo(3)`.
    public static func mkfifo(_ path: String, mode: mode_t) throws(SystemError) {
        if Glibc.mkfifo(path, mode) != 0 { throw SystemError("mkfifo", path) }
    }

    /// `fchmod(2)`.
    public static func fchmod(_ fd: Int32, mode: mode_t, what: String) throws(SystemError) {
        if Glibc.fchmod(fd, mode) != 0 { throw SystemError("chmod", what) }
    }

    /// `fchown(2)` to group `gid`, leaving the owner.
    public static func fchgrp(_ fd: Int32, gid: gid_t, what: String) throws(SystemError) {
        if Glibc.fchown(fd, uid_t.max, gid) != 0 { throw SystemError("chown", what) }
    }

    /// The id of the group called `name`, or nil when there is none.
    public static func groupID(named name: String) -> gid_t? {
        guard let entry = getgrnam(name) else { return nil }
        return entry.pointee.gr_gid
    }

    /// `unlink(2)`; a missing path is not an error.
    public static func unlink(_ path: String) throws(SystemError) {
        if Glibc.unlink(path) != 0, errno != ENOENT { throw SystemError("unlink", path) }
    }

    /// `symlink(2)`.
    public static func symlink(target: String, at path: String) throws(SystemError) {
        if Glibc.symlink(target, path) != 0 { throw SystemError("symlink", path) }
    }

    /// `realpath(3)`: the path with every symbolic link resolved.
    public static func realpath(_ path: String) throws(SystemError) -> String {
        guard let resolved = Glibc.realpath(path, nil) else { throw SystemError("resolve", path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `flock(2)` with `LOCK_EX | LOCK_NB`: false when another process holds the lock.
    public static func lockExclusively(_ fd: Int32, what: String) throws(SystemError) -> Bool {
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
        if errno == EWOULDBLOCK { return false }
        throw SystemError("lock", what)
    }

    /// The value of environment variable `name`.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// This process's id.
    public static var processID: Int32 { getpid() }

    /// The contents of the file at `path`; fails on files larger than `limit` bytes.
    public static func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let fd = try open(path, O_RDONLY)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let result = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) -> Transfer in try read(fd, into: raw, what: path) }
            }
            guard case .done(let count) = try result.get() else { continue }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw SystemError("read", path, code: EFBIG) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Bytes waiting to be read on `fd` (`FIONREAD`), or nil.
    public static func bytesReadable(_ fd: Int32) -> Int? {
        let n = clinux_bytes_readable(fd)
        return n >= 0 ? Int(n) : nil
    }

    /// Bytes still queued for output on a terminal (`TIOCOUTQ`), or nil.
    public static func outputQueued(_ fd: Int32) -> Int? {
        let n = clinux_tty_output_queued(fd)
        return n >= 0 ? Int(n) : nil
    }
}
