/// What `avahi-browse --resolve --parsable` printed, read: the services, and a sentence for every line that
/// could not be read.
package struct AvahiBrowseOutput: Equatable, Sendable {
    /// One per instance name, in the order first seen.
    package var services: [MDNSService] = []
    /// What was wrong with the output, one sentence per line.
    package var problems: [String] = []

    /// Reads avahi-browse's parsable output: a line
    /// `=;INTERFACE;IPv4|IPv6;NAME;TYPE;DOMAIN;HOST;ADDRESS;PORT;TXT` for every resolved service (the name
    /// escaped: `\.`, `\\`, and `\DDD` for every other byte that is not a letter, a digit, `-` or `_`); `+`
    /// and `-` lines (found, gone) are skipped. One service per instance name, IPv4 preferred.
    package init(parsing output: some Collection<UInt8>) {
        var lineNumber = 0
        for line in output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.first == UInt8(ascii: "=") else { continue }
            switch Self.service(in: Array(line)) {
            case .success(let service):
                if let index = services.firstIndex(where: {
                    $0.name == service.name && $0.type == service.type && $0.domain == service.domain
                }) {
                    if services[index].isIPv6 && !service.isIPv6 { services[index] = service }
                } else {
                    services.append(service)
                }
            case .failure(let problem):
                problems.append("avahi-browse output line \(lineNumber): \(problem.reason)")
            }
        }
    }

    /// Why one line was not read.
    private struct LineProblem: Error {
        let reason: String
    }

    private static func service(in line: [UInt8]) -> Result<MDNSService, LineProblem> {
        // The TXT records come last and may hold ';' themselves: only the first nine separators count.
        let fields = line.split(separator: UInt8(ascii: ";"), maxSplits: 9, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard fields.count >= 9 else {
            return .failure(LineProblem(reason: "\(fields.count) fields, expected at least 9"))
        }
        guard fields[2] == "IPv4" || fields[2] == "IPv6" else {
            return .failure(LineProblem(reason: "protocol '\(fields[2])' (expected IPv4 or IPv6)"))
        }
        guard let name = unescape(fields[3]) else {
            return .failure(LineProblem(reason: "badly escaped name '\(fields[3])'"))
        }
        guard let port = UInt16(fields[8]), port > 0 else {
            return .failure(LineProblem(reason: "port '\(fields[8])' (expected 1-65535)"))
        }
        guard !fields[7].isEmpty, fields[7].allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else {
            return .failure(LineProblem(reason: "address '\(fields[7])' (expected an IPv4 or IPv6 address)"))
        }
        return .success(
            MDNSService(
                name: name, type: fields[4], domain: fields[5], interface: fields[1], isIPv6: fields[2] == "IPv6",
                hostName: fields[6], address: fields[7], port: port))
    }

    /// Undoes Avahi's escaping of a label (`avahi_escape_label`); nil when it is broken.
    package static func unescape(_ label: String) -> String? {
        var bytes: [UInt8] = []
        var input = Array(label.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            guard let next = input.first else { return nil }
            if next == UInt8(ascii: "\\") || next == UInt8(ascii: ".") {
                bytes.append(next)
                input.removeFirst()
                continue
            }
            let digits = input.prefix(3)
            guard digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard value <= 255 else { return nil }
            bytes.append(UInt8(value))
            input.removeFirst(3)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// One service found on the local network by mDNS/DNS-SD and resolved: where it is and how to reach it.
package struct MDNSService: Equatable, Sendable {
    /// The service's instance name as its owner set it, unescaped (`WLED Kitchen`).
    package var name: String
    /// The service type (`_wled._tcp`).
    package var type: String
    /// The domain (`local`).
    package var domain: String
    /// The network interface it was seen on (`eth0`).
    package var interface: String
    /// Whether `address` is an IPv6 address.
    package var isIPv6: Bool
    /// The host name it advertises (`wled-kitchen.local`).
    package var hostName: String
    /// The address that name resolved to, in text (`192.168.1.40`, `fe80::1`).
    package var address: String
    /// The service's port.
    package var port: UInt16

    /// A service as avahi-browse reported it.
    package init(
        name: String, type: String, domain: String, interface: String, isIPv6: Bool, hostName: String,
        address: String, port: UInt16
    ) {
        self.name = name
        self.type = type
        self.domain = domain
        self.interface = interface
        self.isIPv6 = isIPv6
        self.hostName = hostName
        self.address = address
        self.port = port
    }

    /// The address and port for a URL: an IPv6 address in brackets, with its interface when link-local.
    package var urlAuthority: String {
        guard isIPv6 else { return "\(address):\(port)" }
        let zone = address.lowercased().hasPrefix("fe80:") ? "%25\(interface)" : ""
        return "[\(address)\(zone)]:\(port)"
    }
}
