import Glibc

extension Posix {
    /// `pread(2)`: up to `buffer.count` bytes at `offset` without moving the file position; `EINTR` is
    /// retried. Returns the count read (0 at the end of the file).
    public static func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int, what: String)
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
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        guard Glibc.rename(source, destination) == 0 else { throw SystemError("rename", source) }
    }

    /// `fsync(2)`: waits until the file's data is on disk.
    public static func fsync(_ fd: Int32, what: String) throws(SystemError) {
        while Glibc.fsync(fd) != 0 {
            if errno != EINTR { throw SystemError("sync", what) }
        }
    }
}
