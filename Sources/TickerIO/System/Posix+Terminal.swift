import Glibc

extension Posix {
    /// Whether `path`, its symbolic links resolved, is the slave side of a pseudo-terminal (`lstat(2)`: a
    /// character device of the Unix 98 pty slave majors, 136–143), such as `/dev/pts/3`; false for anything
    /// else, a symbolic link, or a path that cannot be read.
    package static func isPseudoTerminal(_ path: String) -> Bool {
        guard let info = try? lstat(path), info.st_mode & S_IFMT == S_IFCHR else { return false }
        // The major number as glibc's gnu_dev_major packs it: bits 8–19 and 32–43 of the device number.
        let device = UInt64(info.st_rdev)
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~UInt64(0xFFF))
        return (136...143).contains(major)
    }

    /// Sets the terminal `fd` up as a serial line (`tcgetattr`, `cfmakeraw`, `cfsetspeed`, `tcsetattr`): raw
    /// bytes, no echo, no line discipline, receiver on, modem lines ignored (`CLOCAL`), `baudRate` in both
    /// directions, and the given character size, parity, stop bits and flow control. Throws `EINVAL` for a
    /// rate termios has no constant for.
    package static func setSerialLine(_ fd: Int32, _ settings: SerialSettings, what: String) throws(SystemError) {
        var mode = termios()
        guard tcgetattr(fd, &mode) == 0 else { throw SystemError("configure", what) }
        cfmakeraw(&mode)
        mode.c_cflag |= tcflag_t(CREAD | CLOCAL)
        let framing: Int32 = CSIZE | PARENB | PARODD | CSTOPB
        mode.c_cflag &= ~(tcflag_t(framing) | tcflag_t(CMSPAR) | tcflag_t(CRTSCTS))
        switch settings.dataBits {
        case 5: mode.c_cflag |= tcflag_t(CS5)
        case 6: mode.c_cflag |= tcflag_t(CS6)
        case 7: mode.c_cflag |= tcflag_t(CS7)
        default: mode.c_cflag |= tcflag_t(CS8)
        }
        switch settings.parity {
        case .none: break
        case .odd: mode.c_cflag |= tcflag_t(PARENB | PARODD)
        case .even: mode.c_cflag |= tcflag_t(PARENB)
        case .mark: mode.c_cflag |= tcflag_t(PARENB | PARODD | CMSPAR)
        case .space: mode.c_cflag |= tcflag_t(PARENB | CMSPAR)
        }
        if settings.stopBits == 2 { mode.c_cflag |= tcflag_t(CSTOPB) }
        mode.c_iflag &= ~tcflag_t(IXON | IXOFF | IXANY)
        switch settings.flowControl {
        case .none: break
        case .rtscts: mode.c_cflag |= tcflag_t(CRTSCTS)
        case .xonxoff: mode.c_iflag |= tcflag_t(IXON | IXOFF)
        case .dtrdsr: throw SystemError("set flow control dtrdsr", what, code: .invalidArgument)
        }
        try setSpeed(&mode, settings.baudRate, what: what)
        guard tcsetattr(fd, TCSANOW, &mode) == 0 else { throw SystemError("configure", what) }
    }

    /// Changes the line rate of the terminal `fd` in both directions (`cfsetspeed`, `tcsetattr`); throws
    /// `EINVAL` for a rate termios has no constant for.
    package static func setLineSpeed(_ fd: Int32, _ baudRate: Int, what: String) throws(SystemError) {
        var mode = termios()
        guard tcgetattr(fd, &mode) == 0 else { throw SystemError("set baud rate \(baudRate)", what) }
        try setSpeed(&mode, baudRate, what: what)
        guard tcsetattr(fd, TCSANOW, &mode) == 0 else { throw SystemError("set baud rate \(baudRate)", what) }
    }

    private static func setSpeed(_ mode: inout termios, _ baudRate: Int, what: String) throws(SystemError) {
        guard let speed = terminalSpeeds.first(where: { $0.baud == baudRate })?.speed, cfsetspeed(&mode, speed) == 0
        else {
            throw SystemError("set baud rate \(baudRate)", what, code: .invalidArgument)
        }
    }

    /// The rates termios names (`B50` … `B4000000`).
    private static let terminalSpeeds: [(baud: Int, speed: speed_t)] = [
        (50, speed_t(B50)), (75, speed_t(B75)), (110, speed_t(B110)), (134, speed_t(B134)), (150, speed_t(B150)),
        (200, speed_t(B200)), (300, speed_t(B300)), (600, speed_t(B600)), (1_200, speed_t(B1200)),
        (1_800, speed_t(B1800)), (2_400, speed_t(B2400)), (4_800, speed_t(B4800)), (9_600, speed_t(B9600)),
        (19_200, speed_t(B19200)), (38_400, speed_t(B38400)), (57_600, speed_t(B57600)),
        (115_200, speed_t(B115200)), (230_400, speed_t(B230400)), (460_800, speed_t(B460800)),
        (500_000, speed_t(B500000)), (576_000, speed_t(B576000)), (921_600, speed_t(B921600)),
        (1_000_000, speed_t(B1000000)), (1_152_000, speed_t(B1152000)), (1_500_000, speed_t(B1500000)),
        (2_000_000, speed_t(B2000000)), (2_500_000, speed_t(B2500000)), (3_000_000, speed_t(B3000000)),
        (3_500_000, speed_t(B3500000)), (4_000_000, speed_t(B4000000)),
    ]

    /// Whether the terminal `fd` has been hung up (`poll(2)` reports `POLLHUP`): the window holding it was
    /// closed, or the other side of its pseudo-terminal went away.
    package static func isHungUp(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var ready: Int32
        repeat { ready = Glibc.poll(&entry, 1, 0) } while ready < 0 && errno == EINTR
        return ready > 0 && entry.revents & Int16(POLLHUP) != 0
    }
}
