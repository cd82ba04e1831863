import Glibc
import TickerCore
import TickerIO

/// A music file on disk as a `TagSource`: the tag readers ask for byte ranges and get them with `pread(2)`,
/// so a large file is never read whole. Holds the descriptor until `close()`.
package final class FileTagSource: TagSource {
    /// The file's path, for messages.
    package let path: String
    package let count: Int
    private var fd: Int32

    /// Opens the regular file at `path` (following no symlink in its last component).
    package init(path: String) throws(SystemError) {
        self.path = path
        fd = try Posix.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        let info: stat
        do {
            info = try Posix.fstat(fd, what: path)
        } catch {
            Posix.close(fd)
            throw error
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            Posix.close(fd)
            throw SystemError("read", path, code: .invalidArgument)
        }
        count = Int(info.st_size)
    }

    deinit { close() }

    /// Closes the file; later reads return nil.
    package func close() {
        Posix.close(fd)
        fd = -1
    }

    package func bytes(at offset: Int, count wanted: Int) -> [UInt8]? {
        guard fd >= 0, offset >= 0, wanted >= 0, offset <= count else { return nil }
        let length = min(wanted, count - offset)
        var bytes = [UInt8](repeating: 0, count: length)
        var filled = 0
        while filled < length {
            let read = bytes.withUnsafeMutableBytes { raw in
                try? Posix.pread(
                    fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]), at: offset + filled, what: path)
            }
            guard let read else { return nil }
            if read == 0 { break }  // The file shrank since it was opened.
            filled += read
        }
        return filled == length ? bytes : Array(bytes[0..<filled])
    }
}
