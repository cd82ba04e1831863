import _Volatile

// STM32F401 peripherals the board uses, through their registers (reference manual RM0368). The core runs on
// the 16 MHz internal oscillator, the reset default, so every bus clock is 16 MHz.

/// A 32-bit peripheral register at `base + offset`.
func register(_ base: UInt, _ offset: UInt) -> VolatileMappedRegister<UInt32> {
    VolatileMappedRegister(unsafeBitPattern: base + offset)
}

/// Sets `bits` in `target` without touching the others.
func setBits(_ target: VolatileMappedRegister<UInt32>, _ bits: UInt32) {
    target.store(target.load() | bits)
}

enum RCC {
    static let base: UInt = 0x4002_3800
    /// Turns on the clocks of GPIOA (AHB1), USART2 (APB1) and SPI1 (APB2).
    static func enableClocks() {
        setBits(register(base, 0x30), 1 << 0)
        setBits(register(base, 0x40), 1 << 17)
        setBits(register(base, 0x44), 1 << 12)
    }
}

enum GPIOA {
    static let base: UInt = 0x4002_0000

    /// Puts `pin` in alternate function `function` (fast output speed).
    static func alternate(_ pin: UInt32, function: UInt32) {
        let moder = register(base, 0x00)
        moder.store((moder.load() & ~(0b11 << (pin * 2))) | (0b10 << (pin * 2)))
        setBits(register(base, 0x08), 0b10 << (pin * 2))
        let afr = register(base, pin < 8 ? 0x20 : 0x24)
        let shift = (pin % 8) * 4
        afr.store((afr.load() & ~(0xF << shift)) | (function << shift))
    }

    /// Makes `pin` a push-pull output, initially high.
    static func output(_ pin: UInt32) {
        set(pin, high: true)
        let moder = register(base, 0x00)
        moder.store((moder.load() & ~(0b11 << (pin * 2))) | (0b01 << (pin * 2)))
        setBits(register(base, 0x08), 0b10 << (pin * 2))
    }

    /// Drives `pin` high or low (atomically, through BSRR).
    static func set(_ pin: UInt32, high: Bool) {
        register(base, 0x18).store(high ? 1 << pin : 1 << (pin + 16))
    }
}

/// USART2 on PA2 (TX) and PA3 (RX): the ST-Link's virtual COM port, 8N1.
struct USART2 {
    private let status = register(0x4000_4400, 0x00)
    private let data = register(0x4000_4400, 0x04)

    /// Configures the pins and the USART for `baudRate` at a 16 MHz bus clock.
    init(baudRate: UInt32) {
        GPIOA.alternate(2, function: 7)
        GPIOA.alternate(3, function: 7)
        // Oversampling by 16: BRR holds 16 MHz / baud as a 12.4 fixed-point number, rounded.
        register(0x4000_4400, 0x08).store((16_000_000 + baudRate / 2) / baudRate)
        register(0x4000_4400, 0x0C).store(1 << 13 | 1 << 3 | 1 << 2)
    }

    /// True when a received byte is waiting (RXNE), or an overrun needs clearing.
    var canRead: Bool { status.load() & (1 << 5 | 1 << 3) != 0 }

    /// True when the transmit register is empty (TXE).
    var canWrite: Bool { status.load() & (1 << 7) != 0 }

    /// The byte waiting; reading SR then DR also clears an overrun.
    func read() -> UInt8 { UInt8(truncatingIfNeeded: data.load()) }

    /// Sends `byte`; call only when `canWrite`.
    func write(_ byte: UInt8) { data.store(UInt32(byte)) }
}

/// SPI1 as a 16-bit master on PA5 (SCK) and PA7 (MOSI), with PA4 as the MAX7219 chain's LOAD (chip select).
struct SPI1 {
    private let status = register(0x4001_3000, 0x08)
    private let data = register(0x4001_3000, 0x0C)
    static let loadPin: UInt32 = 4

    /// Configures the pins and SPI1: mode 0, 16-bit frames, 8 MHz (bus clock / 2), software chip select.
    init() {
        GPIOA.alternate(5, function: 5)
        GPIOA.alternate(7, function: 5)
        GPIOA.output(Self.loadPin)
        register(0x4001_3000, 0x00).store(1 << 11 | 1 << 9 | 1 << 8 | 1 << 6 | 1 << 2)
    }

    /// Shifts out one 16-bit word, waiting until the transmit buffer has room.
    func send(_ word: UInt16) {
        while status.load() & (1 << 1) == 0 {}
        data.store(UInt32(word))
    }

    /// Waits until the last word has left the shift register.
    func finish() {
        while status.load() & (1 << 1) == 0 {}
        while status.load() & (1 << 7) != 0 {}
    }
}

/// SysTick as a tick source: counts `ticksPerSecond` ticks a second from the 16 MHz core clock.
struct SysTick {
    private let control = register(0xE000_E010, 0x0)

    init(ticksPerSecond: UInt32) {
        register(0xE000_E010, 0x4).store(16_000_000 / ticksPerSecond - 1)
        register(0xE000_E010, 0x8).store(0)
        control.store(0b101)
    }

    /// True once per tick: reading COUNTFLAG clears it.
    var ticked: Bool { control.load() & (1 << 16) != 0 }
}
