/// Who may ask what (docs/WEB.md#security): a `Host` must be one of the server's names or an address, so that
/// a page on another site cannot reach it through a name it rebinds to a local address; a request that
/// changes something must come with no `Origin` (curl, Home Assistant) or with the server's own, so that a
/// page elsewhere cannot make a visitor's browser send it; and, when a token is set, with
/// `Authorization: Bearer TOKEN`.
package struct RequestGuard: Sendable {
    /// The names the server answers to, in lower case: the configured ones, the host's name and `NAME.local`,
    /// and `localhost`.
    package let names: Set<String>
    /// The token that requests changing something must carry; nil when none is needed.
    package let token: String?

    package init(names: [String], hostName: String, token: String?) {
        let host = hostName.lowercased()
        self.names = Set(names.map { $0.lowercased() } + [host, host + ".local", "localhost"])
        self.token = token
    }

    /// Why `request` is refused, as its answer; nil when it may go on. `changes` says whether it changes
    /// something (every method but GET and HEAD).
    package func refusal(_ request: WebRequest) -> WebResponse? {
        guard let host = request.headers["host"], let name = Self.hostName(host), isServer(name) else {
            return .text(421, "Misdirected Request: the Host header names no name of this server")
        }
        guard request.method != "GET", request.method != "HEAD" else { return nil }
        if let origin = request.headers["origin"] {
            guard origin == "http://\(host)" || origin == "https://\(host)" else {
                return .text(403, "Forbidden: a request from another origin ('\(origin.prefix(100))')")
            }
        }
        if let token, !Self.sameBytes(request.headers["authorization"] ?? "", "Bearer " + token) {
            return .text(401, "Unauthorized: this server wants 'Authorization: Bearer TOKEN'")
        }
        return nil
    }

    /// Whether `name` (in lower case, without port) is this server: one of its names, or an address written
    /// out (an IP address cannot be rebound to another host).
    private func isServer(_ name: String) -> Bool {
        names.contains(name) || Self.isAddress(name)
    }

    /// The name in a `Host` header, without its port, in lower case; nil for one that is malformed.
    static func hostName(_ host: String) -> String? {
        let text = host.lowercased()
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && isPort(rest.dropFirst())) else { return nil }
            return String(text[...close])
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let name = parts.first, !name.isEmpty else { return nil }
        if parts.count == 2, !isPort(parts[1]) { return nil }
        return String(name)
    }

    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// An IPv4 address in four decimal parts, or an IPv6 address in brackets.
    static func isAddress(_ name: String) -> Bool {
        if name.hasPrefix("[") {
            return name.hasSuffix("]") && name.count > 2
                && name.dropFirst().dropLast().allSatisfy { ($0.isASCII && $0.isHexDigit) || $0 == ":" || $0 == "." }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy {
                $0.count >= 1 && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } && Int($0) ?? 256 <= 255
            }
    }

    /// Compares two texts in a time that does not tell where they differ.
    static func sameBytes(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0
    }
}
