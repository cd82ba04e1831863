import Glibc

/// An `errno` value as a type: named constants for the codes tickerd acts on, and the system's sentence for
/// any code (`strerror`, called here and nowhere else).
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value.
    public let rawValue: Int32

    /// The code `rawValue`.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(rawValue: errno) }

    /// The system's message, e.g. "No such file or directory".
    public var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    /// `EINTR`: a signal interrupted the call.
    public static let interrupted = Errno(rawValue: EINTR)
    /// `EAGAIN` (also `EWOULDBLOCK`): a non-blocking call could not proceed now.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EINPROGRESS`: a non-blocking `connect` goes on in the background.
    public static let inProgress = Errno(rawValue: EINPROGRESS)
    /// `ENOENT`.
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    /// `ENOTDIR`.
    public static let notADirectory = Errno(rawValue: ENOTDIR)
    /// `EEXIST`.
    public static let fileExists = Errno(rawValue: EEXIST)
    /// `ENXIO`: for a FIFO opened to write without blocking, nobody reads it.
    public static let noDeviceOrAddress = Errno(rawValue: ENXIO)
    /// `ELOOP`: `O_NOFOLLOW` met a symbolic link.
    public static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
    /// `EPIPE`: the reading end is closed.
    public static let brokenPipe = Errno(rawValue: EPIPE)
    /// `EIO`: the device went away.
    public static let ioError = Errno(rawValue: EIO)
    /// `EBUSY`.
    public static let busy = Errno(rawValue: EBUSY)
    /// `EINVAL`.
    public static let invalidArgument = Errno(rawValue: EINVAL)
    /// `EFBIG`.
    public static let fileTooLarge = Errno(rawValue: EFBIG)
    /// `ENAMETOOLONG`.
    public static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
    /// `ECONNREFUSED`.
    public static let connectionRefused = Errno(rawValue: ECONNREFUSED)
    /// `ECONNRESET`.
    public static let connectionReset = Errno(rawValue: ECONNRESET)
    /// `ENOSYS`.
    public static let notImplemented = Errno(rawValue: ENOSYS)
}
