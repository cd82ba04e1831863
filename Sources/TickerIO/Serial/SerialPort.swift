import CSerialPort
import Glibc
import TickerCore

/// Line settings of a serial port. 8N1 without flow control at 115200 baud unless configured otherwise.
package struct SerialSettings: Sendable, Equatable {
    /// Parity bit: the configuration's own values.
    package typealias Parity = Config.Parity
    /// Flow control: the configuration's own values.
    package typealias FlowControl = Config.FlowControl

    /// Bits per second on the line.
    package var baudRate: Int
    /// Data bits per character (5–8).
    package var dataBits: Int
    /// Parity.
    package var parity: Parity
    /// Stop bits (1 or 2).
    package var stopBits: Int
    /// Flow control.
    package var flowControl: FlowControl

    /// Creates settings; the defaults are 115200 8N1, no flow control.
    package init(
        baudRate: Int = 115_200, dataBits: Int = 8, parity: Parity = .none, stopBits: Int = 1,
        flowControl: FlowControl = .none
    ) {
        self.baudRate = baudRate
        self.dataBits = dataBits
        self.parity = parity
        self.stopBits = stopBits
        self.flowControl = flowControl
    }

    /// Bits on the wire per byte: start bit, data bits, parity, stop bits.
    package var bitsPerByte: Int { 1 + dataBits + (parity == .none ? 0 : 1) + stopBits }

    /// Bytes per second the line carries (`baud / 10` at 8N1).
    package var bytesPerSecond: Int { baudRate / max(bitsPerByte, 1) }
}

/// What went wrong with a serial port. Messages name the port and the libserialport operation.
package struct SerialError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure.
    package enum Kind: Sendable, Equatable {
        /// No such device (yet): absent, unplugged, or no USB port matches.
        case notFound
        /// Another process holds the port.
        case busy
        /// The device went away or the line failed (EIO, hang-up).
        case failed
    }

    /// What kind of failure.
    package let kind: Kind
    /// The sentence for the log.
    package let message: String

    package var description: String { message }
}

/// A serial port: non-blocking writes, exclusive use, closed at once when the device goes away.
///
/// A port libserialport knows (a USB or on-board UART) is opened and configured through it. A pseudo-terminal,
/// which libserialport 0.1.1 refuses (it finds no `/sys/class/tty/pts/N/device` and fails on the modem-line
/// ioctls), is opened with termios alone: the emulators (`tickerctl panel`) live on one.
package final class SerialPort {
    /// How the line was opened.
    private enum Line {
        /// Through libserialport.
        case library(OpaquePointer)
        /// With termios; the locked descriptor is the line itself.
        case terminal
    }

    /// The device path actually opened (symbolic links resolved).
    package let path: String
    /// The line settings in force.
    package let settings: SerialSettings
    private var line: Line?
    /// The descriptor underneath, for `poll`; -1 once closed.
    package private(set) var fileDescriptor: Int32
    /// A descriptor of our own holding the `flock` for as long as the port is open.
    private var lock: Int32

    private init(path: String, settings: SerialSettings, line: Line, fileDescriptor: Int32, lock: Int32) {
        self.path = path
        self.settings = settings
        self.line = line
        self.fileDescriptor = fileDescriptor
        self.lock = lock
    }

    deinit { close() }

    /// libserialport's default debug handler looks `LIBSERIALPORT_DEBUG` up in the environment on every call
    /// of every function, three times per write; unless that variable is set, it is switched off, once.
    private static let debugOutputSettled: Void = {
        if getenv("LIBSERIALPORT_DEBUG") == nil { sp_set_debug_handler(nil) }
    }()

    /// Whether the port is a pseudo-terminal opened with termios rather than through libserialport.
    package var isPseudoTerminal: Bool {
        if case .terminal = line { return true }
        return false
    }

    /// The path for a log line, saying when it is a pseudo-terminal: `/dev/pts/3 (a pseudo-terminal)`.
    package var logName: String { isPseudoTerminal ? "\(path) (a pseudo-terminal)" : path }

    /// Finds and opens the device at `address` with `settings`, exclusively.
    ///
    /// Symbolic links (`/dev/ticker`, `/dev/serial/by-id/…`) are resolved first, since libserialport refuses
    /// them: callers reopen through this on every reconnect, so a board that comes back under another name is
    /// still found. Wraps `sp_get_port_by_name`, `sp_open`, `sp_set_*` and `sp_get_port_handle`; a
    /// pseudo-terminal libserialport does not list is opened with `open(2)` and termios instead.
    package static func open(_ address: DeviceAddress, settings: SerialSettings) throws(SerialError) -> SerialPort {
        _ = debugOutputSettled
        let path = try resolve(address)
        var found: OpaquePointer?
        let known = sp_get_port_by_name(path, &found) == SP_OK ? found : nil
        guard known != nil || Posix.isPseudoTerminal(path) else {
            throw SerialError(kind: .notFound, message: "open '\(path)': \(lastMessage()) (not a serial port)")
        }
        // The lock is taken before the port is touched, so a second tickerd is turned away before it can
        // reconfigure the line under the first: flock keeps other tickerd processes off the port, TIOCEXCL
        // (below) keeps stray terminal programs off it too.
        let lock: Int32
        do {
            lock = try Posix.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        } catch {
            if let known { sp_free_port(known) }
            throw SerialError(kind: error.code == .busy ? .busy : .notFound, message: error.description)
        }
        let locked: Bool
        do {
            locked = try Posix.lockExclusively(lock, what: path)
        } catch {
            Posix.close(lock)
            if let known { sp_free_port(known) }
            throw SerialError(kind: .failed, message: error.description)
        }
        guard locked else {
            Posix.close(lock)
            if let known { sp_free_port(known) }
            throw SerialError(kind: .busy, message: "open '\(path)': in use by another process")
        }
        guard let port = known else {
            let serial = SerialPort(path: path, settings: settings, line: .terminal, fileDescriptor: lock, lock: lock)
            Posix.setExclusive(lock, true)
            try serial.configure()
            return serial
        }
        guard sp_open(port, SP_MODE_READ_WRITE) == SP_OK else {
            let message = "open '\(path)': \(lastMessage())"
            Posix.close(lock)
            sp_free_port(port)
            throw SerialError(kind: errno == EBUSY ? .busy : .notFound, message: message)
        }
        var handle: Int32 = -1
        _ = withUnsafeMutablePointer(to: &handle) { sp_get_port_handle(port, $0) }
        let serial = SerialPort(
            path: path, settings: settings, line: .library(port), fileDescriptor: handle, lock: lock)
        Posix.setExclusive(handle, true)
        try serial.configure()
        return serial
    }

    private func configure() throws(SerialError) {
        try change(
            "configure",
            terminal: { () throws(SystemError) in try Posix.setSerialLine(fileDescriptor, settings, what: path) },
            library: setUp)
    }

    /// Sets libserialport's `port` up as `settings` say.
    private func setUp(_ port: OpaquePointer) throws(SerialError) {
        let parity: sp_parity
        switch settings.parity {
        case .none: parity = SP_PARITY_NONE
        case .odd: parity = SP_PARITY_ODD
        case .even: parity = SP_PARITY_EVEN
        case .mark: parity = SP_PARITY_MARK
        case .space: parity = SP_PARITY_SPACE
        }
        let flow: sp_flowcontrol
        switch settings.flowControl {
        case .none: flow = SP_FLOWCONTROL_NONE
        case .rtscts: flow = SP_FLOWCONTROL_RTSCTS
        case .xonxoff: flow = SP_FLOWCONTROL_XONXOFF
        case .dtrdsr: flow = SP_FLOWCONTROL_DTRDSR
        }
        let steps: [(String, sp_return)] = [
            ("baud rate \(settings.baudRate)", sp_set_baudrate(port, Int32(clamping: settings.baudRate))),
            ("\(settings.dataBits) data bits", sp_set_bits(port, Int32(clamping: settings.dataBits))),
            ("parity \(settings.parity.rawValue)", sp_set_parity(port, parity)),
            ("\(settings.stopBits) stop bits", sp_set_stopbits(port, Int32(clamping: settings.stopBits))),
            ("flow control \(settings.flowControl.rawValue)", sp_set_flowcontrol(port, flow)),
        ]
        for (what, result) in steps where result != SP_OK {
            throw SerialError(kind: .failed, message: "set \(what) on '\(path)': \(Self.lastMessage())")
        }
    }

    /// Changes the open line: through termios (`terminal`) on a pseudo-terminal, else through libserialport's
    /// `port`. A closed port throws, naming `operation`.
    private func change(
        _ operation: String, terminal: () throws(SystemError) -> Void,
        library: (OpaquePointer) throws(SerialError) -> Void
    ) throws(SerialError) {
        switch line {
        case nil:
            throw SerialError(kind: .failed, message: "\(operation) '\(path)': port is closed")
        case .terminal:
            do {
                try terminal()
            } catch {
                throw SerialError(kind: .failed, message: Self.terminalMessage(error))
            }
        case .library(let port):
            try library(port)
        }
    }

    /// A termios failure on a pseudo-terminal as a sentence; a rate termios has no constant for says which
    /// rates there are.
    private static func terminalMessage(_ error: SystemError) -> String {
        guard error.code == .invalidArgument, error.operation.hasPrefix("set baud rate") else {
            return error.description
        }
        return "\(error.operation) on pseudo-terminal '\(error.object ?? "")': not a rate termios names "
            + "(expected a standard rate such as 9600, 115200, 921600 or 1000000)"
    }

    /// Changes the line rate of the open port (`sp_set_baudrate`, or termios on a pseudo-terminal), e.g. after
    /// the device was asked to switch.
    package func setBaudRate(_ rate: Int) throws(SerialError) {
        try change(
            "set baud rate on",
            terminal: { () throws(SystemError) in try Posix.setLineSpeed(fileDescriptor, rate, what: path) },
            library: { port throws(SerialError) in
                guard sp_set_baudrate(port, Int32(clamping: rate)) == SP_OK else {
                    throw SerialError(
                        kind: .failed, message: "set baud rate \(rate) on '\(path)': \(Self.lastMessage())")
                }
            })
    }

    /// What a non-blocking write did.
    package enum WriteResult: Equatable, Sendable {
        /// This many bytes went into the driver's buffer (possibly fewer than offered).
        case wrote(Int)
        /// The device is gone or the line failed; the port has been closed.
        case failed(SerialError)
    }

    /// Writes what the driver takes now without blocking (`sp_nonblocking_write`, or `write(2)` on a
    /// pseudo-terminal). On failure (EIO after an unplug) the port is closed at once, so the kernel can give the
    /// replugged device the same name.
    package func write(_ bytes: UnsafeRawBufferPointer) -> WriteResult {
        let message: String
        switch line {
        case nil:
            return .failed(SerialError(kind: .failed, message: "write '\(path)': port is closed"))
        case .terminal:
            do {
                switch try Posix.write(fileDescriptor, bytes, what: path) {
                case .done(let count): return .wrote(count)
                case .wouldBlock: return .wrote(0)
                }
            } catch {
                message = error.description
            }
        case .library(let port):
            guard let base = bytes.baseAddress else { return .wrote(0) }
            let result = sp_nonblocking_write(port, base, bytes.count)
            if result.rawValue >= 0 { return .wrote(Int(result.rawValue)) }
            // libserialport 0.1.1 reports a full output buffer (EAGAIN) as a failure: that is a busy line, not a
            // lost device, so nothing was written and the port stays open.
            if result.rawValue == SP_ERR_FAIL.rawValue, [EAGAIN, EWOULDBLOCK, EINTR].contains(sp_last_error_code()) {
                return .wrote(0)
            }
            message = "write '\(path)': \(Self.lastMessage())"
        }
        close()
        return .failed(SerialError(kind: .failed, message: message))
    }

    /// Reads what is waiting without blocking (`sp_nonblocking_read`, or `read(2)` on a pseudo-terminal); nil
    /// after a failure (the port is then closed).
    package func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        switch line {
        case nil:
            return nil
        case .terminal:
            switch try? Posix.read(fileDescriptor, into: buffer, what: path) {
            case .done(let count)?: return count
            case .wouldBlock?: return 0
            case nil: break
            }
        case .library(let port):
            guard let base = buffer.baseAddress else { return nil }
            let result = sp_nonblocking_read(port, base, buffer.count)
            if result.rawValue >= 0 { return Int(result.rawValue) }
            if result.rawValue == SP_ERR_FAIL.rawValue, [EAGAIN, EWOULDBLOCK, EINTR].contains(sp_last_error_code()) {
                return 0
            }
        }
        close()
        return nil
    }

    /// Bytes written but not yet sent on the line (`TIOCOUTQ`, as `sp_output_waiting` asks it, without the
    /// two `getenv` calls of libserialport's debug handler on every call), or 0 when unknown.
    package var outputWaiting: Int {
        guard line != nil else { return 0 }
        return Posix.outputQueued(fileDescriptor) ?? 0
    }

    /// Whether the port is still open.
    package var isOpen: Bool { line != nil }

    /// Closes the port (`sp_close` and `sp_free_port`, or `close(2)` on a pseudo-terminal); safe to call twice.
    package func close() {
        guard let line else { return }
        // TIOCEXCL outlives the descriptor while the terminal exists; undo it, or a reopen after a transient
        // error would be refused by our own flag.
        if fileDescriptor >= 0 { Posix.setExclusive(fileDescriptor, false) }
        if case .library(let port) = line {
            sp_close(port)
            sp_free_port(port)
        }
        // On a pseudo-terminal the locked descriptor is the line: this closes both.
        Posix.close(lock)
        self.line = nil
        fileDescriptor = -1
        lock = -1
    }

    private static func resolve(_ address: DeviceAddress) throws(SerialError) -> String {
        switch address {
        case .path(let path):
            do {
                return try Posix.realpath(path)
            } catch {
                throw SerialError(kind: .notFound, message: error.description)
            }
        case .network(let device):
            throw SerialError(kind: .notFound, message: "\(device) is a network device, not a serial port")
        case .spi(let path):
            throw SerialError(kind: .notFound, message: "spi:\(path) is an SPI device, not a serial port")
        case .usb(let vendor, let product, let serial):
            let ports: [PortInfo]
            do { ports = try PortInfo.list() } catch { throw SerialError(kind: .notFound, message: error.description) }
            let match = ports.first { info in
                info.vendorID == vendor && info.productID == product && (serial == nil || info.serialNumber == serial)
            }
            guard let match else {
                throw SerialError(kind: .notFound, message: "no serial port matches \(address.description)")
            }
            return match.path
        }
    }

    static func lastMessage() -> String {
        guard let text = sp_last_error_message() else { return "unknown error" }
        defer { sp_free_error_message(text) }
        return String(cString: text)
    }
}

/// A serial port as libserialport lists it, with its USB identity when it has one.
package struct PortInfo: Sendable, Equatable {
    /// Device path, e.g. `/dev/ttyACM0`.
    package let path: String
    /// libserialport's description (the USB product name, or the device name).
    package let description: String
    /// USB vendor id, for USB ports.
    package let vendorID: UInt16?
    /// USB product id, for USB ports.
    package let productID: UInt16?
    /// USB manufacturer string.
    package let manufacturer: String?
    /// USB product string.
    package let product: String?
    /// USB serial number.
    package let serialNumber: String?

    /// The address that names this port by USB identity, when it has one.
    package var usbAddress: DeviceAddress? {
        guard let vendorID, let productID else { return nil }
        return .usb(vendor: vendorID, product: productID, serial: serialNumber)
    }

    /// Every serial port on the machine (`sp_list_ports`).
    package static func list() throws(SerialError) -> [PortInfo] {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        guard sp_list_ports(&list) == SP_OK, let list else {
            throw SerialError(kind: .notFound, message: "list serial ports: \(SerialPort.lastMessage())")
        }
        defer { sp_free_port_list(list) }
        var ports: [PortInfo] = []
        var index = 0
        while let port = list[index] {
            index += 1
            let text = { (pointer: UnsafeMutablePointer<CChar>?) in pointer.map { String(cString: $0) } }
            var vendor: Int32 = 0
            var product: Int32 = 0
            let isUSB =
                sp_get_port_transport(port) == SP_TRANSPORT_USB
                && sp_get_port_usb_vid_pid(port, &vendor, &product) == SP_OK
            ports.append(
                PortInfo(
                    path: text(sp_get_port_name(port)) ?? "?",
                    description: text(sp_get_port_description(port)) ?? "",
                    vendorID: isUSB ? UInt16(truncatingIfNeeded: vendor) : nil,
                    productID: isUSB ? UInt16(truncatingIfNeeded: product) : nil,
                    manufacturer: isUSB ? text(sp_get_port_usb_manufacturer(port)) : nil,
                    product: isUSB ? text(sp_get_port_usb_product(port)) : nil,
                    serialNumber: isUSB ? text(sp_get_port_usb_serial(port)) : nil))
        }
        return ports.sorted { $0.path < $1.path }
    }
}
