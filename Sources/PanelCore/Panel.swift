import TickerWire

/// The device side of the tickerd wire protocol.
public enum Panel {
    /// The protocol version this device side speaks.
    public static let protocolVersion: UInt8 = Wire.version
}
