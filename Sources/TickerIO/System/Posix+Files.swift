import Glibc

extension Posix {
    /// `pread(2)`: up to `buffer.count` bytes at `offset` without moving the file position; `EINTR` is
    /// retried. Returns the count read (0 at the end of the file).
    package static func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int, what: String)
        throws(SystemError) -> Int
    {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = Glibc.pread(fd, base, buffer.count, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR { throw SystemError("read", what) }
        }
    }

    /// `rename(2)`: moves `source` over `destination` in one step (both in the same file system).
    package static func rename(_ source: String, to destination: String) throws(SystemError) {
        guard Glibc.rename(source, destination) == 0 else { throw SystemError("rename", source) }
    }

    /// Replaces the file at `path` with `bytes` in one step, so that a reader sees the old file or the new one
    /// and never a mix: written to `<path>.tmp` in the same directory (never through a symbolic link), given
    /// `mode` whatever the umask, synced, then renamed over `path`.
    package static func replaceFile(_ path: String, with bytes: [UInt8], mode: mode_t) throws(SystemError) {
        let temporary = path + ".tmp"
        let fd = try open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, mode: mode)
        do {
            try fchmod(fd, mode: mode, what: temporary)
            try writeAll(fd, bytes, what: temporary)
            try fsync(fd, what: temporary)
        } catch {
            close(fd)
            try? unlink(temporary)
            throw error
        }
        close(fd)
        try rename(temporary, to: path)
    }

    /// `fsync(2)`: waits until the file's data is on disk.
    package static func fsync(_ fd: Int32, what: String) throws(SystemError) {
        while Glibc.fsync(fd) != 0 {
            if errno != EINTR { throw SystemError("sync", what) }
        }
    }
}
