import Glibc

/// Why writing to the feed failed; every message names the operation and the path.
public enum FeedWriterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The FIFO exists but no daemon has it open for reading (ENXIO).
    case noReader(path: String)
    /// Nothing exists at the path (ENOENT).
    case missing(path: String)
    /// The path exists but is not a named pipe (a regular file, a directory, a symlink, …).
    case notAFIFO(path: String)
    /// `open(2)` failed for another reason; `errno` as returned.
    case open(path: String, errno: Int32)
    /// The pipe stayed full for `timeoutMillis` milliseconds: the reader is stuck.
    case pipeFull(path: String, timeoutMillis: Int32)
    /// The reader closed the pipe while we were writing (EPIPE).
    case readerGone(path: String)
    /// `write(2)` or `poll(2)` failed for another reason; `errno` as returned.
    case write(path: String, errno: Int32)
    /// `send` was called after `close()`.
    case closed(path: String)

    /// A sentence naming the operation, the path and the cause.
    public var description: String {
        switch self {
        case .noReader(let path):
            return "no tickerd is reading '\(path)' (is the service running?)"
        case .missing(let path):
            return "feed '\(path)' does not exist (is tickerd running, and is this the feed path it was given?)"
        case .notAFIFO(let path):
            return "open '\(path)': not a named pipe (expected the FIFO tickerd reads)"
        case .open(let path, let code):
            return "open '\(path)': \(FeedWriterError.errnoText(code))"
        case .pipeFull(let path, let timeoutMillis):
            return "write '\(path)': the pipe stayed full for \(timeoutMillis) ms (is tickerd stuck?)"
        case .readerGone(let path):
            return "write '\(path)': tickerd closed the pipe (Broken pipe)"
        case .write(let path, let code):
            return "write '\(path)': \(FeedWriterError.errnoText(code))"
        case .closed(let path):
            return "write '\(path)': the feed writer was already closed"
        }
    }

    static func errnoText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Pure helpers that turn feed lines into the bytes of atomic FIFO writes.
public enum FeedLines {
    /// The largest write a FIFO delivers in one piece (`PIPE_BUF` on Linux), in bytes.
    public static let atomicWriteBytes = 4096

    /// Returns `text` with every control character (CR, LF, TAB, NUL, DEL, C1 controls, U+2028/2029)
    /// replaced by a space, so it fits on one feed line.
    public static func sanitize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isControl = value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029
            result.append(isControl ? " " : scalar)
        }
        return String(result)
    }

    /// Groups `lines` into writes of at most `limit` bytes each, every line ended by `\n`, never
    /// splitting a line across two writes. The lines are sanitised; a line that alone exceeds
    /// `limit − 1` bytes is cut at the last whole character that fits.
    public static func batches(_ lines: [String], limit: Int = atomicWriteBytes) -> [[UInt8]] {
        let lineLimit = max(limit - 1, 1)
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        for line in lines {
            var bytes = Array(sanitize(line).utf8)
            if bytes.count > lineLimit {
                bytes = truncatedUTF8(bytes, to: lineLimit)
            }
            if !current.isEmpty && current.count + bytes.count + 1 > limit {
                result.append(current)
                current = []
            }
            current.append(contentsOf: bytes)
            current.append(0x0A)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Cuts valid UTF-8 to at most `count` bytes without splitting a character.
    static func truncatedUTF8(_ bytes: [UInt8], to count: Int) -> [UInt8] {
        var end = min(count, bytes.count)
        // Step back over continuation bytes (10xxxxxx) so the cut lands on a character start.
        while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 {
            end -= 1
        }
        return Array(bytes[0..<end])
    }
}

/// The writing end of tickerd's feed FIFO.
///
/// Opened `O_WRONLY | O_NONBLOCK | O_CLOEXEC`, so a missing daemon is an error rather than a hang. Each
/// call to `send` writes its lines in as few `write(2)` calls as fit in `PIPE_BUF` (4096 bytes), each of
/// which a FIFO delivers whole, so lines from concurrent writers never interleave. The writer owns its
/// descriptor and closes it in `close()` or when released. Creating one ignores SIGPIPE process-wide:
/// a vanished reader must be an error (`readerGone`), not the death of the process.
public final class FeedWriter {
    /// The FIFO path this writer was opened on.
    public let path: String
    /// How long `send` waits for room in a full pipe before giving up, in milliseconds.
    public let fullPipeTimeoutMillis: Int32
    private var descriptor: Int32

    /// Opens the FIFO at `path` for writing. Refuses anything that is not a FIFO (checked with
    /// `fstat` after `open`, and `O_NOFOLLOW` refuses a symlink).
    public init(path: String, fullPipeTimeoutMillis: Int32 = 2000) throws(FeedWriterError) {
        signal(SIGPIPE, SIG_IGN)
        self.path = path
        self.fullPipeTimeoutMillis = fullPipeTimeoutMillis
        let fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            let code = errno
            switch code {
            case ENXIO: throw .noReader(path: path)
            case ENOENT: throw .missing(path: path)
            case ELOOP: throw .notAFIFO(path: path)
            default: throw .open(path: path, errno: code)
            }
        }
        var info = stat()
        if fstat(fd, &info) != 0 || info.st_mode & S_IFMT != S_IFIFO {
            Glibc.close(fd)
            throw .notAFIFO(path: path)
        }
        descriptor = fd
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Whether `close()` has been called.
    public var isClosed: Bool { descriptor < 0 }

    /// Writes `lines` (sanitised, each ended by `\n`) as one or more atomic writes of at most 4096 bytes.
    /// A full pipe is waited on with `poll(2)` for up to `fullPipeTimeoutMillis`.
    public func send(_ lines: [String]) throws(FeedWriterError) {
        guard descriptor >= 0 else { throw .closed(path: path) }
        for batch in FeedLines.batches(lines) {
            try write(batch)
        }
    }

    /// Closes the descriptor; later calls to `send` throw `closed`.
    public func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    private func write(_ bytes: [UInt8]) throws(FeedWriterError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written >= 0 {
                offset += written
                continue
            }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN:
                try waitForRoom()
            case EPIPE:
                throw .readerGone(path: path)
            default:
                throw .write(path: path, errno: code)
            }
        }
    }

    private func waitForRoom() throws(FeedWriterError) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&entry, 1, fullPipeTimeoutMillis)
            if ready > 0 {
                if entry.revents & Int16(POLLERR) != 0 { throw .readerGone(path: path) }
                return
            }
            if ready == 0 { throw .pipeFull(path: path, timeoutMillis: fullPipeTimeoutMillis) }
            if errno != EINTR { throw .write(path: path, errno: errno) }
        }
    }
}
