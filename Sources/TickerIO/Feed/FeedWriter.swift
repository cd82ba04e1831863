import Glibc
import TickerCore

/// Why writing to the feed failed; every message names the operation and the path.
package enum FeedWriterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The FIFO exists but no daemon has it open for reading (ENXIO).
    case noReader(path: String)
    /// Nothing exists at the path (ENOENT).
    case missing(path: String)
    /// The path exists but is not a named pipe (a regular file, a directory, a symlink, …).
    case notAFIFO(path: String)
    /// `open(2)` failed for another reason; `errno` as returned.
    case open(path: String, errno: Errno)
    /// The pipe stayed full for `timeoutMillis` milliseconds: the reader is stuck.
    case pipeFull(path: String, timeoutMillis: Int32)
    /// The reader closed the pipe while we were writing (EPIPE).
    case readerGone(path: String)
    /// `write(2)` or `poll(2)` failed for another reason; `errno` as returned.
    case write(path: String, errno: Errno)
    /// `send` was called after `close()`.
    case closed(path: String)

    /// A sentence naming the operation, the path and the cause.
    package var description: String {
        switch self {
        case .noReader(let path):
            return "no tickerd is reading '\(path)' (is the service running?)"
        case .missing(let path):
            return "feed '\(path)' does not exist (is tickerd running, and is this the feed path it was given?)"
        case .notAFIFO(let path):
            return "open '\(path)': not a named pipe (expected the FIFO tickerd reads)"
        case .open(let path, let code):
            return "open '\(path)': \(code)"
        case .pipeFull(let path, let timeoutMillis):
            return "write '\(path)': the pipe stayed full for \(timeoutMillis) ms (is tickerd stuck?)"
        case .readerGone(let path):
            return "write '\(path)': tickerd closed the pipe (Broken pipe)"
        case .write(let path, let code):
            return "write '\(path)': \(code)"
        case .closed(let path):
            return "write '\(path)': the feed writer was already closed"
        }
    }
}

/// The writing end of tickerd's feed FIFO.
///
/// Opened `O_WRONLY | O_NONBLOCK | O_CLOEXEC`, so a missing daemon is an error rather than a hang. Each
/// call to `send` writes its lines in as few `write(2)` calls as fit in `PIPE_BUF` (4096 bytes), each of
/// which a FIFO delivers whole, so lines from concurrent writers never interleave. The writer owns its
/// descriptor and closes it in `close()` or when released. Creating one ignores SIGPIPE process-wide:
/// a vanished reader must be an error (`readerGone`), not the death of the process.
package final class FeedWriter {
    /// The FIFO path this writer was opened on.
    package let path: String
    /// How long `send` waits for room in a full pipe before giving up, in milliseconds.
    package let fullPipeTimeoutMillis: Int32
    private var descriptor: Int32

    /// Opens the FIFO at `path` for writing. Refuses anything that is not a FIFO (checked with
    /// `fstat` after `open`, and `O_NOFOLLOW` refuses a symlink).
    package init(path: String, fullPipeTimeoutMillis: Int32 = 2000) throws(FeedWriterError) {
        Posix.ignoreBrokenPipes()
        self.path = path
        self.fullPipeTimeoutMillis = fullPipeTimeoutMillis
        let fd: Int32
        do {
            fd = try Posix.open(path, O_WRONLY | O_NONBLOCK | O_NOFOLLOW)
        } catch {
            switch error.code {
            case .noDeviceOrAddress: throw .noReader(path: path)
            case .noSuchFileOrDirectory: throw .missing(path: path)
            case .tooManySymbolicLinks: throw .notAFIFO(path: path)
            default: throw .open(path: path, errno: error.code)
            }
        }
        guard let info = try? Posix.fstat(fd, what: path), info.st_mode & S_IFMT == S_IFIFO else {
            Posix.close(fd)
            throw .notAFIFO(path: path)
        }
        descriptor = fd
    }

    deinit {
        Posix.close(descriptor)
    }

    /// Writes `lines` (control characters turned into spaces, each ended by `\n`) as one or more atomic writes
    /// of at most 4096 bytes. A full pipe is waited on with `poll(2)` for up to `fullPipeTimeoutMillis`.
    package func send(_ lines: [String]) throws(FeedWriterError) {
        guard descriptor >= 0 else { throw .closed(path: path) }
        for batch in FeedLines.batches(lines) {
            try write(batch)
        }
    }

    /// Writes `commands`, encoded (`FeedCommand.lines`), as `send(_ lines:)` does.
    package func send(_ commands: [FeedCommand]) throws(FeedWriterError) {
        try send(commands.flatMap(\.lines))
    }

    /// Closes the descriptor; later calls to `send` throw `closed`.
    package func close() {
        Posix.close(descriptor)
        descriptor = -1
    }

    private func write(_ bytes: [UInt8]) throws(FeedWriterError) {
        var offset = 0
        while offset < bytes.count {
            switch Result(catching: { () throws(SystemError) in
                try Posix.write(descriptor, bytes, from: offset, what: path)
            }) {
            case .success(.done(let count)): offset += count
            case .success(.wouldBlock): try waitForRoom()
            case .failure(let error) where error.code == .brokenPipe: throw .readerGone(path: path)
            case .failure(let error): throw .write(path: path, errno: error.code)
            }
        }
    }

    private func waitForRoom() throws(FeedWriterError) {
        var entry = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
        let ready: Int
        do {
            ready = try Posix.poll(&entry, timeoutMilliseconds: fullPipeTimeoutMillis)
        } catch {
            throw .write(path: path, errno: error.code)
        }
        if ready == 0 { throw .pipeFull(path: path, timeoutMillis: fullPipeTimeoutMillis) }
        if entry[0].revents & Int16(POLLERR) != 0 { throw .readerGone(path: path) }
    }
}
