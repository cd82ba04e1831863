// NUCLEO-F401RE driving a chain of four FC-16 MAX7219 modules (32×8 pixels, 2 bits per pixel), with the
// protocol on USART2, the ST-Link's virtual COM port. Wiring is in Firmware/README.md.

/// The chain as wired: four modules fed from the right, unrotated.
let chainLayout = ChainLayout(
    moduleCount: 4, firstModuleIsLeftmost: false, orientation: ModuleOrientation(quarterTurns: 0, mirrored: false))
/// Bits per pixel the panel announces: levels 0–3, shown as two bit planes.
let panelBits = 2
/// Serial speed of the virtual COM port.
let baudRate: UInt32 = 115_200
/// Time slices per second; the least significant plane is shown for one slice, the next for two.
let slicesPerSecond: UInt32 = 2_000

@main
struct NucleoPanel {
    static func main() {
        RCC.enableClocks()
        let link = USART2(baudRate: baudRate)
        let spi = SPI1()
        let tick = SysTick(ticksPerSecond: slicesPerSecond)
        guard
            let geometry = try? PanelGeometry(
                width: chainLayout.moduleCount * 8, height: 8, bitsPerPixel: panelBits),
            let info = try? DeviceInfo(
                geometry: geometry, maxFramesPerSecond: 100, capabilities: .scroll,
                firmwareName: "tickerpanel-nucleo 1")
        else {
            while true {}
        }
        var panel = PanelDevice(info: info)
        var chain = MAX7219Chain(layout: chainLayout, spi: spi, bitsPerPixel: panelBits)
        var changed = false
        var brightness = panel.brightness

        // Takes in a received byte and sends a reply byte, whichever the USART is ready for.
        func service() {
            if link.canRead, case .applied = panel.receive(link.read()) {
                changed = true
            }
            if link.canWrite, let byte = panel.nextReplyByte() {
                link.write(byte)
            }
        }

        while true {
            for plane in stride(from: panelBits - 1, through: 0, by: -1) {
                chain.show(plane: plane, service: service)
                var slices = 0
                while slices < 1 << plane {
                    service()
                    if tick.ticked { slices += 1 }
                }
            }
            if changed {
                changed = false
                chain.update(from: panel.framebuffer)
                if panel.brightness != brightness {
                    brightness = panel.brightness
                    chain.setBrightness(brightness)
                }
            }
        }
    }
}
