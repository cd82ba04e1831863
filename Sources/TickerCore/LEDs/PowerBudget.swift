/// The current an LED matrix may draw, and the estimate WLED's automatic brightness limiter makes of a frame:
/// each LED draws `milliampsPerLED` at full white in proportion to the sum of its three duty cycles
/// (`(r + g + b) / 765`), plus 1 mA when dark. A frame's brightness is scaled so the estimate stays within
/// `maxMilliamps`.
public struct PowerBudget: Sendable, Equatable {
    /// What one LED draws at full white, in milliamperes.
    public var milliampsPerLED: Int
    /// The most the LEDs may draw together, in milliamperes; 0 means no limit.
    public var maxMilliamps: Int

    /// What every LED draws when dark, in milliamperes.
    public static let standbyMilliampsPerLED = 1

    /// A budget; `maxMilliamps` 0 means no limit.
    public init(milliampsPerLED: Int = 55, maxMilliamps: Int = 850) {
        self.milliampsPerLED = max(0, milliampsPerLED)
        self.maxMilliamps = max(0, maxMilliamps)
    }

    /// The estimate for `leds` LEDs whose duty cycles (0–255 per channel) add up to `dutySum`, in
    /// milliamperes (rounded up).
    public func milliamps(dutySum: Int, leds: Int) -> Int {
        (dutySum * milliampsPerLED + 764) / 765 + leds * Self.standbyMilliampsPerLED
    }

    /// The largest scale (0–255, applied to duty cycles as `duty × scale / 255`, rounded down) at most
    /// `requested` that keeps a frame of `leds` LEDs with duty sum `dutySum` within the budget. 0 when even dark
    /// LEDs exceed it.
    public func scale(dutySum: Int, leds: Int, requested: UInt8) -> UInt8 {
        guard maxMilliamps > 0, milliampsPerLED > 0, dutySum > 0 else { return requested }
        let spare = maxMilliamps - leds * Self.standbyMilliampsPerLED
        guard spare > 0 else { return 0 }
        // Duty after scaling is at most dutySum × scale / 255 (each channel is rounded down), and
        // milliamps(d) ≤ budget when ceil(d × mA / 765) ≤ spare, i.e. d × mA ≤ spare × 765.
        let fitting = spare * 765 * 255 / (dutySum * milliampsPerLED)
        return UInt8(min(Int(requested), fitting))
    }
}
