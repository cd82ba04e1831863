/// An LED's duty cycle for each 8-bit level: `round(255 × (level / 255)^gamma)`. LEDs give light in
/// proportion to their duty cycle, so the levels of a picture meant for the eye are bent by `gamma` once,
/// here, for all 256 levels; frames then look each level up.
public struct GammaTable: Sendable, Equatable {
    /// The exponent; 1 leaves levels as they are.
    public let gamma: Double
    /// Duty cycle for each level, 256 entries.
    public let duty: [UInt8]

    /// The table for `gamma` (values that are not finite and above zero count as 1).
    public init(gamma: Double) {
        let exponent = gamma.isFinite && gamma > 0 ? gamma : 1
        self.gamma = exponent
        duty = (0..<256).map { level in
            if exponent == 1 { return UInt8(level) }
            let value = (255 * Self.power(Double(level) / 255, exponent)).rounded()
            return UInt8(max(0, min(255, value)))
        }
    }

    // x^y for 0 ≤ x ≤ 1 without libm's pow (the core imports no C module): exp(y × ln x) by series.
    static func power(_ x: Double, _ y: Double) -> Double {
        guard x > 0 else { return 0 }
        if x >= 1 { return 1 }
        return exp(y * log(x))
    }

    private static func log(_ x: Double) -> Double {
        // ln x = 2 atanh((x − 1) / (x + 1)), after scaling x into [0.5, 1] by powers of two.
        var value = x
        var twos = 0.0
        while value < 0.5 {
            value *= 2
            twos -= 1
        }
        let t = (value - 1) / (value + 1)
        let t2 = t * t
        var term = t
        var sum = 0.0
        var n = 1.0
        while abs(term / n) > 1e-17 {
            sum += term / n
            term *= t2
            n += 2
        }
        return 2 * sum + twos * 0.693_147_180_559_945_3
    }

    private static func exp(_ x: Double) -> Double {
        // x ≤ 0 here; e^x = (e^(x / 2^k))^(2^k) with a short series for the small power.
        var k = 0
        var small = x
        while abs(small) > 0.5 {
            small /= 2
            k += 1
        }
        var sum = 1.0
        var term = 1.0
        for n in 1...20 {
            term *= small / Double(n)
            sum += term
        }
        for _ in 0..<k { sum *= sum }
        return sum
    }
}
