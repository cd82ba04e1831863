/// The UDP protocols that carry whole LED frames to a matrix on the network.
///
/// - `ddp`: the Distributed Display Protocol, as WLED reads it (port 4048).
/// - `artnet`: Art-Net's ArtDmx, as AWTRIX 3, WLED and most pixel controllers read it (port 6454).
/// - `sacn`: ANSI E1.31 (streaming ACN), as WLED, OLA and lighting consoles read it (port 5568).
public enum NetworkProtocol: String, Sendable, Equatable, Hashable, CaseIterable {
    case ddp
    case artnet
    case sacn

    /// The UDP port a receiver of this protocol listens on unless told otherwise.
    public var defaultPort: UInt16 {
        switch self {
        case .ddp: 4048
        case .artnet: 6454
        case .sacn: 5568
        }
    }

    /// The protocol's name as its documents spell it, for messages.
    public var displayName: String {
        switch self {
        case .ddp: "DDP"
        case .artnet: "Art-Net"
        case .sacn: "E1.31"
        }
    }
}
