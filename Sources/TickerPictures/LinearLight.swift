import Glibc

/// sRGB's transfer function, both ways: light adds up (and so averages) in linear values, not in the 8-bit
/// codes files store. A black and white checkerboard seen from afar is half the light of white, code 188, not
/// the 128 that averaging the codes gives.
package enum LinearLight {
    /// The linear light (0 to 1) of each 8-bit sRGB code.
    package static let ofCode: [Double] = (0..<256).map { code in
        let value = Double(code) / 255
        return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The nearest 8-bit sRGB code of `light` (0 to 1; beyond is clamped).
    package static func code(of light: Double) -> UInt8 {
        let light = min(max(light, 0), 1)
        let value = light <= 0.003_130_8 ? light * 12.92 : 1.055 * pow(light, 1 / 2.4) - 0.055
        return UInt8(clamping: Int((value * 255).rounded()))
    }
}
