// A chain of MAX7219 8×8 LED modules ("FC-16" boards) showing a PanelCore framebuffer, with grey levels made
// by bit-plane time slicing: the MAX7219 has one global intensity, so bit p of every pixel's level is shown
// for 2^p time slices, and the eye averages the planes.

/// How one module's LEDs sit relative to the panel: rotation in quarter turns clockwise, then a mirror.
struct ModuleOrientation {
    /// Quarter turns clockwise, 0–3.
    var quarterTurns: Int
    /// Mirrors left and right after rotating.
    var mirrored: Bool

    /// The module-local pixel (x, y) that LED `bit` of digit register `row` lights. On an unrotated FC-16,
    /// digit 0 is the top row and bit 7 its leftmost LED.
    func pixel(row: Int, bit: Int) -> (x: Int, y: Int) {
        var x = 7 - bit
        var y = row
        for _ in 0..<(quarterTurns & 3) {
            (x, y) = (7 - y, x)
        }
        if mirrored { x = 7 - x }
        return (x, y)
    }
}

/// The chain's layout: how many modules, which end the data enters, how each module is turned.
struct ChainLayout {
    /// Modules in the chain, left to right on the panel: the panel is `moduleCount × 8` by 8 pixels.
    var moduleCount: Int
    /// True when the module the microcontroller feeds (DIN) is the leftmost; FC-16 boards chain from the
    /// right, so the default is false.
    var firstModuleIsLeftmost: Bool
    /// How every module is turned.
    var orientation: ModuleOrientation
}

/// MAX7219 register addresses.
enum MAX7219Register: UInt16 {
    case decodeMode = 0x09
    case intensity = 0x0A
    case scanLimit = 0x0B
    case shutdown = 0x0C
    case displayTest = 0x0F
}

struct MAX7219Chain {
    let layout: ChainLayout
    let spi: SPI1
    /// Row bytes per plane, chain position and digit: `planes[(plane × moduleCount + module) × 8 + row]`.
    private var planes: [UInt8]
    let planeCount: Int

    init(layout: ChainLayout, spi: SPI1, bitsPerPixel: Int) {
        self.layout = layout
        self.spi = spi
        planeCount = bitsPerPixel
        planes = [UInt8](repeating: 0, count: bitsPerPixel * layout.moduleCount * 8)
        writeAll(.displayTest, 0)
        writeAll(.decodeMode, 0)
        writeAll(.scanLimit, 7)
        writeAll(.intensity, 8)
        writeAll(.shutdown, 1)
    }

    /// Writes the same register in every module, as one latched transfer.
    func writeAll(_ register: MAX7219Register, _ value: UInt8) {
        GPIOA.set(SPI1.loadPin, high: false)
        for _ in 0..<layout.moduleCount {
            spi.send(register.rawValue << 8 | UInt16(value))
        }
        spi.finish()
        GPIOA.set(SPI1.loadPin, high: true)
    }

    /// Maps the global brightness (0–255) onto the MAX7219's 16 intensity steps, 0 meaning shut down.
    func setBrightness(_ level: UInt8) {
        writeAll(.shutdown, level == 0 ? 0 : 1)
        writeAll(.intensity, level >> 4)
    }

    /// Recomputes the bit planes from `framebuffer`; call after every applied message.
    mutating func update(from framebuffer: Framebuffer) {
        let modules = layout.moduleCount
        let orientation = layout.orientation
        for plane in 0..<planeCount {
            for module in 0..<modules {
                // Chain position 0 is the module fed first, which ends up last in the chain.
                let panelModule = layout.firstModuleIsLeftmost ? module : modules - 1 - module
                for row in 0..<8 {
                    var byte: UInt8 = 0
                    for bit in 0..<8 {
                        let (x, y) = orientation.pixel(row: row, bit: bit)
                        let level = framebuffer.level(x: panelModule * 8 + x, y: y)
                        if (level >> UInt8(plane)) & 1 != 0 { byte |= 1 << UInt8(bit) }
                    }
                    planes[(plane * modules + module) * 8 + row] = byte
                }
            }
        }
    }

    /// Shows bit plane `plane`, calling `service` between SPI words so that the serial link is never starved.
    func show(plane: Int, service: () -> Void) {
        let modules = layout.moduleCount
        for row in 0..<8 {
            GPIOA.set(SPI1.loadPin, high: false)
            // The first word shifted travels furthest: send the last chain position first.
            for module in stride(from: modules - 1, through: 0, by: -1) {
                let byte = planes[(plane * modules + module) * 8 + row]
                spi.send(UInt16(row + 1) << 8 | UInt16(byte))
                service()
            }
            spi.finish()
            GPIOA.set(SPI1.loadPin, high: true)
        }
    }
}
