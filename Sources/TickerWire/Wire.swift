/// The tickerd wire protocol, version 1 (see docs/PROTOCOL.md).
public enum Wire {
    /// The protocol version byte every packet starts with.
    public static let version: UInt8 = 1
}
