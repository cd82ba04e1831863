/// Why bytes from MPD could not be understood; each message names what was wrong.
package enum MPDProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first line was not `OK MPD <version>`.
    case badGreeting(line: String)
    /// A line longer than the limit (bytes).
    case lineTooLong(limit: Int)
    /// A response with more fields than the limit.
    case tooManyFields(limit: Int)
    /// A line that is neither `key: value`, `OK` nor `ACK …`.
    case malformedLine(line: String)
    /// A line that is not valid UTF-8.
    case invalidUTF8
    /// MPD sent binary data to a command that asks for none.
    case unexpectedBinary
    /// A `binary:` length that is not a number, larger than the limit (bytes), or a second one in a response.
    case badBinaryLength(line: String, limit: Int)
    /// The binary data was not followed by its newline: the length lied.
    case binaryNotTerminated

    /// A sentence naming the offending line in quotes and what was expected.
    package var description: String {
        switch self {
        case .badGreeting(let line):
            return "unexpected greeting '\(line)' (expected 'OK MPD <version>'; is this an MPD server?)"
        case .lineTooLong(let limit):
            return "response line longer than \(limit) bytes"
        case .tooManyFields(let limit):
            return "response with more than \(limit) fields"
        case .malformedLine(let line):
            return "malformed response line '\(line)' (expected 'key: value', 'OK' or 'ACK …')"
        case .invalidUTF8:
            return "response line is not valid UTF-8"
        case .unexpectedBinary:
            return "unexpected binary response"
        case .badBinaryLength(let line, let limit):
            return "bad binary length '\(line)' (expected one 'binary: N' of at most \(limit) bytes)"
        case .binaryNotTerminated:
            return "binary data not followed by a newline (its length does not match)"
        }
    }
}

/// One `key: value` line of an MPD response.
package struct MPDField: Equatable, Sendable {
    /// The key, as sent (MPD keys are case-sensitive: `Title`, `duration`).
    package var key: String
    /// The value, everything after `": "`.
    package var value: String
}

/// An `ACK [error@commandIndex] {command} message` line.
package struct MPDAck: Equatable, Sendable {
    /// MPD's error code (`ACK_ERROR_*`), 0 when the line did not say.
    package var code: Int
    /// Index of the failing command in a command list.
    package var commandIndex: Int
    /// The command that failed, possibly empty.
    package var command: String
    /// MPD's message.
    package var message: String
}

/// A complete reply from MPD.
package enum MPDReply: Equatable, Sendable {
    /// `OK MPD <version>`, the first line of a connection.
    case greeting(version: String)
    /// The fields of a successful response, in order, ended by `OK`.
    case ok([MPDField])
    /// A failed command.
    case ack(MPDAck)
}

/// An incremental parser of MPD's text protocol: append bytes as they arrive, take replies as they
/// complete. Bounded: lines up to `maxLineBytes`, responses up to `maxFields` fields, binary data (`binary: N`,
/// N bytes and a newline, as `readpicture` and `albumart` answer) only while `binaryLimit` allows it and up to
/// that many bytes; any byte sequence either parses or throws, never traps.
package struct MPDResponseParser: Sendable {
    /// Longest accepted line, in bytes.
    package let maxLineBytes: Int
    /// Most fields accepted in one response.
    package let maxFields: Int

    private var buffer: [UInt8] = []
    private var scanned = 0
    private var fields: [MPDField] = []
    private var expectingGreeting: Bool
    /// The bytes of binary data still to come in the current response, when it announced some.
    private var binaryPending: Int?
    private var binaryData: [UInt8]?

    /// The largest binary data accepted in one response, in bytes; 0 (the default) refuses any.
    package var binaryLimit = 0
    /// The binary data of the last `.ok` reply, or nil when it had none.
    package private(set) var binary: [UInt8]?

    /// A parser for a new connection (`expectingGreeting`) or one already past the greeting.
    package init(expectingGreeting: Bool = true, maxLineBytes: Int = 16 * 1024, maxFields: Int = 4096) {
        self.expectingGreeting = expectingGreeting
        self.maxLineBytes = maxLineBytes
        self.maxFields = maxFields
    }

    /// Adds bytes read from the connection.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete reply, or `nil` when more bytes are needed.
    package mutating func next() throws(MPDProtocolError) -> MPDReply? {
        while true {
            if let count = binaryPending {
                // The data, then its newline.
                guard buffer.count > count else { return nil }
                guard buffer[count] == 0x0A else { throw .binaryNotTerminated }
                binaryData = Array(buffer[0..<count])
                buffer.removeSubrange(0...count)
                scanned = 0
                binaryPending = nil
            }
            guard let line = try nextLine() else { return nil }
            if expectingGreeting {
                expectingGreeting = false
                guard line.hasPrefix("OK MPD ") else { throw .badGreeting(line: Self.excerpt(line)) }
                return .greeting(version: String(line.dropFirst(7)))
            }
            if line == "OK" {
                let reply = MPDReply.ok(fields)
                fields = []
                binary = binaryData
                binaryData = nil
                return reply
            }
            if line.hasPrefix("ACK ") {
                fields = []
                binary = nil
                binaryData = nil
                return .ack(Self.parseAck(line))
            }
            guard let separator = line.firstRange(of: ": ") else { throw .malformedLine(line: Self.excerpt(line)) }
            let key = String(line[line.startIndex..<separator.lowerBound])
            guard !key.isEmpty, !key.contains(" ") else { throw .malformedLine(line: Self.excerpt(line)) }
            let value = String(line[separator.upperBound...])
            if key == "binary" {
                guard binaryLimit > 0 else { throw .unexpectedBinary }
                guard binaryData == nil, value.utf8.count <= 12, let count = Int(value),
                    (0...binaryLimit).contains(count)
                else { throw .badBinaryLength(line: Self.excerpt(line), limit: binaryLimit) }
                binaryPending = count
                continue
            }
            guard fields.count < maxFields else { throw .tooManyFields(limit: maxFields) }
            fields.append(MPDField(key: key, value: value))
        }
    }

    private mutating func nextLine() throws(MPDProtocolError) -> String? {
        guard let newline = buffer[scanned...].firstIndex(of: 0x0A) else {
            scanned = buffer.count
            if buffer.count > maxLineBytes { throw .lineTooLong(limit: maxLineBytes) }
            return nil
        }
        guard newline <= maxLineBytes else { throw .lineTooLong(limit: maxLineBytes) }
        let bytes = buffer[0..<newline]
        buffer.removeSubrange(0...newline)
        scanned = 0
        guard let line = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return line
    }

    /// Parses `ACK [code@index] {command} message`, tolerating any part being missing or garbled.
    static func parseAck(_ line: String) -> MPDAck {
        var rest = Substring(line.dropFirst(4))
        var code = 0
        var index = 0
        var command = ""
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            let parts = inside.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            code = parts.first.flatMap { Int($0) } ?? 0
            index = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
        }
        if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
            command = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
        }
        return MPDAck(code: code, commandIndex: index, command: command, message: String(rest))
    }

    private static func excerpt(_ line: String) -> String {
        line.count > 80 ? String(line.prefix(80)) + "…" : line
    }
}

extension MPDReply {
    /// The value of the first field named `key` in an `.ok` reply.
    package func value(_ key: String) -> String? {
        guard case .ok(let fields) = self else { return nil }
        return fields.first(where: { $0.key == key })?.value
    }
}
