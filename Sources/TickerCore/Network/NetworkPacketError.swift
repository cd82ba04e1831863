/// Why a received UDP payload is not a frame packet of its protocol. Each case reads as a sentence that names
/// the protocol, the byte where the problem is and what was expected there.
public enum NetworkPacketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The packet ends before `field`, which needs `needed` bytes in all; the packet has `length`.
    case truncated(NetworkProtocol, field: String, length: Int, needed: Int)
    /// The field that starts at byte `at` holds `found`, which the protocol does not allow there.
    case unexpected(NetworkProtocol, field: String, at: Int, found: String, expected: String)

    /// The byte where the problem starts (0-based): the packet's end for a truncated packet.
    public var offset: Int {
        switch self {
        case .truncated(_, _, let length, _): length
        case .unexpected(_, _, let at, _, _): at
        }
    }

    public var description: String {
        switch self {
        case .truncated(let kind, let field, let length, let needed):
            "\(kind.displayName) packet of \(length) bytes ends at byte \(length), inside its \(field) "
                + "(which needs \(needed) bytes)"
        case .unexpected(let kind, let field, let at, let found, let expected):
            "\(kind.displayName) byte \(at): \(field) is \(found), expected \(expected)"
        }
    }
}
