/// Which serial device to talk to: a path (`/dev/ttyACM0`, a udev symlink such as `/dev/ticker`, a
/// `/dev/serial/by-id/…` path, resolved on each connect), or a USB identity `usb:VID:PID[:SERIAL]` matched
/// against the ports libserialport lists, so the board is found whatever `ttyACMn` name it got this time. The
/// one address of a device: `[device] path` parses into it, and the serial port opens it. No device at all is
/// `nil` where one is optional.
public enum DeviceAddress: Sendable, Equatable, CustomStringConvertible {
    /// A device path.
    case path(String)
    /// The first port with this USB vendor and product id (and serial number, when given).
    case usb(vendor: UInt16, product: UInt16, serial: String?)

    /// Parses `/dev/…` or `usb:VID:PID[:SERIAL]` (VID and PID in hex, e.g. `usb:2341:0043`).
    public init(parsing text: String) throws(DeviceAddressError) {
        guard text.hasPrefix("usb:") else {
            guard text.hasPrefix("/") else { throw DeviceAddressError(text: text, problem: "is not an absolute path") }
            guard text.utf8.count < 4_096, !text.utf8.contains(0) else {
                throw DeviceAddressError(text: text, problem: "is not a device path (too long, or a NUL byte)")
            }
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

    /// The address as written: the path, or `usb:VID:PID[:SERIAL]` with lowercase hex ids.
    public var description: String {
        switch self {
        case .path(let path): return path
        case .usb(let vendor, let product, let serial):
            let ids = "usb:\(Self.hex4(vendor)):\(Self.hex4(product))"
            return serial.map { "\(ids):\($0)" } ?? ids
        }
    }

    /// Four lowercase hex digits.
    private static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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
        "device '\(text)' \(problem) (expected a path such as /dev/ttyACM0 or usb:VID:PID[:SERIAL])"
    }
}
