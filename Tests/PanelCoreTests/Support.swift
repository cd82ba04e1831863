import PanelCore
import TickerWire

/// "03 01 FF" as bytes.
func hex(_ text: String) -> [UInt8] {
    text.split(separator: " ").map { UInt8($0, radix: 16) ?? 0xEE }
}

/// Builds a frame for `geometry` from ASCII art (`#` full, `+` level 1, `.` off), one line per row.
func pixels(_ art: String, geometry: PanelGeometry) -> [UInt8] {
    var framebuffer = Framebuffer(geometry: geometry)
    for (y, row) in art.split(separator: "\n").enumerated() {
        for (x, character) in row.enumerated() {
            let level: UInt8 = character == "#" ? geometry.maxLevel : character == "+" ? 1 : 0
            framebuffer.setLevel(level, x: x, y: y)
        }
    }
    return framebuffer.bytes
}

/// A panel of the given shape that can scroll, named "test panel".
func makePanel(width: Int, height: Int, bits: Int, capabilities: DeviceCapabilities = .scroll) throws -> PanelDevice {
    let info = try DeviceInfo(
        geometry: PanelGeometry(width: width, height: height, bitsPerPixel: bits), maxFramesPerSecond: 50,
        capabilities: capabilities, firmwareName: "test panel")
    return PanelDevice(info: info)
}

/// Decodes every reply the panel queued.
func replies(of panel: inout PanelDevice) -> [DeviceMessage] {
    var reader = DeviceMessageReader()
    var messages: [DeviceMessage] = []
    for byte in panel.takeReplies() {
        if let message = try? reader.push(byte) { messages.append(message) }
    }
    return messages
}

/// The error codes of the error replies in `messages`.
func errorCodes(_ messages: [DeviceMessage]) -> [WireErrorCode] {
    messages.compactMap { if case .error(let report) = $0 { report.code } else { nil } }
}
