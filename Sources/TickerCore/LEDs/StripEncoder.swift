/// How a picture becomes LED data: the strip's wiring and colour order, the LEDs' gamma and the power budget.
public struct StripSettings: Sendable, Equatable {
    /// Which LED is which pixel.
    public var layout: StripLayout
    /// The order of the colour bytes of each LED.
    public var colorOrder: ColorOrder
    /// The exponent of the gamma table; 1 disables it.
    public var gamma: Double
    /// The current the LEDs may draw.
    public var power: PowerBudget

    /// Settings for a strip of `layout`.
    public init(
        layout: StripLayout, colorOrder: ColorOrder = .rgb, gamma: Double = 2.2, power: PowerBudget = PowerBudget()
    ) {
        self.layout = layout
        self.colorOrder = colorOrder
        self.gamma = gamma
        self.power = power
    }
}

/// Turns `RGBFrame`s into whole Adalight or TPM2 frames for one strip, or into the bare LED data a network
/// protocol frames itself, into a buffer reused for every frame: after `init` it allocates nothing.
///
/// Per frame: the duty cycle of every channel is looked up in the gamma table and summed, the power budget
/// gives the largest brightness scale that fits, the 256-entry table of `gamma × scale` is rebuilt (once per
/// level, not per pixel), and every LED's three bytes are written in strip order and colour order.
public struct StripEncoder: Sendable {
    /// The serial protocol of the frames; nil for the bare LED data.
    public let stripProtocol: StripProtocol?
    /// The strip.
    public let settings: StripSettings
    /// The gamma table.
    public let gamma: GammaTable
    /// The estimated current of the last frame encoded, in milliamperes.
    public private(set) var lastMilliamps = 0
    /// The brightness scale (0–255) the last frame was sent at, after the power budget.
    public private(set) var lastScale: UInt8 = 255
    /// Whether the power budget dimmed the last frame below the requested brightness.
    public private(set) var lastLimited = false

    private let pixels: [Int32]
    private var output: [UInt8]
    private var table = [UInt8](repeating: 0, count: 256)
    private let dataStart: Int

    /// An encoder for `settings.layout.count` LEDs (at most `stripProtocol.maxLEDs`; more are cut off), in
    /// `stripProtocol`'s frames, or as the bare LED data when it is nil.
    public init(stripProtocol: StripProtocol?, settings: StripSettings) {
        self.stripProtocol = stripProtocol
        self.settings = settings
        gamma = GammaTable(gamma: settings.gamma)
        let table = settings.layout.pixelTable()
        pixels = Array(table.prefix(stripProtocol?.maxLEDs ?? table.count))
        let header = stripProtocol?.header(leds: pixels.count) ?? []
        dataStart = header.count
        output = header + [UInt8](repeating: 0, count: 3 * pixels.count) + (stripProtocol?.trailer ?? [])
    }

    /// LEDs per frame.
    public var count: Int { pixels.count }

    /// Bytes of every frame.
    public var frameByteCount: Int { output.count }

    /// Encodes `frame` (of the layout's size; pixels outside it are dark) at `brightness` (0–255, lowered
    /// further to fit the power budget) and hands the frame's bytes to `body`.
    public mutating func encode<R>(
        _ frame: RGBFrame, brightness: UInt8, _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        let matching = frame.width == settings.layout.width && frame.height == settings.layout.height
        var dutySum = 0
        let duty = gamma.duty
        if matching {
            frame.bytes.withUnsafeBufferPointer { source in
                duty.withUnsafeBufferPointer { duty in
                    for index in pixels {
                        let base = Int(index) * 3
                        dutySum +=
                            Int(duty[Int(source[base])]) + Int(duty[Int(source[base + 1])])
                            + Int(duty[Int(source[base + 2])])
                    }
                }
            }
        }
        let scale = Int(settings.power.scale(dutySum: dutySum, leds: pixels.count, requested: brightness))
        lastLimited = scale < Int(brightness)
        lastScale = UInt8(scale)
        for level in 0..<256 { table[level] = UInt8(Int(duty[level]) * scale / 255) }
        let (first, second, third) = settings.colorOrder.channels
        var sum = 0
        table.withUnsafeBufferPointer { table in
            output.withUnsafeMutableBufferPointer { out in
                var at = dataStart
                guard matching else {
                    for offset in 0..<(3 * pixels.count) { out[dataStart + offset] = 0 }
                    return
                }
                frame.bytes.withUnsafeBufferPointer { source in
                    for index in pixels {
                        let base = Int(index) * 3
                        let a = table[Int(source[base + first])]
                        let b = table[Int(source[base + second])]
                        let c = table[Int(source[base + third])]
                        out[at] = a
                        out[at + 1] = b
                        out[at + 2] = c
                        sum += Int(a) + Int(b) + Int(c)
                        at += 3
                    }
                }
            }
        }
        lastMilliamps = settings.power.milliamps(dutySum: sum, leds: pixels.count)
        return try output.withUnsafeBytes(body)
    }

    /// A dark frame's bytes.
    public mutating func encodeBlank<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        output.withUnsafeMutableBufferPointer { out in
            for offset in 0..<(3 * pixels.count) { out[dataStart + offset] = 0 }
        }
        lastMilliamps = settings.power.milliamps(dutySum: 0, leds: pixels.count)
        return try output.withUnsafeBytes(body)
    }
}
