/// `file://` URLs, as players name local music files (MPRIS's `xesam:url`, Mopidy's `file:`): decoded to a
/// path, and made relative to the music directory, so that the lyrics library finds the file's sidecar.
/// Everything here takes the player's text as hostile: it either decodes to a plain UTF-8 path or gives `nil`.
package enum FileURL {
    /// The decoded path of a `file:///path` or `file://localhost/path` URL (a query or fragment dropped);
    /// `nil` for other URLs and for paths that decode to NUL bytes, invalid UTF-8 or bad `%` escapes.
    static func localPath(of url: String) -> String? {
        let prefix = "file://"
        guard url.hasPrefix(prefix) else { return nil }
        var rest = Substring(url.dropFirst(prefix.count))
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return percentDecoded(rest)
    }

    /// `%XX` escapes decoded; `nil` when one is malformed or the result is not a plain UTF-8 path.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The value of one hexadecimal digit (either case), nil for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `path` relative to `directory` when it lies inside it (by name; the lyrics library checks the real
    /// path again before reading), else `nil`.
    static func relativePath(_ path: String, inside directory: String) -> String? {
        var root = directory
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        let prefix = root == "/" ? "/" : root + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let relative = String(path.dropFirst(prefix.count))
        return relative.isEmpty ? nil : relative
    }
}
