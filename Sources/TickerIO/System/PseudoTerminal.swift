import Glibc

/// A pseudo-terminal pair: the emulator (or a test) holds the master side and plays the microcontroller;
/// the slave side is the "serial device" the daemon opens.
package final class PseudoTerminal {
    /// The master descriptor (non-blocking).
    package private(set) var master: Int32
    /// The slave descriptor, held open so the master never sees a hang-up while the daemon reconnects.
    package private(set) var slave: Int32
    /// The slave's device path, e.g. `/dev/pts/3`.
    package let slavePath: String
    /// The symbolic link made to the slave, once made: a path that was refused is never removed.
    package private(set) var link: String?
    private var buffer = [UInt8](repeating: 0, count: 4_096)

    /// Opens a pair in raw mode (`openpty`, `cfmakeraw`) and, with `link`, points a symbolic link at the
    /// slave (replacing an existing link, never a file that is not a link).
    package init(link: String? = nil) throws(SystemError) {
        let (master, slave, path) = try Posix.openPseudoTerminal()
        self.master = master
        self.slave = slave
        self.slavePath = path
        try Posix.setNonBlocking(master, what: path)
        if let link {
            if let existing = try Posix.lstat(link) {
                guard existing.st_mode & S_IFMT == S_IFLNK else {
                    throw SystemError("link", link, code: .fileExists)
                }
                try Posix.unlink(link)
            }
            try Posix.symlink(target: path, at: link)
            self.link = link
        }
    }

    deinit { close() }

    /// Closes both sides and removes the link: to the daemon, the device was unplugged. Once only: by the time
    /// this pair is released, the link may belong to a replugged one.
    package func close() {
        guard master >= 0 else { return }
        Posix.close(master)
        Posix.close(slave)
        master = -1
        slave = -1
        if let link { try? Posix.unlink(link) }
    }

    /// Reads everything the other side has written to the slave so far (non-blocking), handing it to `body`
    /// a chunk at a time. True once nothing more is waiting, false when the pseudo-terminal failed.
    package func drain(_ body: (ArraySlice<UInt8>) -> Void) -> Bool {
        while true {
            let count: Int
            do {
                guard case .done(let n) = try Posix.read(master, into: &buffer, what: slavePath) else { return true }
                count = n
            } catch {
                // EIO: nobody holds the slave side open right now, so there is nothing to read.
                return error.code == .ioError
            }
            if count == 0 { return true }
            body(buffer[..<count])
        }
    }
}
