import TickerCore

/// Draws a panel the way it looks: each LED a round dot on a dark board, lit in its colour, a dark dot when off.
///
/// Every LED takes a square cell of `pitch` × `pitch` image pixels with a dot of 0.8 × `pitch` in its middle.
/// The dot's edge is smoothed with a few coverage steps, computed once per board, so that a picture has few
/// distinct colours (a GIF holds 256).
package struct LEDBoard: Sendable {
    /// Image pixels per LED, at least 3.
    package let pitch: Int
    /// The colour between the dots.
    package let board: RGB
    /// The colour of an LED that is off.
    package let unlit: RGB
    /// Per pixel of a cell, row by row: how much of it the dot covers, 0…`Self.coverageSteps`.
    private let coverage: [UInt8]

    /// The number of steps of a dot's smoothed edge (0 is the board, this is the full dot).
    static let coverageSteps = 3

    /// A board of `pitch` image pixels per LED (clamped to 3…64).
    package init(
        pitch: Int = 8, board: RGB = RGB(red: 12, green: 12, blue: 14), unlit: RGB = RGB(red: 34, green: 34, blue: 38)
    ) {
        let pitch = min(64, max(3, pitch))
        self.pitch = pitch
        self.board = board
        self.unlit = unlit
        // 4 × 4 samples per image pixel decide how much of it lies inside the dot.
        let samples = 4
        let radius = 0.4 * Double(pitch)
        let centre = Double(pitch) / 2
        var coverage = [UInt8](repeating: 0, count: pitch * pitch)
        for y in 0..<pitch {
            for x in 0..<pitch {
                var inside = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let dx = Double(x) + (Double(sx) + 0.5) / Double(samples) - centre
                        let dy = Double(y) + (Double(sy) + 0.5) / Double(samples) - centre
                        if dx * dx + dy * dy <= radius * radius { inside += 1 }
                    }
                }
                let fraction = Double(inside) / Double(samples * samples)
                coverage[y * pitch + x] = UInt8((fraction * Double(Self.coverageSteps)).rounded())
            }
        }
        self.coverage = coverage
    }

    /// The size of the picture of a `width` × `height` panel, in image pixels.
    package func imageSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (max(0, width) * pitch, max(0, height) * pitch)
    }

    /// The picture of `panel`.
    package func draw(_ panel: RGBFrame) -> RGBFrame {
        let size = imageSize(width: panel.width, height: panel.height)
        var image = RGBFrame(width: size.width, height: size.height)
        draw(panel, into: &image)
        return image
    }

    /// Draws `panel` into `image`, which must have the size `imageSize` gives; a smaller image gets what fits.
    package func draw(_ panel: RGBFrame, into image: inout RGBFrame) {
        let steps = Self.coverageSteps
        for ledY in 0..<panel.height {
            for ledX in 0..<panel.width {
                let dot = lit(panel[ledX, ledY])
                // The colours of the edge steps, board to dot.
                let shades = (0...steps).map { step in mix(board, dot, step, of: steps) }
                for y in 0..<pitch {
                    for x in 0..<pitch {
                        image[ledX * pitch + x, ledY * pitch + y] = shades[Int(coverage[y * pitch + x])]
                    }
                }
            }
        }
    }

    /// An LED showing `colour`: the dark dot of an LED that is off, brightened towards `colour`.
    private func lit(_ colour: RGB) -> RGB {
        func channel(_ dark: UInt8, _ light: UInt8) -> UInt8 {
            UInt8(Int(dark) + Int(light) * (255 - Int(dark)) / 255)
        }
        return RGB(
            red: channel(unlit.red, colour.red), green: channel(unlit.green, colour.green),
            blue: channel(unlit.blue, colour.blue))
    }

    private func mix(_ from: RGB, _ to: RGB, _ step: Int, of steps: Int) -> RGB {
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Int(a) * (steps - step) + Int(b) * step + steps / 2) / steps)
        }
        return RGB(
            red: channel(from.red, to.red), green: channel(from.green, to.green), blue: channel(from.blue, to.blue))
    }
}
