// Text the boards send for people and tests to read: start-up banner, framebuffer mirror, rejections.
// Written byte by byte to a sink, since the firmware has no print and no allocation after start-up.

/// Writes the ASCII bytes of `text` to `emit`.
func emitText(_ text: StaticString, _ emit: (UInt8) -> Void) {
    text.withUTF8Buffer { bytes in
        for byte in bytes { emit(byte) }
    }
}

/// Writes `value` in decimal to `emit`.
func emitDecimal(_ value: Int, _ emit: (UInt8) -> Void) {
    if value < 0 {
        emit(UInt8(ascii: "-"))
        emitDecimal(-value, emit)
        return
    }
    if value >= 10 { emitDecimal(value / 10, emit) }
    emit(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
}

/// Writes the banner a board sends once at start-up: `ready NAME WxHxBPP heap N`.
func emitBanner(_ panel: PanelDevice, heapBytes: Int, _ emit: (UInt8) -> Void) {
    emitText("ready ", emit)
    panel.info.withFirmwareNameBytes { name in
        for byte in name { emit(byte) }
    }
    emit(UInt8(ascii: " "))
    emitDecimal(panel.geometry.width, emit)
    emit(UInt8(ascii: "x"))
    emitDecimal(panel.geometry.height, emit)
    emit(UInt8(ascii: "x"))
    emitDecimal(panel.geometry.bitsPerPixel, emit)
    emitText(" heap ", emit)
    emitDecimal(heapBytes, emit)
    emit(UInt8(ascii: "\n"))
}

/// Writes what a packet did: for an applied message, the separator line `=== N KIND ===` (N counts applied
/// messages) and the framebuffer as ASCII art; for a rejection, the line `!!! rejected CODE type T seq S`.
func emitEvent(_ event: PanelEvent, applied: Int, panel: PanelDevice, _ emit: (UInt8) -> Void) {
    switch event {
    case .applied(let message):
        emitText("=== ", emit)
        emitDecimal(applied, emit)
        switch message {
        case .hello: emitText(" hello", emit)
        case .fullFrame: emitText(" frame", emit)
        case .columns: emitText(" columns", emit)
        case .scroll: emitText(" scroll", emit)
        case .brightness(let level):
            emitText(" brightness ", emit)
            emitDecimal(Int(level), emit)
        case .blank: emitText(" blank", emit)
        }
        emitText(" ===\n", emit)
        panel.framebuffer.renderASCIIArt(emit)
    case .rejected(let rejection):
        emitText("!!! rejected ", emit)
        emitDecimal(Int(rejection.code.rawValue), emit)
        emitText(" type ", emit)
        emitDecimal(Int(rejection.type), emit)
        emitText(" seq ", emit)
        emitDecimal(Int(rejection.sequence), emit)
        emit(UInt8(ascii: "\n"))
    }
}
