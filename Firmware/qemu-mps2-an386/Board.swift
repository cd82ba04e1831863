import _Volatile

// QEMU's MPS2 AN386 (Cortex-M4): the protocol on CMSDK UART0, a text mirror of the panel on UART1.

/// One CMSDK APB UART, polled.
struct CMSDKUART {
    private let data: VolatileMappedRegister<UInt32>
    private let state: VolatileMappedRegister<UInt32>

    /// Enables the transmitter and receiver of the UART at `base`.
    init(base: UInt) {
        data = VolatileMappedRegister(unsafeBitPattern: base)
        state = VolatileMappedRegister(unsafeBitPattern: base + 0x4)
        let control = VolatileMappedRegister<UInt32>(unsafeBitPattern: base + 0x8)
        let baudDivider = VolatileMappedRegister<UInt32>(unsafeBitPattern: base + 0x10)
        baudDivider.store(16)
        control.store(0b11)
    }

    /// True when a received byte is waiting (STATE bit 1, RX buffer full).
    var canRead: Bool { state.load() & 0b10 != 0 }

    /// True when the transmitter can take a byte (STATE bit 0, TX buffer full, is clear).
    var canWrite: Bool { state.load() & 0b01 == 0 }

    /// The byte waiting; call only when `canRead`.
    func read() -> UInt8 {
        UInt8(truncatingIfNeeded: data.load())
    }

    /// Sends `byte`, waiting for room first.
    func write(_ byte: UInt8) {
        while !canWrite {}
        data.store(UInt32(byte))
    }
}

@_silgen_name("heap_used_bytes")
func heapUsedBytes() -> Int

@main
struct QEMUPanel {
    static func main() {
        let link = CMSDKUART(base: 0x4000_4000)
        let mirror = CMSDKUART(base: 0x4000_5000)
        guard let geometry = try? PanelGeometry(width: panelWidth, height: panelHeight, bitsPerPixel: panelBits),
            let info = try? DeviceInfo(
                geometry: geometry, maxFramesPerSecond: 60, capabilities: .scroll, firmwareName: "tickerpanel-qemu 1")
        else {
            emitText("bad panel configuration\n", mirror.write)
            while true {}
        }
        var panel = PanelDevice(info: info)
        var applied = 0
        emitBanner(panel, heapBytes: heapUsedBytes(), mirror.write)
        while true {
            if link.canRead, let event = panel.receive(link.read()) {
                if case .applied = event { applied += 1 }
                emitEvent(event, applied: applied, panel: panel, mirror.write)
            }
            while panel.pendingReplyCount > 0, link.canWrite, let byte = panel.nextReplyByte() {
                link.write(byte)
            }
        }
    }
}
