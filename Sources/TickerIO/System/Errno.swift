import Glibc

/// An `errno` value as a type: named constants for the codes tickerd acts on, and the system's sentence for
/// any code (`strerror`, called here and nowhere else).
package struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value.
    package let rawValue: Int32

    /// The code `rawValue`.
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now.
    package static var current: Errno { Errno(rawValue: errno) }

    /// The system's message, e.g. "No such file or directory".
    package var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    /// `EINTR`: a signal interrupted the call.
    package static let interrupted = Errno(rawValue: EINTR)
    /// `EAGAIN` (also `EWOULDBLOCK`): a non-blocking call could not proceed now.
    package static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EINPROGRESS`: a non-blocking `connect` goes on in the background.
    package static let inProgress = Errno(rawValue: EINPROGRESS)
    /// `ENOENT`.
    package static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    /// `ENOTDIR`.
    package static let notADirectory = Errno(rawValue: ENOTDIR)
    /// `EEXIST`.
    package static let fileExists = Errno(rawValue: EEXIST)
    /// `ENXIO`: for a FIFO opened to write without blocking, nobody reads it.
    package static let noDeviceOrAddress = Errno(rawValue: ENXIO)
    /// `ELOOP`: `O_NOFOLLOW` met a symbolic link.
    package static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
    /// `EPIPE`: the reading end is closed.
    package static let brokenPipe = Errno(rawValue: EPIPE)
    /// `EIO`: the device went away.
    package static let ioError = Errno(rawValue: EIO)
    /// `EBUSY`.
    package static let busy = Errno(rawValue: EBUSY)
    /// `EINVAL`.
    package static let invalidArgument = Errno(rawValue: EINVAL)
    /// `EFBIG`.
    package static let fileTooLarge = Errno(rawValue: EFBIG)
    /// `ENAMETOOLONG`.
    package static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
    /// `ECONNREFUSED`.
    package static let connectionRefused = Errno(rawValue: ECONNREFUSED)
    /// `ECONNRESET`.
    package static let connectionReset = Errno(rawValue: ECONNRESET)
    /// `EPERM`: for a socket, a firewall or the service's address rules refused the packet.
    package static let operationNotPermitted = Errno(rawValue: EPERM)
    /// `ENOSYS`.
    package static let notImplemented = Errno(rawValue: ENOSYS)
    /// `ENOTTY`: an ioctl the descriptor does not take (an SPI setting on a FIFO).
    package static let notATerminal = Errno(rawValue: ENOTTY)
}
