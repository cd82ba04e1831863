/// What a device says about itself in an info message (type 0x81).
public struct DeviceInfo: Hashable, Sendable {
    /// The panel's geometry.
    public let geometry: PanelGeometry
    /// The highest frame rate the device can show, in frames per second (0–255).
    public let maxFramesPerSecond: Int
    /// Optional messages the device applies.
    public let capabilities: DeviceCapabilities
    /// The firmware's name and version, at most `Wire.maxFirmwareNameCount` UTF-8 bytes.
    public let firmwareName: String

    /// Checks that every field fits its place in the message.
    public init(
        geometry: PanelGeometry, maxFramesPerSecond: Int, capabilities: DeviceCapabilities, firmwareName: String
    ) throws(WireError) {
        guard (0...255).contains(maxFramesPerSecond) else { throw .invalidInfo }
        let nameCount = firmwareName.utf8.count
        guard nameCount <= Wire.maxFirmwareNameCount else { throw .firmwareNameTooLong(count: nameCount) }
        self.geometry = geometry
        self.maxFramesPerSecond = maxFramesPerSecond
        self.capabilities = capabilities
        self.firmwareName = firmwareName
    }

    /// Calls `body` with the firmware name's UTF-8 bytes (no allocation for a name from a string literal).
    public func withFirmwareNameBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var name = firmwareName
        return name.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
