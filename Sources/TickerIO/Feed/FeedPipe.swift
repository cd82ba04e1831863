import Glibc

/// Why the feed pipe could not be opened.
package enum FeedPipeError: Error, CustomStringConvertible, Equatable {
    /// The path is a symbolic link.
    case symbolicLink(String)
    /// The path exists and is not a FIFO.
    case notAFIFO(String)
    /// The configured group does not exist.
    case unknownGroup(String)
    /// The daemon runs under systemd without the pipe of `tickerd.socket`, and cannot make one itself.
    case notHandedOver(SystemError)
    /// A system call failed.
    case system(SystemError)

    package var description: String {
        switch self {
        case .symbolicLink(let path): return "feed '\(path)' is a symbolic link; refusing to follow it"
        case .notAFIFO(let path):
            return "feed '\(path)' exists and is not a named pipe; remove it or set [feed] path to another place"
        case .unknownGroup(let group):
            return "feed group '\(group)' does not exist (set [feed] group to an existing group)"
        case .notHandedOver(let error):
            return "\(error); under systemd the feed comes from tickerd.socket (is it enabled? "
                + "systemctl enable --now tickerd.socket)"
        case .system(let error): return error.description
        }
    }
}

/// The named pipe the daemon reads feed commands from.
///
/// Created by the daemon (mode and group as configured; a path that exists and is not a FIFO, or is a
/// symbolic link, is refused), or handed over by a systemd `.socket` unit with `ListenFIFO=` (fd 3 through
/// `LISTEN_FDS`/`LISTEN_PID`). Either way it is read non-blocking from a descriptor that also holds a write
/// end (`O_RDWR`), so writers coming and going never produce end-of-file or a `POLLHUP` storm.
package final class FeedPipe {
    /// The descriptor to poll.
    package private(set) var fileDescriptor: Int32
    /// The path, or a description of where the pipe came from.
    package let name: String
    /// Whether systemd handed the pipe over (then the daemon does not remove it on exit).
    package let fromSystemd: Bool
    private let created: Bool

    /// Takes the FIFO systemd passed on fd 3, when `LISTEN_PID` names this process and `LISTEN_FDS` ≥ 1.
    package static func fromSocketActivation() throws(FeedPipeError) -> FeedPipe? {
        guard let pid = Posix.environment("LISTEN_PID").flatMap({ Int32($0) }), pid == Posix.processID,
            let count = Posix.environment("LISTEN_FDS").flatMap({ Int($0) }), count >= 1
        else { return nil }
        let fd: Int32 = 3
        do {
            let info = try Posix.fstat(fd, what: "fd 3 from systemd")
            guard info.st_mode & S_IFMT == S_IFIFO else { throw FeedPipeError.notAFIFO("fd 3 from systemd") }
            Posix.setCloseOnExec(fd)
            try Posix.setNonBlocking(fd, what: "fd 3 from systemd")
        } catch let error as SystemError {
            throw .system(error)
        } catch let error as FeedPipeError {
            throw error
        } catch {
            throw .system(SystemError("fd 3 from systemd", code: .invalidArgument))
        }
        for name in ["LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES"] { Posix.unsetEnvironment(name) }
        return FeedPipe(fileDescriptor: fd, name: "fd 3 (systemd)", fromSystemd: true, created: false)
    }

    /// Opens the FIFO at `path`, creating it with `mode` (and `group`, if given) when it is missing, and its
    /// directory (mode 0755) when that is missing too, as `/run/tickerd` is on a machine where the daemon is
    /// started by hand rather than by systemd with `tickerd.socket`.
    package static func open(path: String, mode: UInt32, group: String) throws(FeedPipeError) -> FeedPipe {
        var created = false
        let fd: Int32
        do {
            if let existing = try Posix.lstat(path) {
                switch existing.st_mode & S_IFMT {
                case S_IFIFO: break
                case S_IFLNK: throw FeedPipeError.symbolicLink(path)
                default: throw FeedPipeError.notAFIFO(path)
                }
            } else {
                if try Posix.lstat(directory(of: path)) == nil { try Posix.mkdir(directory(of: path), mode: 0o755) }
                try Posix.mkfifo(path, mode: mode_t(mode))
                created = true
            }
            // O_NOFOLLOW closes the race between the check above and the open; fstat confirms what was opened.
            fd = try Posix.open(path, O_RDWR | O_NONBLOCK | O_NOFOLLOW)
        } catch let error as FeedPipeError {
            throw error
        } catch let error as SystemError {
            if error.code == .tooManySymbolicLinks { throw .symbolicLink(path) }
            // systemd sets INVOCATION_ID for every service it starts.
            if Posix.environment("INVOCATION_ID") != nil, Self.refusedBySandbox.contains(error.code) {
                throw .notHandedOver(error)
            }
            throw .system(error)
        } catch {
            throw .system(SystemError("open", path, code: .invalidArgument))
        }
        let pipe = FeedPipe(fileDescriptor: fd, name: path, fromSystemd: false, created: created)
        do {
            let info = try Posix.fstat(fd, what: path)
            guard info.st_mode & S_IFMT == S_IFIFO else { throw FeedPipeError.notAFIFO(path) }
            // mkfifo applies the umask; the configured mode is what writers are promised.
            if (info.st_mode & 0o7777) != mode_t(mode) { try Posix.fchmod(fd, mode: mode_t(mode), what: path) }
            if !group.isEmpty {
                guard let gid = Posix.groupID(named: group) else { throw FeedPipeError.unknownGroup(group) }
                if info.st_gid != gid { try Posix.fchgrp(fd, gid: gid, what: path) }
            }
        } catch let error as FeedPipeError {
            throw error
        } catch let error as SystemError {
            throw .system(error)
        } catch {
            throw .system(SystemError("open", path, code: .invalidArgument))
        }
        return pipe
    }

    /// What making the pipe gives under a service's sandbox (read-only file system, no right to the directory).
    private static let refusedBySandbox: [Errno] = [
        Errno(rawValue: EROFS), Errno(rawValue: EACCES), Errno(rawValue: EPERM), .noSuchFileOrDirectory,
    ]

    /// The directory part of `path` ("/" for a path directly under the root).
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private init(fileDescriptor: Int32, name: String, fromSystemd: Bool, created: Bool) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.fromSystemd = fromSystemd
        self.created = created
    }

    deinit { close() }

    /// Reads what is waiting, at most `buffer.count` bytes; 0 when nothing is.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        switch try Posix.read(fileDescriptor, into: buffer, what: name) {
        case .done(let count): return count
        case .wouldBlock: return 0
        }
    }

    /// Closes the pipe, removing it when the daemon created it.
    package func close() {
        guard fileDescriptor >= 0 else { return }
        Posix.close(fileDescriptor)
        fileDescriptor = -1
        if created { try? Posix.unlink(name) }
    }
}
