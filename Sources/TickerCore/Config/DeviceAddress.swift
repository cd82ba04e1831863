/// Which device to talk to. A serial device is a path (`/dev/ttyACM0`, a udev symlink such as `/dev/ticker`, a
/// `/dev/serial/by-id/…` path, resolved on each connect) or a USB identity `usb:VID:PID[:SERIAL]` matched
/// against the ports libserialport lists, so the board is found whatever `ttyACMn` name it got this time. A
/// network device is `ddp://HOST[:PORT]`, `artnet://…`, `sacn://…` or `awtrix://HOST`; a chain of MAX7219 chips
/// on a Raspberry Pi's SPI bus is `spi:/dev/spidevB.C` (bus B, chip-select C). The one address of a
/// device: `[device] path` parses into it, and the sink opens it. No device at all is `nil` where one is
/// optional.
public enum DeviceAddress: Sendable, Equatable, CustomStringConvertible {
    /// A device path.
    case path(String)
    /// The first port with this USB vendor and product id (and serial number, when given).
    case usb(vendor: UInt16, product: UInt16, serial: String?)
    /// An LED controller on the network.
    case network(NetworkDevice)
    /// A chain of MAX7219 chips on an SPI device (`spi:/dev/spidev0.0`), or on any path that takes its bytes,
    /// such as the emulator's FIFO.
    case spi(String)

    /// Parses `/dev/…`, `usb:VID:PID[:SERIAL]` (VID and PID in hex, e.g. `usb:2341:0043`), `spi:/dev/…`, or a
    /// network address (see `NetworkDevice`).
    public init(parsing text: String) throws(DeviceAddressError) {
        if Self.isNetwork(text) {
            self = .network(try NetworkDevice(parsing: text))
            return
        }
        if text.hasPrefix("spi:") {
            let path = String(text.dropFirst(4))
            guard path.hasPrefix("/") else {
                throw DeviceAddressError(
                    text: text, problem: "has no absolute path after 'spi:' (e.g. spi:/dev/spidev0.0)")
            }
            try Self.checkPath(path, in: text)
            self = .spi(path)
            return
        }
        guard text.hasPrefix("usb:") else {
            guard text.hasPrefix("/") else { throw DeviceAddressError(text: text, problem: "is not an absolute path") }
            try Self.checkPath(text, in: text)
            self = .path(text)
            return
        }
        let parts = text.dropFirst(4).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= 3 else {
            throw DeviceAddressError(text: text, problem: "needs a vendor and a product id")
        }
        guard parts[0].utf8.count == 4, let vendor = UInt16(parts[0], radix: 16) else {
            throw DeviceAddressError(text: text, problem: "has vendor id '\(parts[0])', expected 4 hex digits")
        }
        guard parts[1].utf8.count == 4, let product = UInt16(parts[1], radix: 16) else {
            throw DeviceAddressError(text: text, problem: "has product id '\(parts[1])', expected 4 hex digits")
        }
        let serial = parts.count == 3 ? String(parts[2]) : nil
        if let serial, serial.isEmpty || serial.utf8.count > 128 {
            throw DeviceAddressError(text: text, problem: "has an empty or overlong serial number")
        }
        self = .usb(vendor: vendor, product: product, serial: serial)
    }

    /// Refuses a path the system cannot open: overlong, or with a NUL byte.
    private static func checkPath(_ path: String, in text: String) throws(DeviceAddressError) {
        guard path.utf8.count < 4_096, !path.utf8.contains(0) else {
            throw DeviceAddressError(text: text, problem: "is not a device path (too long, or a NUL byte)")
        }
    }

    /// Whether `text` is written as a network address: a scheme and `://`.
    public static func isNetwork(_ text: String) -> Bool {
        let scheme = text.prefix { $0 != ":" }
        return !scheme.isEmpty && text.dropFirst(scheme.count).hasPrefix("://")
    }

    /// The network device, or nil for a serial one.
    public var network: NetworkDevice? {
        if case .network(let device) = self { return device }
        return nil
    }

    /// The SPI device's path, or nil for another kind of device.
    public var spi: String? {
        if case .spi(let path) = self { return path }
        return nil
    }

    /// The address as written: the path, `usb:VID:PID[:SERIAL]` with lowercase hex ids, `spi:PATH`, or the URL.
    public var description: String {
        switch self {
        case .path(let path): return path
        case .usb(let vendor, let product, let serial):
            let ids = "usb:\(Self.hex4(vendor)):\(Self.hex4(product))"
            return serial.map { "\(ids):\($0)" } ?? ids
        case .network(let device): return device.description
        case .spi(let path): return "spi:" + path
        }
    }

    /// Four lowercase hex digits.
    private static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// An LED controller on the network: `ddp://HOST[:PORT]`, `artnet://HOST[:PORT]`, `sacn://HOST[:PORT]`, and
/// `awtrix://HOST`, Art-Net with AWTRIX 3's preset. HOST is a name (resolved again at every connect, `.local`
/// names through the system's resolver), an IPv4 address, or an IPv6 address in brackets. `sacn://` without a
/// host sends each universe to its multicast group.
public struct NetworkDevice: Sendable, Equatable, CustomStringConvertible {
    /// What it speaks.
    public var kind: NetworkProtocol
    /// The host, without brackets; empty for E1.31 multicast.
    public var host: String
    /// The UDP port.
    public var port: UInt16
    /// Whether the address named AWTRIX 3 (`awtrix://`), whose preset fills the keys left unset.
    public var isAWTRIX: Bool

    /// A device at `host`, on the protocol's own port unless `port` is given.
    public init(kind: NetworkProtocol, host: String, port: UInt16? = nil, isAWTRIX: Bool = false) {
        self.kind = kind
        self.host = host
        self.port = port ?? kind.defaultPort
        self.isAWTRIX = isAWTRIX
    }

    /// Whether frames go to the universes' multicast groups rather than to one host.
    public var isMulticast: Bool { host.isEmpty }

    /// Parses a network address; the error says what is wrong with it.
    public init(parsing text: String) throws(DeviceAddressError) {
        guard text.utf8.count <= 300, !text.contains(where: { $0.isWhitespace || $0.asciiValue == 0 }) else {
            throw DeviceAddressError(text: text, problem: "is not a network address (too long, or a space)")
        }
        let scheme = text.prefix { $0 != ":" }
        let rest = text.dropFirst(scheme.count + 3)
        let kinds: [(String, NetworkProtocol)] = [
            ("ddp", .ddp), ("artnet", .artnet), ("sacn", .sacn), ("awtrix", .artnet),
        ]
        guard let kind = kinds.first(where: { $0.0 == scheme.lowercased() })?.1 else {
            throw DeviceAddressError(
                text: text, problem: "has scheme '\(scheme)', expected ddp, artnet, sacn or awtrix")
        }
        var host = Substring(rest)
        if host.hasSuffix("/") { host = host.dropLast() }
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else {
                throw DeviceAddressError(text: text, problem: "has an IPv6 address without its closing ']'")
            }
            let after = host[host.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else {
                throw DeviceAddressError(text: text, problem: "has '\(after)' after the IPv6 address")
            }
            port = after.isEmpty ? nil : after.dropFirst()
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.contains(where: { "/?#@[]".contains($0) }) else {
            throw DeviceAddressError(text: text, problem: "has '\(host)' as its host, expected a name or an address")
        }
        guard !host.isEmpty || kind == .sacn else {
            throw DeviceAddressError(text: text, problem: "has no host (only sacn:// may omit it, for multicast)")
        }
        var number: UInt16?
        if let port {
            guard let value = UInt16(port), value > 0 else {
                throw DeviceAddressError(text: text, problem: "has port '\(port)', expected 1-65535")
            }
            number = value
        }
        self.init(kind: kind, host: String(host), port: number, isAWTRIX: scheme.lowercased() == "awtrix")
    }

    /// The address as written: the scheme, the host (in brackets when it is IPv6) and the port.
    public var description: String {
        let scheme = isAWTRIX ? "awtrix" : kind.rawValue
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)"
    }

    /// The host and port for log lines: `host:port`, or the multicast groups.
    public var logName: String {
        isMulticast
            ? "the universes' multicast groups, port \(port)" : (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}

/// A device address that could not be understood.
public struct DeviceAddressError: Error, CustomStringConvertible, Equatable {
    /// The text given.
    public let text: String
    /// What is wrong with it.
    public let problem: String

    /// The sentence: the text in quotes, what is wrong with it, and what was expected.
    public var description: String {
        "device '\(text)' \(problem) (expected a path such as /dev/ttyACM0, usb:VID:PID[:SERIAL], "
            + "spi:/dev/spidevB.C, or ddp://, artnet://, sacn://, awtrix:// and a host)"
    }
}
